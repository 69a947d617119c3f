/**
 * lug.group: a named set of a file's registrations that the file can clear
 * itself, as Neovim's augroup with `clear = true`.
 *
 *   lug.group("fmt", function()           -- clears "fmt", then registers in it
 *     lug.on("tool_result", ...)
 *     lug.cmd.register("fmt", ...)
 *   end)
 *   lug.group("fmt")                      -- clears "fmt": returns how many were removed
 *
 * A group belongs to the file whose code calls lug.group (init.lua, a plugin,
 * a module of theirs, even when that code is called from `:lua`): the file's
 * next run (`:source`, `:reload`) clears its groups too. `fn` runs at once on
 * the caller's coroutine and must not wait (lug.ui.confirm inside it is an
 * error); a callback defined inside it and registering later registers as
 * its file, not in the group.
 */
import type { LuaState } from '../fengari.js';
import type { ApiContext } from './api-context.js';
import { functionIndex } from './stack-checks.js';
import { is, signature } from './validate.js';

const GROUP = signature('lug.group', [
  ['name', is.string],
  ['fn', functionIndex.optional()],
]);

export function groupFunction(ctx: ApiContext): (L: LuaState) => number {
  const { vm, registrations } = ctx;
  const { lua } = vm.f;
  return (L) => {
    const [name, fn] = GROUP.read(vm, L);
    if (!name.trim()) throw new Error('a group needs a name: lug.group("name", fn)');
    const group = ctx.owners.groupOf(name);
    const removed = registrations.undo(group);
    if (fn === undefined) {
      lua.lua_pushinteger(L, removed);
      return 1;
    }
    ctx.owners.inGroup(group, () => {
      lua.lua_pushvalue(L, fn);
      lua.lua_call(L, 0, 0);
    });
    lua.lua_pushinteger(L, removed);
    return 1;
  };
}
