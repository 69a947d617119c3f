import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cutLine } from '@lug/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs } from '@lug/testing';
import { scanLines } from './scan-lines.js';

const dirs = tempDirs('lug-read-');
afterEach(() => dirs.removeAll());

const MB = 1024 * 1024;

async function scan(content: string | Buffer, request: Partial<Parameters<typeof scanLines>[2]> = {}) {
  const file = path.join(dirs.make(), 'f');
  writeFileSync(file, content);
  return scanLines(file, 'f', { from: 1, count: 100, maxChars: 2000, keepBytes: 30_000, ...request });
}

describe('scanLines across chunk boundaries', () => {
  it('sees a CRLF whose CR ends one chunk and whose LF starts the next', async () => {
    const first = 'a'.repeat(MB - 1);
    const result = await scan(`${first}\r\nnext\r\n`, { maxChars: 5 });
    expect(result.endings).toEqual({ crlf: 2, lf: 0 });
    expect(result.lines).toEqual([cutLine(first, 5), 'next']);
  });
  it('drops the CR of a kept line cut long before it', async () => {
    const result = await scan(`${'b'.repeat(3 * MB)}\r\n`, { maxChars: 3 });
    expect(result.lines).toEqual([`bbb… [line cut: ${3 * MB - 3} more characters]`]);
  });
  it('decodes a character split between chunks', async () => {
    const line = `${'c'.repeat(MB - 1)}é`;
    const result = await scan(`${line}\nz\n`, { maxChars: MB + 10, keepBytes: 4 * MB });
    expect(result.lines).toEqual([line, 'z']);
    expect(result.totalLines).toBe(2);
  });
});

describe('scanLines keeps only what it needs', () => {
  it('counts every line but keeps only the window', async () => {
    const result = await scan(Array.from({ length: 50 }, (_, i) => `l${i + 1}`).join('\n'), { from: 10, count: 3 });
    expect(result.totalLines).toBe(50);
    expect(result.lines).toEqual(['l10', 'l11', 'l12']);
  });
  it('stops keeping lines once they exceed the byte budget, one line past it', async () => {
    const result = await scan(Array.from({ length: 100 }, () => 'x'.repeat(92)).join('\n'), { keepBytes: 1000 });
    expect(result.totalLines).toBe(100);
    expect(result.lines).toHaveLength(11);
  });
  it('marks a cut line exactly as cutLine does', async () => {
    const line = 'ü'.repeat(2100);
    expect((await scan(`${line}\n`)).lines).toEqual([cutLine(line, 2000)]);
    expect((await scan(`${'🎉'.repeat(5000)}\n`)).lines).toEqual([cutLine('🎉'.repeat(5000), 2000)]);
  });
  it('keeps a lone CR at the end of a last line without newline', async () => {
    const result = await scan('a\nb\r');
    expect(result.lines).toEqual(['a', 'b\r']);
    expect(result.endings).toEqual({ crlf: 0, lf: 1 });
  });
  it('shows a line of exactly 2,000 characters whole', async () => {
    expect((await scan(`${'d'.repeat(2000)}\n`)).lines).toEqual(['d'.repeat(2000)]);
  });
});

describe('scanLines on a path that is no longer a regular file', () => {
  // read stats the path first; this is the file becoming a pipe between that stat and the open.
  it('refuses a named pipe at once instead of waiting for a writer', async () => {
    const fifo = path.join(dirs.make(), 'pipe');
    execFileSync('mkfifo', [fifo]);
    const scanning = scanLines(fifo, 'pipe', { from: 1, count: 100, maxChars: 2000, keepBytes: 30_000 }).then(
      () => 'it succeeded',
      (err: Error) => err.message,
    );
    const outcome = await Promise.race([scanning, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000))]);
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)); // lets a reader stuck on it go, if the test failed
    } catch {
      // ENXIO: nobody is waiting to read it.
    }
    expect(outcome).toBe('pipe is not a regular file (it is a device, socket or pipe); only regular files can be read or changed.');
  });
});
