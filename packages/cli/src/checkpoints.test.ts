/**
 * When a turn's checkpoint is written: once its first request has gone out
 * and the model begun to answer (CHECKPOINT_AFTER_RESPONSE_MS after
 * response_start: not at request_start, while the request is still being
 * sent, nor among the answer's first frames), or at once when a tool is about to run
 * before any request (a Lua before_turn hook that runs a subagent), or when
 * the turn ends without asking the model; never later than the turn's first
 * tool. And git is not asked anything before the store is first needed.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostWithApprovals } from '@lug/approvals';
import type { LugHost } from '@lug/core';
import { CHECKPOINT_AFTER_RESPONSE_MS, CheckpointSetup } from './checkpoints.js';
import { makeGitProject } from './e2e/git-project.js';
import { sandbox } from './e2e/run-lug.js';

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

/** A project and a host; `gitLog` names the file where a git on the host's PATH writes each call's arguments. */
function setup(): { host: LugHost; checkpoints: CheckpointSetup; project: string; gitLog: string } {
  const box = sandbox();
  homes.push(box.home);
  makeGitProject(box.project, join(box.home, 'hook-ran'));
  const bin = join(box.home, 'bin');
  const gitLog = join(box.home, 'git-calls.log');
  mkdirSync(bin);
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${gitLog}'\nexec '${realGit}' "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  const { host } = createHostWithApprovals({ cwd: box.project, env: { HOME: box.home, XDG_STATE_HOME: box.state, PATH: `${bin}:${process.env.PATH}` } }, { logPath: join(box.home, 'approvals.log') });
  return { host, checkpoints: new CheckpointSetup(host, () => 's1'), project: box.project, gitLog };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await ok()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const beginTurn = (host: LugHost, turn: number) => host.hooks.run('before_turn', { prompt: `prompt ${turn}`, turn, sessionId: 's1' }, (i) => i);
const toolCallHooks = (host: LugHost) =>
  host.hooks.run('tool_call', { type: 'tool_call', call: { id: 'c1', tool: 'write', args: {}, argsText: '{}' }, cwd: host.cwd }, (i) => i, { failClosed: true });
const endTurn = async (host: LugHost, checkpoints: CheckpointSetup) => {
  host.events.emit('turn_end', { reason: 'done', text: '' });
  await checkpoints.flush();
};

describe('a turn’s checkpoint', () => {
  it('asks git nothing until the store is first needed (no process at start-up)', async () => {
    const { host, checkpoints, gitLog } = setup();
    await beginTurn(host, 1);
    host.events.emit('request_start', { step: 1, model: 'anthropic/x' });
    await sleep(300);
    expect(existsSync(gitLog)).toBe(false);
    host.events.emit('response_start', { step: 1 });
    await until('the checkpoint', async () => (await checkpoints.list()).length === 1);
    expect(readFileSync(gitLog, 'utf8').split('\n')[0]).toBe('--version');
    await endTurn(host, checkpoints);
  });

  it('starts once the model answers, not while the request is being sent, and holds the tools until it is written', async () => {
    const { host, checkpoints, project } = setup();
    await beginTurn(host, 1);
    host.events.emit('request_start', { step: 1, model: 'anthropic/x' });
    await sleep(300);
    expect(await checkpoints.list()).toEqual([]);
    host.events.emit('response_start', { step: 1 });
    await until('the checkpoint', async () => (await checkpoints.list()).length === 1);
    await toolCallHooks(host);
    expect((await checkpoints.list()).map((c) => c.turn)).toEqual([1]);
    writeFileSync(join(project, 'src/config.txt'), 'changed by the turn\n');
    await endTurn(host, checkpoints);
    expect((await checkpoints.list())[0]!.files.map((f) => f.path)).toEqual(['src/config.txt']);
  });

  it('leaves the first moments of the answer to its frames, unless a tool is about to run', async () => {
    const { host, checkpoints, gitLog } = setup();
    await beginTurn(host, 1);
    host.events.emit('request_start', { step: 1, model: 'anthropic/x' });
    host.events.emit('response_start', { step: 1 });
    await new Promise((r) => setImmediate(r));
    await sleep(CHECKPOINT_AFTER_RESPONSE_MS / 4);
    expect(existsSync(gitLog)).toBe(false);
    await toolCallHooks(host); // a tool call starts it at once, and waits for it
    expect((await checkpoints.list()).map((c) => c.turn)).toEqual([1]);
    await endTurn(host, checkpoints);
  });

  it("does not start the next turn's checkpoint from the last turn's answer", async () => {
    const { host, checkpoints } = setup();
    await beginTurn(host, 1);
    host.events.emit('response_start', { step: 1 });
    host.events.emit('turn_end', { reason: 'done', text: '' }); // the end starts turn 1's checkpoint before its timer fires
    await beginTurn(host, 2); // and the next turn begins, its request not out yet
    await sleep(CHECKPOINT_AFTER_RESPONSE_MS + 500);
    await checkpoints.flush();
    expect((await checkpoints.list()).map((c) => c.turn)).toEqual([1]);
    await endTurn(host, checkpoints);
    expect((await checkpoints.list()).map((c) => c.turn).sort()).toEqual([1, 2]);
  });

  it('starts at once for a tool called before any request, instead of waiting for one that cannot come', async () => {
    const { host, checkpoints } = setup();
    await beginTurn(host, 1);
    await toolCallHooks(host);
    expect((await checkpoints.list()).map((c) => c.turn)).toEqual([1]);
    await endTurn(host, checkpoints);
  });

  it('is still written for a turn that ended before asking the model', async () => {
    const { host, checkpoints } = setup();
    await beginTurn(host, 1);
    await endTurn(host, checkpoints);
    expect(await checkpoints.list()).toMatchObject([{ turn: 1, ended: true }]);
  });
});
