/** lug.checkpoint.list and restore: the arguments checked in Lua, the host's checkpoints asked, their answers as snake_case tables. */
import type { CheckpointInfo, Checkpoints, RestoreOptions } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const run = async (code: string) => (await s!.runtime.run(code)).values;

const ONE: CheckpointInfo = {
  id: '1',
  sessionId: 'sess',
  turn: 2,
  prompt: 'fix it',
  created: '2026-12-01T10:00:00.000Z',
  ended: true,
  files: [{ path: 'a.txt', status: 'modified', added: 3, removed: 1, binary: false }],
  skipped: ['big.bin'],
};

/** The checkpoints the CLI hands the bridge, as a table in memory (the real ones are @lug/checkpoints', tested there and end to end). */
function inMemory(): Checkpoints & { asked: Array<[string, RestoreOptions | undefined]> } {
  const asked: Array<[string, RestoreOptions | undefined]> = [];
  return {
    asked,
    list: async () => [ONE],
    async restore(id, opts) {
      asked.push([id, opts]);
      if (id !== '1') throw new RangeError(`there is no checkpoint "${id}" in this project`);
      return { applied: !opts?.dryRun, files: ['a.txt'], conflicts: [], leftAlone: ['theirs.txt'], ...(opts?.dryRun ? {} : { savedAs: 'refs/lug/saved/1' }) };
    },
    undo: async () => undefined,
    redo: async () => undefined,
  };
}

describe('lug.checkpoint', () => {
  it('lists the checkpoints with their files, in snake_case', async () => {
    s = setup({}, { checkpoints: inMemory() });
    const [list] = await run('return lug.checkpoint.list()');
    expect(list).toEqual([{ id: '1', session_id: 'sess', turn: 2, prompt: 'fix it', created: '2026-12-01T10:00:00.000Z', ended: true, files: [{ path: 'a.txt', status: 'modified', added: 3, removed: 1, binary: false }], skipped: ['big.bin'], shared: {} }]);
  });

  it('restores by id, passing force and dry_run on', async () => {
    const checkpoints = inMemory();
    s = setup({}, { checkpoints });
    const [dry, done] = await run('local d = lug.checkpoint.restore("1", { dry_run = true }) local r = lug.checkpoint.restore("1", { force = true }) return { d.applied, d.files[1], #d.conflicts }, { r.applied, r.files[1], #r.conflicts, r.saved_as, r.left_alone[1] }');
    expect(dry).toEqual([false, 'a.txt', 0]);
    expect(done).toEqual([true, 'a.txt', 0, 'refs/lug/saved/1', 'theirs.txt']);
    expect(checkpoints.asked).toEqual([
      ['1', { force: false, dryRun: true }],
      ['1', { force: true, dryRun: false }],
    ]);
  });

  it('refuses bad arguments in the one message shape', async () => {
    s = setup({}, { checkpoints: inMemory() });
    await expect(run('lug.checkpoint.restore(1)')).rejects.toThrow("bad argument #1 to 'lug.checkpoint.restore' (id: expected string, got number)");
    await expect(run('lug.checkpoint.restore("1", { forse = true })')).rejects.toThrow(`bad argument #2 to 'lug.checkpoint.restore' (opts: unknown field "forse"; the fields are: force, dry_run)`);
  });

  it('passes the checkpoints\' own errors on', async () => {
    s = setup({}, { checkpoints: inMemory() });
    await expect(run('lug.checkpoint.restore("9")')).rejects.toThrow('there is no checkpoint "9" in this project');
  });

  it('is an error that says why in a lug started without checkpoints', async () => {
    s = setup();
    await expect(run('return lug.checkpoint.list()')).rejects.toThrow('this lug keeps no file checkpoints');
  });

  it('sees checkpoint events through lug.on', async () => {
    s = setup({}, { checkpoints: inMemory() });
    await run('_G.seen = {} lug.on("checkpoint", function(e) table.insert(_G.seen, e.action .. " " .. e.checkpoint.turn .. " " .. e.files[1]) end)');
    s.host.events.emit('checkpoint', { action: 'taken', checkpoint: ONE, files: ['a.txt'] });
    expect(await run('return _G.seen')).toEqual([['taken 2 a.txt']]);
  });
});
