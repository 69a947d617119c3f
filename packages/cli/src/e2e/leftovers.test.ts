/**
 * The real binary leaves nothing behind: no process a bash call started,
 * also those that left its group or session, whether lug ends normally or by
 * SIGINT, SIGTERM or SIGHUP; and after `kill -9` during a 100 MB edit, the
 * next start removes the temporary file and kills what the dead lug left.
 * Processes are counted as `ps` sees them, by a unique `sleep` argument.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pollUntil, sleepsRunning, sleepTag, startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { LUG_BIN, lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The three escapes of the issue and a redirected background job, as one bash command. */
const escapes = (t: string) => [`setsid sleep ${t} &`, `set -m; sleep ${t} &`, `sh -c 'setsid sh -c "sleep ${t} &" &'`, `sleep ${t} > /dev/null 2>&1 &`].join('\n');

function startLug(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [LUG_BIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, exited, stderr: () => stderr };
}

describe.skipIf(process.platform !== 'linux')('what lug leaves behind', () => {
  it('no process of a bash call, escaped or in the background, once lug -p ends', async () => {
    const box = sandbox();
    const t = sleepTag();
    server = await startScriptedServer([turn(toolCall('bash', { command: escapes(t) })), text('Started them.')]);
    const r = await runLug(['-p', 'start them', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(sleepsRunning(t)).toEqual([]);
  });

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`no process left when lug is sent ${signal} while a command runs`, async () => {
      const box = sandbox();
      const t = sleepTag();
      server = await startScriptedServer([turn(toolCall('bash', { command: `${escapes(t)}\nsleep 60` })), text('never')]);
      const lug = startLug(['-p', 'start them', '--auto'], box.project, lugEnv(server, 'openai', box));
      expect(await pollUntil(() => sleepsRunning(t).length === 4, 20_000)).toBe(true);
      lug.child.kill(signal);
      const end = await lug.exited;
      // SIGINT cancels the turn headless (exit 130); the other two end lug by the signal.
      expect(end).toEqual(signal === 'SIGINT' ? { code: 130, signal: null } : { code: null, signal });
      expect(sleepsRunning(t)).toEqual([]);
    });
  }

  it('says so, at the end, when it cannot keep its note for the clean-up after a kill -9', async () => {
    const box = sandbox();
    mkdirSync(join(box.state, 'lug'), { recursive: true });
    writeFileSync(join(box.state, 'lug', 'running'), 'a file where the directory should be');
    server = await startScriptedServer([turn(toolCall('bash', { command: 'echo hi' })), text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`lug: warning: could not keep a note of what to clean up after a crash in ${join(box.state, 'lug', 'running')}: EEXIST`);
  });

  it('after kill -9 during a 100 MB edit, the next start removes its temporary file and kills what it left running', async () => {
    const box = sandbox();
    const t = sleepTag();
    const big = join(box.project, 'big.txt');
    const out = createWriteStream(big);
    const block = 'const value = "abcdefghijklmnopqrstuvwxyz 0123456789";\n'.repeat(1000);
    for (let i = 0; i < 1900; i++) if (!out.write(i === 950 ? `NEEDLE\n${block}` : block)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    const tempFiles = () => readdirSync(box.project).filter((f) => f.endsWith('.lug-tmp'));

    // The kill must land while the temporary file is there: a fast machine may finish first; try again then.
    let caught = false;
    for (let attempt = 0; attempt < 3 && !caught; attempt++) {
      server = await startScriptedServer([
        turn(toolCall('bash', { command: escapes(t) }, { id: `b${attempt}` })),
        turn(toolCall('edit', { path: 'big.txt', old_string: attempt % 2 ? 'FOUND' : 'NEEDLE', new_string: attempt % 2 ? 'NEEDLE' : 'FOUND' }, { id: `e${attempt}` })),
        text('never'),
      ]);
      const lug = startLug(['-p', 'edit it', '--auto'], box.project, lugEnv(server, 'anthropic', box));
      await pollUntil(() => tempFiles().length > 0 || lug.child.exitCode !== null, 30_000, 1);
      lug.child.kill('SIGKILL');
      await lug.exited;
      caught = tempFiles().length === 1;
      await server.close();
      server = undefined;
    }
    expect(caught).toBe(true);
    expect(sleepsRunning(t).length).toBeGreaterThanOrEqual(4);

    server = await startScriptedServer([text('hello')]);
    const next = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(next.code).toBe(0);
    expect(tempFiles()).toEqual([]);
    expect(await pollUntil(() => sleepsRunning(t).length === 0, 5000)).toBe(true);
    expect(readdirSync(join(box.state, 'lug', 'running'))).toEqual([]);
    // Whole: the old text or, had an attempt's edit landed, the new one; never a part.
    expect([1900 * block.length + 'NEEDLE\n'.length, 1900 * block.length + 'FOUND\n'.length]).toContain(readFileSync(big, 'utf8').length);
  }, 180_000);
});
