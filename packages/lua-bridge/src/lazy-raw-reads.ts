import type { Fengari, LuaApi, LuaState } from './fengari.js';
import type { LazyTables } from './lazy-tables.js';

/**
 * fengari as one state sees it: its raw reads and traversals (lua_next,
 * lua_rawget, lua_rawgeti, lua_rawlen), which every lug function uses to read
 * a table, fill a lazy table first, so they see it whole. The Lua functions
 * `next`, `rawget` and `rawlen` go through these too (replaceRawReads). A
 * table that is not lazy costs a read of its lug slot.
 */
export function withLazyTables(f: Fengari, tables: LazyTables): Fengari {
  const raw = f.lua;
  const fill = (L: LuaState, idx: number) => {
    if (idx !== raw.LUA_REGISTRYINDEX && raw.lua_type(L, idx) === raw.LUA_TTABLE) tables.fill(L, idx);
  };
  const lua: LuaApi = {
    ...raw,
    lua_next: (L, idx) => {
      if (raw.lua_type(L, -1) === raw.LUA_TNIL) fill(L, idx);
      return raw.lua_next(L, idx);
    },
    lua_rawget: (L, idx) => {
      fill(L, idx);
      return raw.lua_rawget(L, idx);
    },
    lua_rawgeti: (L, idx, n) => {
      fill(L, idx);
      return raw.lua_rawgeti(L, idx, n);
    },
    lua_rawlen: (L, idx) => {
      fill(L, idx);
      return raw.lua_rawlen(L, idx);
    },
  };
  return { ...f, lua };
}
