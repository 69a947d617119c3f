/**
 * `lug -p` as scripts drive it: a reader of its output that goes before the
 * run ends (`lug -p … | head -1`), and stream-json's last lines saying why a
 * run exits 1 when lug itself ended it. The real binary, the scripted server.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { waitFor } from './acp-client.js';
import { LUG_BIN, lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('lug -p whose reader goes', () => {
  it('goes on to the end of its task, without a stack trace, when stdout is closed under it', async () => {
    const box = sandbox();
    // The call waits for the test: the reader is gone before the next text is written.
    server = await startScriptedServer([
      turn(text('Looking.'), toolCall('bash', { command: 'while [ ! -e go ]; do sleep 0.05; done; echo released' }, { id: 'b1' })),
      text('The rest nobody reads.'),
    ]);
    const child = spawn(process.execPath, [LUG_BIN, '-p', 'look', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await waitFor('the first text', () => (stdout.includes('Looking.') ? true : undefined));
    child.stdout.destroy();
    writeFileSync(join(box.project, 'go'), '');
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at /);
    expect(stderr).toMatch(/• bash .* — done/);
    // The task ran to its end: the call's result went back to the model.
    expect(server.modelRequests()).toHaveLength(2);
  });
});

describe('lug -p --output-format stream-json', () => {
  it('ends with an error and a turn_end saying error when lug stops a hook that sends at every turn end', async () => {
    const box = sandbox('lug.on("turn_end", function() lug.session.send("again") end)');
    server = await startScriptedServer(Array.from({ length: 52 }, () => text('ok')));
    const r = await runLug(['-p', 'go', '--output-format', 'stream-json'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(1);
    const events = r.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reason?: string; message?: string });
    const [error, end] = events.slice(-2);
    expect(error).toEqual({ type: 'error', message: expect.stringContaining('lug.session.send sent more than 50 prompts') });
    expect(end).toEqual({ type: 'turn_end', reason: 'error', text: '' });
  });
});
