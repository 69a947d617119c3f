/**
 * When a turn's checkpoint is written: once its first request has gone out
 * (request_start), or at once when a tool is about to run before any request
 * (a Lua before_turn hook that runs a subagent), or when the turn ends without
 * asking the model; never later than the turn's first tool.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostWithApprovals } from '@lug/approvals';
import type { LugHost } from '@lug/core';
import { CheckpointSetup } from './checkpoints.js';
import { makeGitProject } from './e2e/git-project.js';
import { sandbox } from './e2e/run-lug.js';

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

function setup(): { host: LugHost; checkpoints: CheckpointSetup; project: string } {
  const box = sandbox();
  homes.push(box.home);
  makeGitProject(box.project, join(box.home, 'hook-ran'));
  const { host } = createHostWithApprovals({ cwd: box.project, env: { HOME: box.home, XDG_STATE_HOME: box.state, PATH: process.env.PATH } }, { logPath: join(box.home, 'approvals.log') });
  return { host, checkpoints: new CheckpointSetup(host, () => 's1'), project: box.project };
}

const beginTurn = (host: LugHost, turn: number) => host.hooks.run('before_turn', { prompt: `prompt ${turn}`, turn, sessionId: 's1' }, (i) => i);
const toolCallHooks = (host: LugHost) =>
  host.hooks.run('tool_call', { type: 'tool_call', call: { id: 'c1', tool: 'write', args: {}, argsText: '{}' }, cwd: host.cwd }, (i) => i, { failClosed: true });
const endTurn = async (host: LugHost, checkpoints: CheckpointSetup) => {
  host.events.emit('turn_end', { reason: 'done', text: '' });
  await checkpoints.flush();
};

describe('a turn’s checkpoint', () => {
  it('waits for the first request, then holds the tools until it is written', async () => {
    const { host, checkpoints, project } = setup();
    await beginTurn(host, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await checkpoints.list()).toEqual([]);
    host.events.emit('request_start', { step: 1, model: 'anthropic/x' });
    await toolCallHooks(host);
    expect((await checkpoints.list()).map((c) => c.turn)).toEqual([1]);
    writeFileSync(join(project, 'src/config.txt'), 'changed by the turn\n');
    await endTurn(host, checkpoints);
    expect((await checkpoints.list())[0]!.files.map((f) => f.path)).toEqual(['src/config.txt']);
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
