/**
 * What the `lug` binary says about its command line and its surroundings, as
 * a user meets them: words that are no flag's, an id given by its beginning,
 * a standard input left open, a working directory deleted under the shell.
 */
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { text } from '@lug/testing';
import { LUG_BIN, lugEnv, runLug, sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

const UNEXPECTED = 'lug: unexpected arguments "fix the tests": give a task with -p "fix the tests", or start lug without it and type it in the interface';

describe('the lug binary, about its command line', () => {
  it('refuses words that are no flag\'s without a terminal, exit 2, asking nothing of a model', async () => {
    const box = sandbox();
    const server = await lugs.server([text('never')]);
    const r = await runLug(['fix', 'the', 'tests'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), stdin: 'some input' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${UNEXPECTED}\n`);
    expect(server.modelRequests()).toHaveLength(0);
  });

  it.skipIf(!hasTmux())('refuses them the same way with a terminal, instead of ignoring them', async () => {
    const box = sandbox();
    const s = lugs.screen();
    s.start([process.execPath, LUG_BIN, 'fix', 'the', 'tests'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state }, width: 200 });
    const shown = await s.waitFor(/unexpected arguments/, 15_000);
    expect(shown.replace(/\s+/g, ' ')).toContain(UNEXPECTED);
  });

  it('resumes a session given by the beginning of its id, as :resume does', async () => {
    const box = sandbox();
    const server = await lugs.server([text('first answer'), text('second answer')]);
    const env = lugEnv(server, 'openai', box);
    const first = await runLug(['-p', 'remember 42', '--output-format', 'json'], { cwd: box.project, env });
    const id: string = JSON.parse(first.stdout).session_id;
    const again = await runLug(['-p', 'what number?', '--resume', id.slice(0, 12), '--output-format', 'json'], { cwd: box.project, env });
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).session_id).toBe(id);
    expect(JSON.stringify(server.modelRequests()[1]!.body.messages)).toContain('remember 42');
  });

  it('says it is waiting when standard input is a pipe left open, and goes on once it closes', async () => {
    const box = sandbox();
    const server = await lugs.server([text('Done.')]);
    const child = spawn(process.execPath, [LUG_BIN, '-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => (stdout += d));
    const deadline = Date.now() + 20_000;
    while (!stderr.includes('waiting for standard input') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(stderr).toBe('lug: waiting for standard input to end (it is an open pipe): close it, or start lug with < /dev/null\n');
    child.stdin.end('the input');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toBe('Done.\n');
    expect(JSON.stringify(server.modelRequests()[0]!.body.messages)).toContain('the input');
  });

  it('says the working directory is gone, without a stack trace, when it was deleted under the shell', () => {
    const box = sandbox();
    const r = spawnSync('sh', ['-c', 'mkdir gone && cd gone && rmdir ../gone && exec "$0" "$1" -p hi', process.execPath, LUG_BIN], {
      cwd: box.project,
      env: { PATH: process.env.PATH, HOME: box.home, XDG_STATE_HOME: box.state },
      encoding: 'utf8',
      input: '',
      timeout: 30_000,
    });
    expect(r.stderr).toBe('lug: the current directory no longer exists (it was deleted or moved): cd into one that does, then start lug again\n');
    expect(r.status).toBe(1);
  });
});
