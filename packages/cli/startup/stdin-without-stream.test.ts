/**
 * `lug -p` reads a standard input that is /dev/null or a file without making
 * `process.stdin` (src/main.ts's stdinWithoutStream), and a pipe as a stream
 * as before: the prompt sent is the same each way.
 */
import { spawn, type StdioOptions } from 'node:child_process';
import { openSync, readFileSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedServer, text } from '@lug/testing';
import { describe, expect, it } from 'vitest';
import { LUG_BIN, lugEnv, sandbox } from '../src/e2e/run-lug.js';

/** The last message's text of the first request, whether the run made `process.stdin`, and its exit code. */
async function runWithStdin(stdin: 'devnull' | 'file' | 'pipe', args: string[]) {
  const box = sandbox();
  const file = join(box.home, 'notes.txt');
  writeFileSync(file, 'line one\nline two ü\n');
  // Written at exit: whether anything read process.stdin (which makes the stream).
  const probe = join(box.home, 'probe.cjs');
  const report = join(box.home, 'made.json');
  writeFileSync(
    probe,
    `let made = false;
const d = Object.getOwnPropertyDescriptor(process, 'stdin');
Object.defineProperty(process, 'stdin', { configurable: true, enumerable: d.enumerable, get() { made = true; return d.get.call(this); } });
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(made)));\n`,
  );
  const server = await startScriptedServer([text('ok')]);
  const fd = stdin === 'file' ? openSync(file, 'r') : undefined;
  try {
    const stdio: StdioOptions = [fd ?? (stdin === 'pipe' ? 'pipe' : 'ignore'), 'ignore', 'pipe'];
    const env = { ...lugEnv(server, 'anthropic', box), NODE_OPTIONS: `--require ${JSON.stringify(probe)}` };
    const child = spawn(process.execPath, [LUG_BIN, ...args], { cwd: box.project, env, stdio });
    if (stdin === 'pipe') child.stdin!.end('line one\nline two ü\n');
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const body = server.modelRequests()[0]?.body as { messages: Array<{ content: Array<{ text?: string }> }> } | undefined;
    return { code, stderr, sent: body?.messages.at(-1)?.content[0]?.text, made: JSON.parse(readFileSync(report, 'utf8')) as boolean };
  } finally {
    if (fd !== undefined) closeSync(fd);
    await server.close();
  }
}

describe('standard input at the start of lug -p', () => {
  it('reads /dev/null and a file without making process.stdin, and a pipe as a stream, sending the same prompt', async () => {
    const withText = 'hi\n\n<stdin>\nline one\nline two ü\n</stdin>';
    expect(await runWithStdin('devnull', ['-p', 'hi'])).toEqual({ code: 0, stderr: '', sent: 'hi', made: false });
    expect(await runWithStdin('file', ['-p', 'hi'])).toEqual({ code: 0, stderr: '', sent: withText, made: false });
    expect(await runWithStdin('pipe', ['-p', 'hi'])).toEqual({ code: 0, stderr: '', sent: withText, made: true });
    // Without -p, standard input is the prompt.
    expect(await runWithStdin('file', [])).toEqual({ code: 0, stderr: '', sent: 'line one\nline two ü\n', made: false });
    expect(await runWithStdin('devnull', [])).toMatchObject({ code: 2, stderr: 'lug: -p needs a prompt (or text on standard input)\n', made: false });
  }, 60_000);
});
