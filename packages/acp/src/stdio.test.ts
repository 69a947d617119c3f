import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { takeStdout } from './stdio.js';

function stream(): NodeJS.WriteStream & { text(): string } {
  const s = new PassThrough() as unknown as NodeJS.WriteStream & { text(): string };
  let text = '';
  s.on('data', (d: Buffer) => (text += d.toString()));
  s.text = () => text;
  return s;
}

describe('standard output, taken for the protocol', () => {
  it('carries what the protocol writes; every other write goes to standard error, until it is given back', async () => {
    const stdout = stream();
    const stderr = stream();
    const taken = takeStdout(stdout, stderr);
    stdout.write('a stray console.log\n');
    const writer = taken.output.getWriter();
    await writer.write(new TextEncoder().encode('{"jsonrpc":"2.0"}\n'));
    writer.releaseLock();
    stdout.write('another stray line\n', () => {});
    taken.release();
    stdout.write('back to normal\n');
    await new Promise((r) => setImmediate(r));
    expect(stdout.text()).toBe('{"jsonrpc":"2.0"}\nback to normal\n');
    expect(stderr.text()).toBe('a stray console.log\nanother stray line\n');
  });
});
