/**
 * A turn's checkpoint is written while its first request goes out, not
 * before it (its git processes took ~40 ms of every turn's latency), and still
 * before any of the turn's tools runs: with a git whose `status` takes 1.5 s,
 * the model is asked before that status ends, the write the model asks for
 * lands after it, and rewinding the turn brings back the file as it was.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { makeGitProject } from './git-project.js';
import { lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
const homes: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

/** A git that takes 1.5 s over `status`, and logs when each status ended (ms since the epoch). */
function slowGit(dir: string, log: string): string {
  const bin = join(dir, 'slow-git-bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'git'),
    `#!/bin/sh\nfor a in "$@"; do if [ "$a" = status ]; then sleep 1.5; "${REAL_GIT}" "$@"; code=$?; date +%s%3N >> "${log}"; exit $code; fi; done\nexec "${REAL_GIT}" "$@"\n`,
  );
  chmodSync(join(bin, 'git'), 0o755);
  return bin;
}

describe("a turn's checkpoint", () => {
  it('is written while the model is asked, and before any tool of the turn runs', async () => {
    const box = sandbox();
    homes.push(box.home);
    makeGitProject(box.project, join(box.home, 'hook-ran'));
    const file = join(box.project, 'src/config.txt');
    const before = readFileSync(file, 'utf8');
    const log = join(box.home, 'status-ended.log');
    server = await startScriptedServer([
      turn(toolCall('write', { path: 'src/config.txt', content: 'written by the model\n' }, { id: 'w1' })),
      text('Done.'),
    ]);
    const env = { ...lugEnv(server, 'anthropic', box), PATH: `${slowGit(box.home, log)}:${process.env.PATH}` };
    let askedAt: number | undefined;
    const watch = setInterval(() => {
      if (askedAt === undefined && server!.modelRequests().length > 0) askedAt = Date.now();
    }, 2);
    const run = await runLug(['--auto', '-p', 'write it'], { cwd: box.project, env, timeoutMs: 60_000 });
    clearInterval(watch);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('written by the model\n');
    const statusEnded = readFileSync(log, 'utf8').trim().split('\n').map(Number);
    // The turn's first status (its checkpoint before) ended after the model was asked.
    expect(askedAt).toBeDefined();
    expect(askedAt!).toBeLessThan(statusEnded[0]!);
    // And the write came after it: rewinding the turn restores the file as it was before the turn.
    const back = await runLug(['rewind', '1', '--files-only'], { cwd: box.project, env, timeoutMs: 60_000 });
    expect(back.code, back.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
  }, 90_000);
});
