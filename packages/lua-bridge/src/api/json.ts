/**
 * lug.json: JSON from Lua, as Neovim's vim.json. `encode(value, opts?)` and
 * `decode(text)`. Lua tables have one shape for lists and records, so:
 * a table with keys 1..n is an array, one with string keys an object, and an
 * empty table `{}` an object unless marked with `lug.json.array(t)` (decode
 * marks every array it makes, so `[]` round-trips). JSON null is
 * `lug.json.null` both ways (nil cannot be kept in a table). A value JSON
 * cannot hold (a function, a cycle, a list with holes, NaN) is an error naming
 * where it is (`value.items[2]`); a bad text is an error naming its line and
 * column.
 */
import type { LuaState } from '../fengari.js';
import { jsString, luaConst, luaKey, luaString } from '../lua-strings.js';
import { LightUserdata } from '../lua-values.js';
import type { LuaVM } from '../lua-vm.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { BOOLEAN, NUMBER, STRING, TABLE, fieldSegment, numberAt } from './checks.js';
import { decodeJson, JSON_NULL, JsonSyntaxError, type JsonValue } from './json-decode.js';
import { tableIndex, valueIndex } from './stack-checks.js';
import { is, signature } from './validate.js';

/** lug.json.null: the one Lua value for JSON null. */
const LUA_JSON_NULL = Object.freeze(new LightUserdata());
const ARRAY_META = luaConst('lug.json.array');
const MAX_DEPTH = 200;

const ENCODE = signature('lug.json.encode', [
  ['value', valueIndex],
  ['opts', is.fields({ indent: is.integer.that((n) => n >= 0 && n <= 10, 'an integer from 0 to 10').optional() }).optional({})],
]);
const DECODE = signature('lug.json.decode', [['text', is.string]]);
const ARRAY = signature('lug.json.array', [['t', tableIndex.optional()]]);

class NotJson extends Error {}

function isMarkedArray(vm: LuaVM, L: LuaState, idx: number): boolean {
  const { lua, lauxlib } = vm.f;
  if (!lua.lua_getmetatable(L, idx)) return false;
  lauxlib.luaL_getmetatable(L, ARRAY_META);
  const same = lua.lua_rawequal(L, -1, -2);
  lua.lua_pop(L, 2);
  return same;
}

/** The Lua value at `idx` as JSON-ready JavaScript, or a NotJson naming where it fails. */
function toJson(vm: LuaVM, L: LuaState, idx: number, where: string, path: unknown[]): unknown {
  const { lua } = vm.f;
  const type = lua.lua_type(L, idx);
  if (type <= 0) return null;
  if (type === BOOLEAN) return lua.lua_toboolean(L, idx);
  if (type === STRING) return jsString(lua.lua_tolstring(L, idx)!);
  if (type === NUMBER) {
    const n = numberAt(vm, L, idx);
    if (!Number.isFinite(n)) throw new NotJson(`${where} is ${n}, which JSON cannot hold`);
    return n;
  }
  if (lua.lua_islightuserdata(L, idx) && lua.lua_touserdata(L, idx) === LUA_JSON_NULL) return null;
  if (type !== TABLE) throw new NotJson(`${where} is a ${vm.typeName(L, idx)}, which JSON cannot hold (only tables, strings, numbers, booleans and lug.json.null)`);
  const identity = lua.lua_topointer(L, idx);
  if (path.includes(identity)) throw new NotJson(`${where} is a table that contains itself (a cycle), which JSON cannot hold`);
  if (path.length >= MAX_DEPTH) throw new NotJson(`${where} is nested deeper than ${MAX_DEPTH} levels`);
  path.push(identity);
  lua.lua_checkstack(L, 4);
  const stringKeys: string[] = [];
  const intKeys: number[] = [];
  lua.lua_pushnil(L);
  while (lua.lua_next(L, idx) !== 0) {
    const kt = lua.lua_type(L, -2);
    if (kt === STRING) stringKeys.push(jsString(lua.lua_tolstring(L, -2)!));
    else if (kt === NUMBER && lua.lua_isinteger(L, -2)) intKeys.push(lua.lua_tointeger(L, -2) as number);
    else {
      const key = kt === NUMBER ? String(lua.lua_tonumber(L, -2)) : vm.typeName(L, -2);
      lua.lua_pop(L, 2);
      throw new NotJson(`${where} has the key ${key}, which JSON cannot hold (keys are strings, or 1..n for an array)`);
    }
    lua.lua_pop(L, 1);
  }
  let result: unknown;
  if (stringKeys.length > 0 && intKeys.length > 0) {
    throw new NotJson(`${where} has both list items (1..n) and named fields, which JSON cannot hold in one value; put the list in a field of its own`);
  } else if (intKeys.length > 0 || (stringKeys.length === 0 && isMarkedArray(vm, L, idx))) {
    intKeys.sort((a, b) => a - b);
    const hole = intKeys.findIndex((k, i) => k !== i + 1);
    if (hole >= 0) throw new NotJson(`${where} is a list with a hole or a key that is not 1..n (at [${intKeys[hole]}]), which JSON cannot hold; use lug.json.null for a missing item`);
    const array = new Array<unknown>(intKeys.length);
    for (let i = 0; i < intKeys.length; i++) {
      lua.lua_rawgeti(L, idx, i + 1);
      array[i] = toJson(vm, L, lua.lua_gettop(L), `${where}[${i + 1}]`, path);
      lua.lua_pop(L, 1);
    }
    result = array;
  } else {
    const object: Record<string, unknown> = {};
    for (const key of stringKeys.sort()) {
      lua.lua_pushstring(L, luaKey(key));
      lua.lua_rawget(L, idx);
      const value = toJson(vm, L, lua.lua_gettop(L), where + fieldSegment(key), path);
      lua.lua_pop(L, 1);
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    }
    result = object;
  }
  path.pop();
  return result;
}

function pushMarkedArray(vm: LuaVM, L: LuaState, n: number): void {
  const { lua, lauxlib } = vm.f;
  lua.lua_createtable(L, n, 0);
  lauxlib.luaL_getmetatable(L, ARRAY_META);
  lua.lua_setmetatable(L, -2);
}

function pushDecoded(vm: LuaVM, L: LuaState, value: JsonValue): void {
  const { lua } = vm.f;
  if (value === JSON_NULL) return lua.lua_pushlightuserdata(L, LUA_JSON_NULL);
  if (typeof value !== 'object') return vm.pushJs(L, value);
  lua.lua_checkstack(L, 4);
  if (Array.isArray(value)) {
    pushMarkedArray(vm, L, value.length);
    for (let i = 0; i < value.length; i++) {
      pushDecoded(vm, L, value[i]!);
      lua.lua_rawseti(L, -2, i + 1);
    }
    return;
  }
  const entries = Object.entries(value);
  lua.lua_createtable(L, 0, entries.length);
  for (const [k, v] of entries) {
    lua.lua_pushstring(L, luaKey(k));
    pushDecoded(vm, L, v);
    lua.lua_rawset(L, -3);
  }
}

export function pushJsonApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  const { lua, lauxlib } = vm.f;
  lauxlib.luaL_newmetatable(L, ARRAY_META);
  lua.lua_pop(L, 1);
  pushFunctions(vm, L, 'lug.json', {
    encode: (Ls) => {
      const [idx, opts] = ENCODE.read(vm, Ls);
      let data: unknown;
      try {
        data = toJson(vm, Ls, idx, 'value', []);
      } catch (err) {
        if (err instanceof NotJson) throw new Error(err.message);
        throw err;
      }
      lua.lua_pushstring(Ls, luaString(JSON.stringify(data, null, opts.indent || undefined)));
      return 1;
    },
    decode: (Ls) => {
      const [text] = DECODE.read(vm, Ls);
      let value: JsonValue;
      try {
        value = decodeJson(text);
      } catch (err) {
        if (err instanceof JsonSyntaxError) throw new Error(err.message);
        throw err;
      }
      pushDecoded(vm, Ls, value);
      return 1;
    },
    array: (Ls) => {
      const [idx] = ARRAY.read(vm, Ls);
      if (idx === undefined) pushMarkedArray(vm, Ls, 0);
      else {
        lua.lua_pushvalue(Ls, idx);
        lauxlib.luaL_getmetatable(Ls, ARRAY_META);
        lua.lua_setmetatable(Ls, -2);
      }
      return 1;
    },
  });
  lua.lua_pushlightuserdata(L, LUA_JSON_NULL);
  lua.lua_setfield(L, -2, luaConst('null'));
}
