/**
 * The `lug` table and its parts take no new fields: `lug.authorize = f` (or a
 * typo such as `lug.tool.regster = f`) is an error that says so, not a value
 * that silently does nothing. Nothing in the `lug` table reaches the
 * approvals object itself, so Lua can add rules and approvers
 * (`lug.tool.rule`, `lug.session.approve`) but not replace or remove the guard.
 * Lua runs with the user's authority (the debug library can remove any
 * metatable); this is the API's contract, not a sandbox.
 */
import type { LuaState } from '../fengari.js';
import { jsString, luaConst } from '../lua-strings.js';
import type { LuaVM } from '../lua-vm.js';

const GUARD_KEYS = new Set(['authorize', 'approvals']);

/** Give the table on top of the stack a metatable refusing new fields; `__metatable` keeps Lua from taking it off. */
export function refuseNewFields(vm: LuaVM, L: LuaState, name: string): void {
  const { lua } = vm.f;
  lua.lua_createtable(L, 0, 2);
  lua.lua_pushjsfunction(
    L,
    vm.fn('', (Ls) => {
      const key = lua.lua_type(Ls, 2) === lua.LUA_TSTRING ? jsString(lua.lua_tolstring(Ls, 2)!) : `[${vm.typeName(Ls, 2)}]`;
      const field = `${name}.${key}`;
      if (GUARD_KEYS.has(key)) {
        throw new Error(`${field} cannot be set: approvals guard every tool call and cannot be replaced or removed from Lua; add to them with lug.tool.rule and lug.session.approve`);
      }
      throw new Error(`${field} cannot be set: ${name} is lug's API and takes no new fields (keep your own values in a local, or a module of your own under lua/)`);
    }),
  );
  lua.lua_setfield(L, -2, luaConst('__newindex'));
  lua.lua_pushstring(L, luaConst(`${name} is lug's API`));
  lua.lua_setfield(L, -2, luaConst('__metatable'));
  lua.lua_setmetatable(L, -2);
}
