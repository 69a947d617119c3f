/**
 * lug.checkpoint: the project's file checkpoints (one per turn) from Lua.
 *
 *   for _, cp in ipairs(lug.checkpoint.list()) do print(cp.id, cp.turn, #cp.files) end
 *   local r = lug.checkpoint.restore("3", { dry_run = true })
 *
 * The CLI hands the bridge a `Checkpoints` (@lug/core's interface; the
 * checkpoints package is not a dependency); `lug.on("checkpoint", fn)` sees
 * each taken and restored.
 */
import type { CheckpointInfo, Checkpoints, RestoreResult } from '@lug/core';
import type { LuaState } from '../fengari.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const LIST = signature('lug.checkpoint.list', []);
const RESTORE = signature('lug.checkpoint.restore', [
  ['id', is.string],
  ['opts', is.fields({ force: is.boolean.optional(), dry_run: is.boolean.optional() }).optional({})],
]);

/** A checkpoint as Lua sees it: snake_case, as lug's other tables. */
function checkpointTable(c: CheckpointInfo) {
  return { id: c.id, session_id: c.sessionId, turn: c.turn, prompt: c.prompt, created: c.created, ended: c.ended, files: c.files.map((f) => ({ ...f })), skipped: [...c.skipped], shared: [...(c.shared ?? [])] };
}

function resultTable(r: RestoreResult) {
  return { applied: r.applied, files: r.files, conflicts: r.conflicts, ...(r.savedAs ? { saved_as: r.savedAs } : {}), left_alone: [...(r.leftAlone ?? [])], unsafe: [...(r.unsafe ?? [])] };
}

export function pushCheckpointApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  const checkpoints = (): Checkpoints => {
    if (!ctx.checkpoints) throw new Error('this lug keeps no file checkpoints (it was started without them)');
    return ctx.checkpoints;
  };
  pushFunctions(vm, L, 'lug.checkpoint', {
    list: vm.asyncFn('lug.checkpoint.list', (Ls) => {
      LIST.read(vm, Ls);
      return checkpoints()
        .list()
        .then((all) => [all.map(checkpointTable)]);
    }),
    restore: vm.asyncFn('lug.checkpoint.restore', (Ls) => {
      const [id, opts] = RESTORE.read(vm, Ls);
      return checkpoints()
        .restore(id, { force: opts.force ?? false, dryRun: opts.dry_run ?? false })
        .then((r) => [resultTable(r)]);
    }),
  });
}
