/**
 * lug.tbl: table helpers, as Neovim's vim.tbl_* (same names without the
 * prefix, same argument order): keys, values, map(fn, t), filter(fn, t),
 * contains(t, value), deep_extend(behavior, t1, t2, ...). The functions given
 * to map and filter run as ordinary Lua calls (they cannot wait).
 */
import type { LuaState } from '../fengari.js';
import { jsString } from '../lua-strings.js';
import type { LuaVM } from '../lua-vm.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { STRING, TABLE } from './checks.js';
import { inspectAt } from './inspect.js';
import { functionIndex, tableIndex, valueIndex } from './stack-checks.js';
import { BadArgumentError, is, readArgument, signature } from './validate.js';

const KEYS = signature('lug.tbl.keys', [['t', tableIndex]]);
const VALUES = signature('lug.tbl.values', [['t', tableIndex]]);
const MAP = signature('lug.tbl.map', [['fn', functionIndex], ['t', tableIndex]]);
const FILTER = signature('lug.tbl.filter', [['fn', functionIndex], ['t', tableIndex]]);
const CONTAINS = signature('lug.tbl.contains', [['t', tableIndex], ['value', valueIndex]]);
const BEHAVIOR = is.oneOf('force', 'keep', 'error');
const MAX_DEPTH = 100;

/**
 * Push a list of what `each(keyIdx, valueIdx)` pushes for every pair of the table at `t` (returning false: left out):
 * the items 1..n in order first, then the other keys in pairs order.
 */
function collect(vm: LuaVM, L: LuaState, t: number, each: (k: number, v: number) => boolean): number {
  const { lua } = vm.f;
  lua.lua_checkstack(L, 6);
  lua.lua_newtable(L);
  const out = lua.lua_gettop(L);
  let count = 0;
  const n = lua.lua_rawlen(L, t);
  for (let i = 1; i <= n; i++) {
    lua.lua_pushinteger(L, i);
    lua.lua_rawgeti(L, t, i);
    const top = lua.lua_gettop(L);
    if (each(top - 1, top)) lua.lua_rawseti(L, out, ++count);
    lua.lua_settop(L, out);
  }
  lua.lua_pushnil(L);
  while (lua.lua_next(L, t) !== 0) {
    const top = lua.lua_gettop(L);
    const inList = lua.lua_isinteger(L, top - 1) && (lua.lua_tointeger(L, top - 1) as number) >= 1 && (lua.lua_tointeger(L, top - 1) as number) <= n;
    if (!inList && each(top - 1, top)) lua.lua_rawseti(L, out, ++count);
    lua.lua_settop(L, top - 1);
  }
  return 1;
}

const isList = (vm: LuaVM, L: LuaState, idx: number) => vm.f.lua.lua_rawlen(L, idx) > 0;

function keyName(vm: LuaVM, L: LuaState, idx: number): string {
  const { lua } = vm.f;
  return lua.lua_type(L, idx) === STRING ? jsString(lua.lua_tolstring(L, idx)!) : `[${inspectAt(vm, L, idx)}]`;
}

/** Merge the table at `src` into the table at `dst` (see deep_extend). */
function merge(vm: LuaVM, L: LuaState, dst: number, src: number, behavior: string, where: string, depth: number): void {
  const { lua } = vm.f;
  if (depth > MAX_DEPTH) throw new Error(`tables nested deeper than ${MAX_DEPTH} levels (a cycle?) at ${where}`);
  lua.lua_checkstack(L, 8);
  lua.lua_pushnil(L);
  while (lua.lua_next(L, src) !== 0) {
    const k = lua.lua_gettop(L) - 1;
    const v = k + 1;
    lua.lua_pushvalue(L, k);
    lua.lua_rawget(L, dst);
    const existing = lua.lua_gettop(L);
    const mergeable = lua.lua_type(L, v) === TABLE && !isList(vm, L, v);
    const name = where ? `${where}.${keyName(vm, L, k)}` : keyName(vm, L, k);
    if (mergeable && lua.lua_type(L, existing) === TABLE && !isList(vm, L, existing)) {
      merge(vm, L, existing, v, behavior, name, depth + 1);
    } else if (mergeable && lua.lua_type(L, existing) <= 0) {
      lua.lua_pushvalue(L, k);
      lua.lua_newtable(L);
      merge(vm, L, lua.lua_gettop(L), v, behavior, name, depth + 1);
      lua.lua_rawset(L, dst);
    } else if (lua.lua_type(L, existing) <= 0 || behavior === 'force') {
      lua.lua_pushvalue(L, k);
      lua.lua_pushvalue(L, v);
      lua.lua_rawset(L, dst);
    } else if (behavior === 'error') {
      throw new Error(`the key ${name} is in more than one table (behavior "error"; use "force" to take the last one, "keep" the first)`);
    }
    lua.lua_settop(L, k);
  }
}

export function pushTblApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  const { lua } = vm.f;
  pushFunctions(vm, L, 'lug.tbl', {
    keys: (Ls) => {
      const [t] = KEYS.read(vm, Ls);
      return collect(vm, Ls, t, (k) => (lua.lua_pushvalue(Ls, k), true));
    },
    values: (Ls) => {
      const [t] = VALUES.read(vm, Ls);
      return collect(vm, Ls, t, (_k, v) => (lua.lua_pushvalue(Ls, v), true));
    },
    map: (Ls) => mapTable(vm, Ls),
    filter: (Ls) => {
      const [fn, t] = FILTER.read(vm, Ls);
      return collect(vm, Ls, t, (_k, v) => {
        lua.lua_pushvalue(Ls, fn);
        lua.lua_pushvalue(Ls, v);
        lua.lua_call(Ls, 1, 1);
        const keep = lua.lua_toboolean(Ls, -1);
        lua.lua_pop(Ls, 1);
        if (keep) lua.lua_pushvalue(Ls, v);
        return keep;
      });
    },
    contains: (Ls) => containsValue(vm, Ls),
    deep_extend: (Ls) => deepExtend(vm, Ls),
  });
}

/** lug.tbl.map(fn, t): a table of the same keys, each value fn(value). */
function mapTable(vm: LuaVM, Ls: LuaState): number {
  const { lua } = vm.f;
  const [fn, t] = MAP.read(vm, Ls);
  lua.lua_newtable(Ls);
  const out = lua.lua_gettop(Ls);
  lua.lua_pushnil(Ls);
  while (lua.lua_next(Ls, t) !== 0) {
    const k = lua.lua_gettop(Ls) - 1;
    lua.lua_pushvalue(Ls, k);
    lua.lua_pushvalue(Ls, fn);
    lua.lua_pushvalue(Ls, k + 1);
    lua.lua_call(Ls, 1, 1);
    lua.lua_rawset(Ls, out);
    lua.lua_settop(Ls, k);
  }
  return 1;
}

/** lug.tbl.contains(t, value): whether a value of t is value (raw equality). */
function containsValue(vm: LuaVM, Ls: LuaState): number {
  const { lua } = vm.f;
  const [t, value] = CONTAINS.read(vm, Ls);
  let found = false;
  lua.lua_pushnil(Ls);
  while (!found && lua.lua_next(Ls, t) !== 0) {
    found = lua.lua_rawequal(Ls, -1, value);
    lua.lua_pop(Ls, found ? 2 : 1);
  }
  lua.lua_pushboolean(Ls, found);
  return 1;
}

/** lug.tbl.deep_extend(behavior, t1, t2, ...): the tables merged into a new one (see merge). */
function deepExtend(vm: LuaVM, Ls: LuaState): number {
  const { lua } = vm.f;
  const top = lua.lua_gettop(Ls);
  const behavior = readArgument(vm, Ls, 'lug.tbl.deep_extend', 1, 'behavior', BEHAVIOR);
  if (top < 3) throw new BadArgumentError("bad argument #3 to 'lug.tbl.deep_extend' (table expected: it takes a behavior and at least two tables)");
  for (let i = 2; i <= top; i++) readArgument(vm, Ls, 'lug.tbl.deep_extend', i, `t${i - 1}`, tableIndex);
  lua.lua_newtable(Ls);
  const out = lua.lua_gettop(Ls);
  for (let i = 2; i <= top; i++) merge(vm, Ls, out, i, behavior, '', 0);
  lua.lua_settop(Ls, out);
  return 1;
}
