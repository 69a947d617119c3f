/** Publish a table as a global that `require` also returns. */
import type { LuaApi, LuaState } from './fengari.js';
import { luaConst } from './lua-strings.js';

/** Pops the table on top of the stack: it becomes the global `name` and `package.loaded[name]`, so `require(name)` returns the same table. */
export function setGlobalModule(lua: LuaApi, L: LuaState, name: string): void {
  lua.lua_getglobal(L, luaConst('package'));
  lua.lua_getfield(L, -1, luaConst('loaded'));
  lua.lua_pushvalue(L, -3);
  lua.lua_setfield(L, -2, luaConst(name));
  lua.lua_pop(L, 2);
  lua.lua_setglobal(L, luaConst(name));
}
