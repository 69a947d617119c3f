/**
 * Terminal output is safe everywhere: `lug -p` on a real pty (util-linux
 * `script`) writes the model's text and the tool lines with every escape
 * sequence shown as text. What reaches the terminal is read raw, byte for
 * byte: not one ESC, BEL or C1 control arrives from the model or a file name.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { LUG_BIN, lugEnv, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const hasScript = spawnSync('script', ['--version']).status === 0;

/**
 * Run lug under `script`, stdout and stderr both the pty; resolves to the bytes the terminal got and lug's
 * exit code. Asynchronous: the scripted server answers from this process.
 */
function onPty(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ bytes: Buffer; code: number | null }> {
  const log = join(cwd, '..', 'pty.log');
  const command = [process.execPath, LUG_BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-q', '-e', '-c', command, log], { cwd, env: { ...env, TERM: 'xterm-256color' }, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ bytes: readFileSync(log), code });
    });
  });
}

const HOSTILE = 'A\x1b]52;c;cHduZWQ=\x07B\x1b[2JC\x1b]0;owned\x07D\u009b2JE\u202eF\rG\n';

describe.skipIf(!hasScript)('lug -p on a terminal', () => {
  it('shows escape sequences in the model\'s text and in a file name as text, on stdout and stderr', async () => {
    const box = sandbox('');
    server = await startScriptedServer([turn(text(HOSTILE), toolCall('read', { path: 'inno\x1b[2Jcent.txt' }, { id: 'r1' })), text('done')]);
    const { bytes, code } = await onPty(['-p', 'go'], box.project, lugEnv(server, 'anthropic', box));
    expect(code).toBe(0);
    // script's own header and footer lines carry no escapes either; only the pty's CRLF line ends.
    expect(bytes.includes(0x1b)).toBe(false);
    expect(bytes.includes(0x07)).toBe(false);
    expect(bytes.includes(Buffer.from('\u009b'))).toBe(false);
    expect(bytes.includes(Buffer.from('\u202e'))).toBe(false);
    const shown = bytes.toString('utf8');
    expect(shown).toContain('A\\x1b]52;c;cHduZWQ=\\x07B\\x1b[2JC\\x1b]0;owned\\x07D\\x9b2JE\\u202eF\\rG');
    expect(shown).toMatch(/• read inno\\x1b\[2Jcent\.txt — failed/);
  });

  it('keeps --output-format json valid JSON on a terminal, with the controls as \\u escapes', async () => {
    const box = sandbox('');
    server = await startScriptedServer([text(HOSTILE)]);
    const { bytes, code } = await onPty(['-p', 'go', '--output-format', 'json'], box.project, lugEnv(server, 'anthropic', box));
    expect(code).toBe(0);
    expect(bytes.includes(0x1b)).toBe(false);
    expect(bytes.includes(Buffer.from('\u009b'))).toBe(false);
    const line = bytes.toString('utf8').split(/\r?\n/).find((l) => l.startsWith('{'))!;
    expect(JSON.parse(line).text).toBe(HOSTILE);
  });
});
