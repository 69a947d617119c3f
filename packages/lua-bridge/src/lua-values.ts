/**
 * Values across the border. Lua → JavaScript: nil → undefined, integers and
 * floats → number, strings → UTF-8-decoded string, a table whose keys are
 * exactly 1..n (n > 0) → array, any other table → object (numeric keys become
 * strings; an empty table is an empty object), functions → a LuaFunctionRef
 * where the API asks for one. JavaScript → Lua: the reverse; numbers that are
 * 32-bit integers become Lua integers (fengari's integers are 32 bits), other
 * numbers floats; Uint8Array → a string of those exact bytes.
 *
 * This module imports nothing of the state or of the coroutine driver: it
 * names what it needs from them (ValueState, FunctionOwner), and the state
 * (lua-state.ts) and the driver (lua-vm.ts) provide it.
 */
import type { Fengari, LuaState } from './fengari.js';
import { LazyTable } from './lazy-tables.js';
import { jsString, luaKey, luaString } from './lua-strings.js';

/** What to do with a Lua function met while converting. */
export type FunctionMode = 'ref' | 'omit' | 'error';

export interface ToJsOptions {
  functions?: FunctionMode;
}

/** What a call into Lua carries: the turn's signal, so waits and processes end on cancel. */
export interface CallContext {
  signal?: AbortSignal;
}

/** Who runs and releases a LuaFunctionRef (the coroutine driver, lua-vm.ts). */
export interface FunctionOwner {
  call(fn: LuaFunctionRef, args?: unknown[], ctx?: CallContext): unknown[] | Promise<unknown[]>;
  unref(ref: number): void;
}

/** What converting needs from the state. */
export interface ValueState {
  readonly f: Fengari;
  typeName(L: LuaState, idx: number): string;
  /** Pop the value on top of the stack into the registry. */
  refTop(L: LuaState): LuaFunctionRef;
  /** The Lua function behind a JavaScript function made from one, so it goes back as the original. */
  luaFunctionOf(fn: object): LuaFunctionRef | undefined;
  /** Push a JavaScript function as a Lua function (one that returns a promise makes Lua wait). */
  pushCallable(L: LuaState, fn: (...args: unknown[]) => unknown): void;
  /** Push a table that converts its fields when they are read (lazy-tables.ts). */
  pushLazy(L: LuaState, value: LazyTable): void;
}

/** A JavaScript object Lua holds as an opaque light userdata, equal only to itself. */
export class LightUserdata {}

const MAX_DEPTH = 100;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** A Lua function kept alive in the registry so JavaScript can call it later. */
export class LuaFunctionRef {
  constructor(
    readonly owner: FunctionOwner,
    readonly ref: number,
  ) {}

  /** Run it on its own coroutine; synchronous when it never waits. */
  call(args: unknown[] = [], ctx?: CallContext): unknown[] | Promise<unknown[]> {
    return this.owner.call(this, args, ctx);
  }

  release(): void {
    this.owner.unref(this.ref);
  }

  /** Functions are not data: JSON leaves them out. */
  toJSON(): undefined {
    return undefined;
  }

  /** What an error that shows the value says of it ("… must be true or false, got a function"). */
  toString(): string {
    return 'a function';
  }
}

export class ConversionError extends Error {
  override name = 'ConversionError';
}

export function toJs(vm: ValueState, L: LuaState, idx: number, opts: ToJsOptions = {}, path: unknown[] = []): unknown {
  const { lua } = vm.f;
  switch (lua.lua_type(L, idx)) {
    case lua.LUA_TNIL:
    case -1:
      return undefined;
    case lua.LUA_TBOOLEAN:
      return lua.lua_toboolean(L, idx);
    case lua.LUA_TNUMBER:
      return lua.lua_isinteger(L, idx) ? (lua.lua_tointeger(L, idx) as number) : (lua.lua_tonumber(L, idx) as number);
    case lua.LUA_TSTRING:
      return jsString(lua.lua_tolstring(L, idx)!);
    case lua.LUA_TTABLE:
      return tableToJs(vm, L, lua.lua_absindex(L, idx), opts, path);
    case lua.LUA_TFUNCTION: {
      const mode = opts.functions ?? 'omit';
      if (mode === 'omit') return undefined;
      if (mode === 'error') throw new ConversionError('a function cannot be turned into data here');
      lua.lua_pushvalue(L, idx);
      return vm.refTop(L);
    }
    default:
      if ((opts.functions ?? 'omit') === 'omit') return undefined;
      throw new ConversionError(`a ${vm.typeName(L, idx)} value cannot be turned into data`);
  }
}

function tableToJs(vm: ValueState, L: LuaState, idx: number, opts: ToJsOptions, path: unknown[]): unknown {
  const { lua } = vm.f;
  const identity = lua.lua_topointer(L, idx);
  if (path.includes(identity)) throw new ConversionError('the table refers to itself (a cycle), so it cannot be turned into data');
  if (path.length >= MAX_DEPTH) throw new ConversionError(`tables nested deeper than ${MAX_DEPTH} levels cannot be turned into data`);
  path.push(identity);
  const n = lua.lua_rawlen(L, idx);
  const keys: string[] = [];
  const values: unknown[] = [];
  let sequence = n > 0;
  let count = 0;
  lua.lua_pushnil(L);
  while (lua.lua_next(L, idx) !== 0) {
    const keyType = lua.lua_type(L, -2);
    let key: string;
    if (keyType === lua.LUA_TSTRING) {
      key = jsString(lua.lua_tolstring(L, -2)!);
      sequence = false;
    } else if (keyType === lua.LUA_TNUMBER) {
      const k = lua.lua_isinteger(L, -2) ? (lua.lua_tointeger(L, -2) as number) : (lua.lua_tonumber(L, -2) as number);
      if (!(Number.isInteger(k) && k >= 1 && k <= n)) sequence = false;
      key = String(k);
    } else if (keyType === lua.LUA_TBOOLEAN) {
      key = String(lua.lua_toboolean(L, -2));
      sequence = false;
    } else {
      const type = vm.typeName(L, -2);
      lua.lua_pop(L, 2);
      path.pop();
      throw new ConversionError(`a table key of type ${type} cannot be turned into data`);
    }
    const value = toJs(vm, L, -1, opts, path);
    lua.lua_pop(L, 1);
    count++;
    keys.push(key);
    values.push(value);
  }
  path.pop();
  if (sequence && count === n) {
    const array = new Array<unknown>(n);
    for (let i = 0; i < keys.length; i++) array[Number(keys[i]) - 1] = values[i];
    return array;
  }
  const object: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) if (values[i] !== undefined) object[keys[i]!] = values[i];
  return object;
}

export function pushJs(vm: ValueState, L: LuaState, value: unknown, seen: unknown[] = []): void {
  const { lua } = vm.f;
  switch (typeof value) {
    case 'undefined':
      lua.lua_pushnil(L);
      return;
    case 'boolean':
      lua.lua_pushboolean(L, value);
      return;
    case 'number':
      if (Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX) lua.lua_pushinteger(L, value);
      else lua.lua_pushnumber(L, value);
      return;
    case 'bigint':
      lua.lua_pushnumber(L, Number(value));
      return;
    case 'string':
      lua.lua_pushstring(L, luaString(value));
      return;
    case 'function': {
      const original = vm.luaFunctionOf(value);
      if (original) lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, original.ref);
      else vm.pushCallable(L, value as (...args: unknown[]) => unknown);
      return;
    }
    case 'object':
      break;
    default:
      throw new ConversionError(`a JavaScript ${typeof value} cannot be given to Lua`);
  }
  if (value === null) return lua.lua_pushnil(L);
  if (value instanceof LazyTable) return vm.pushLazy(L, value);
  if (value instanceof LightUserdata) return lua.lua_pushlightuserdata(L, value);
  if (value instanceof LuaFunctionRef) {
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, value.ref);
    return;
  }
  if (value instanceof Uint8Array) return lua.lua_pushstring(L, value);
  if (value instanceof Date) return lua.lua_pushstring(L, luaString(value.toISOString()));
  if (seen.includes(value)) throw new ConversionError('the object refers to itself (a cycle), so it cannot be given to Lua');
  if (seen.length >= MAX_DEPTH) throw new ConversionError(`objects nested deeper than ${MAX_DEPTH} levels cannot be given to Lua`);
  lua.lua_checkstack(L, 4);
  seen.push(value);
  if (Array.isArray(value)) {
    lua.lua_createtable(L, value.length, 0);
    for (let i = 0; i < value.length; i++) {
      pushJs(vm, L, value[i], seen);
      lua.lua_rawseti(L, -2, i + 1);
    }
  } else {
    const entries = Object.entries(value as Record<string, unknown>);
    lua.lua_createtable(L, 0, entries.length);
    for (const [k, v] of entries) {
      if (v === undefined) continue;
      lua.lua_pushstring(L, luaKey(k));
      pushJs(vm, L, v, seen);
      lua.lua_rawset(L, -3);
    }
  }
  seen.pop();
}

