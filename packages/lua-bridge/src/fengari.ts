/**
 * Loading fengari, and the slice of its C-like API this package uses.
 *
 * fengari has no type declarations; the shapes below are the ones we call,
 * typed as the Lua 5.3 C API documents them. It is loaded on first use (not at
 * import) because it is the largest part of lug's start-up. What is loaded is
 * always the bundle the build makes (`dist/fengari.cjs`: one file, its fixes
 * and its configuration baked in), through a loader the caller may give
 * (the CLI runs it from a V8 code cache).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { FENGARI_CONF } from './fengari-config.js';

/** A Lua state or thread (opaque). */
export interface LuaState {
  readonly __brand: 'lua_State';
}
/** Lua strings are byte arrays. */
export type LuaString = Uint8Array;
/** A Lua string made by lua_lugstring, to set or push as it is (opaque). */
export interface LuaStringValue {
  readonly __brand: 'TString';
}
/** A table object, as lua_topointer gives it (opaque). */
export interface LuaTableObject {
  readonly __brand: 'Table';
}
export type JsFunction = (L: LuaState) => number;
export type Continuation = (L: LuaState, status: number, ctx: unknown) => number;

export interface LuaDebug {
  currentline: number;
  short_src: LuaString | null;
  source: LuaString | null;
  what: LuaString | null;
  name: LuaString | null;
  /** With "u": the function's fixed parameters, and whether it takes `...`. */
  nparams: number;
  isvararg: boolean;
}

export interface LuaApi {
  LUA_OK: number;
  LUA_YIELD: number;
  LUA_ERRRUN: number;
  LUA_ERRSYNTAX: number;
  LUA_MULTRET: number;
  LUA_REGISTRYINDEX: number;
  LUA_TNIL: number;
  LUA_TBOOLEAN: number;
  LUA_TLIGHTUSERDATA: number;
  LUA_TNUMBER: number;
  LUA_TSTRING: number;
  LUA_TTABLE: number;
  LUA_TFUNCTION: number;
  LUA_TUSERDATA: number;
  LUA_TTHREAD: number;
  LUA_MASKCOUNT: number;
  lua_Debug: new () => LuaDebug;
  lua_absindex(L: LuaState, idx: number): number;
  lua_atnativeerror(L: LuaState, fn: JsFunction): JsFunction | null;
  lua_call(L: LuaState, nargs: number, nresults: number): void;
  lua_checkstack(L: LuaState, n: number): boolean;
  lua_concat(L: LuaState, n: number): void;
  lua_createtable(L: LuaState, narr: number, nrec: number): void;
  lua_dump(L: LuaState, writer: (L: LuaState, b: Uint8Array, size: number, ud: unknown) => number, ud: unknown, strip: boolean): number;
  lua_error(L: LuaState): never;
  lua_getfield(L: LuaState, idx: number, k: LuaString | string): number;
  lua_getglobal(L: LuaState, name: LuaString | string): number;
  lua_getinfo(L: LuaState, what: LuaString | string, ar: LuaDebug): number;
  lua_getmetatable(L: LuaState, idx: number): number;
  lua_getstack(L: LuaState, level: number, ar: LuaDebug): number;
  lua_gettop(L: LuaState): number;
  lua_insert(L: LuaState, idx: number): void;
  lua_isinteger(L: LuaState, idx: number): boolean;
  lua_isyieldable(L: LuaState): boolean;
  lua_newtable(L: LuaState): void;
  lua_newthread(L: LuaState): LuaState;
  lua_newuserdata(L: LuaState, size: number): Record<string, unknown>;
  lua_next(L: LuaState, idx: number): number;
  lua_pcall(L: LuaState, nargs: number, nresults: number, errfunc: number): number;
  lua_pop(L: LuaState, n: number): void;
  lua_pushboolean(L: LuaState, b: boolean | number): void;
  lua_pushinteger(L: LuaState, n: number): void;
  lua_pushjsclosure(L: LuaState, fn: JsFunction, n: number): void;
  lua_pushjsfunction(L: LuaState, fn: JsFunction): void;
  lua_pushlightuserdata(L: LuaState, p: unknown): void;
  lua_islightuserdata(L: LuaState, idx: number): boolean;
  lua_pushnil(L: LuaState): void;
  lua_pushnumber(L: LuaState, n: number): void;
  lua_pushstring(L: LuaState, s: LuaString): void;
  /** lug's bundle: pushes the one Lua string kept for these bytes (its hash computed once), for bytes never changed (internedStringPush in fengari-patches.ts). */
  lua_pushinternedstring(L: LuaState, s: LuaString): void;
  /** lug's bundle: the one Lua string kept for these bytes (what lua_pushinternedstring pushes), for bytes never changed. */
  lua_internedstring(L: LuaState, s: LuaString): LuaStringValue;
  /** lug's bundle (fengari-lazy-patch.ts): pushes a new table with this metatable and lug slot, and returns it. */
  lua_lugnewtable(L: LuaState, metatable: LuaTableObject, slot: unknown): LuaTableObject;
  /** lug's bundle: a Lua string of these bytes, not copied (nobody may change them afterwards). */
  lua_lugstring(L: LuaState, bytes: LuaString): LuaStringValue;
  /** lug's bundle: pushes a string made by lua_lugstring. */
  lua_pushlugstring(L: LuaState, s: LuaStringValue): void;
  /** lug's bundle: lua_rawset of two strings made by lua_lugstring into a table object, without the stack. */
  lua_lugrawsetstr(L: LuaState, t: LuaTableObject, key: LuaStringValue, value: LuaStringValue): void;
  /** lug's bundle: the key a string made by lua_lugstring has in a table's entries (what a lazy table's `absent` holds). */
  lua_lugtablekey(s: LuaStringValue): string;
  lua_pushthread(L: LuaState): number;
  lua_yield(L: LuaState, nresults: number): number;
  lua_pushvalue(L: LuaState, idx: number): void;
  lua_rawequal(L: LuaState, a: number, b: number): boolean;
  lua_rawget(L: LuaState, idx: number): number;
  lua_rawgeti(L: LuaState, idx: number, n: number): number;
  lua_rawlen(L: LuaState, idx: number): number;
  lua_rawset(L: LuaState, idx: number): void;
  lua_rawseti(L: LuaState, idx: number, n: number): void;
  lua_remove(L: LuaState, idx: number): void;
  lua_resume(L: LuaState, from: LuaState | null, nargs: number): number;
  lua_setfield(L: LuaState, idx: number, k: LuaString | string): void;
  lua_setglobal(L: LuaState, name: LuaString | string): void;
  lua_setmetatable(L: LuaState, idx: number): void;
  lua_settop(L: LuaState, idx: number): void;
  /** A hook for the thread (copied to the threads made from it later); a count hook runs every `count` instructions. */
  lua_sethook(L: LuaState, hook: ((L: LuaState, ar: LuaDebug) => void) | null, mask: number, count: number): void;
  lua_status(L: LuaState): number;
  lua_toboolean(L: LuaState, idx: number): boolean;
  lua_tointeger(L: LuaState, idx: number): number | false;
  lua_tojsstring(L: LuaState, idx: number): string;
  lua_tolstring(L: LuaState, idx: number): LuaString | null;
  lua_tonumber(L: LuaState, idx: number): number | false;
  lua_topointer(L: LuaState, idx: number): unknown;
  lua_tothread(L: LuaState, idx: number): LuaState | null;
  lua_touserdata(L: LuaState, idx: number): any;
  lua_type(L: LuaState, idx: number): number;
  lua_upvalueindex(i: number): number;
  lua_xmove(from: LuaState, to: LuaState, n: number): void;
  lua_yieldk(L: LuaState, nresults: number, ctx: unknown, k: Continuation | null): number;
}

export interface LauxApi {
  luaL_newstate(): LuaState;
  luaL_loadbufferx(L: LuaState, buff: LuaString, size: number | null, name: LuaString | string, mode: LuaString | string | null): number;
  luaL_newmetatable(L: LuaState, name: LuaString | string): number;
  luaL_setmetatable(L: LuaState, name: LuaString | string): void;
  luaL_getmetatable(L: LuaState, name: LuaString | string): number;
  luaL_getmetafield(L: LuaState, obj: number, e: LuaString | string): number;
  luaL_testudata(L: LuaState, idx: number, name: LuaString | string): any;
  luaL_ref(L: LuaState, t: number): number;
  luaL_unref(L: LuaState, t: number, ref: number): void;
  luaL_requiref(L: LuaState, modname: LuaString | string, openf: JsFunction, glb: number): void;
  luaL_tolstring(L: LuaState, idx: number): LuaString;
  luaL_argerror(L: LuaState, arg: number, extramsg: LuaString): number;
  luaL_checkany(L: LuaState, arg: number): void;
  luaL_checktype(L: LuaState, arg: number, t: number): void;
  luaL_traceback(L: LuaState, L1: LuaState, msg: LuaString | null, level: number): void;
  luaL_where(L: LuaState, level: number): void;
}

export interface LualibApi {
  luaopen_base: JsFunction;
  luaopen_package: JsFunction;
  luaopen_coroutine: JsFunction;
  luaopen_table: JsFunction;
  luaopen_os: JsFunction;
  luaopen_string: JsFunction;
  luaopen_math: JsFunction;
  luaopen_utf8: JsFunction;
  luaopen_debug: JsFunction;
}

export interface Fengari {
  lua: LuaApi;
  lauxlib: LauxApi;
  lualib: LualibApi;
  to_luastring(s: string, cache?: boolean): LuaString;
  to_jsstring(s: LuaString, from?: number, to?: number, replacement?: boolean): string;
  /** The configuration fengari read when it loaded (lug's is baked into the bundle: fengari-config.ts). */
  luaconf: { LUA_IDSIZE: number };
  FENGARI_VERSION: string;
}

/**
 * How fengari is loaded: given the file of the patched bundle the build makes
 * (`dist/fengari.cjs`), return its exports. The default requires it; the CLI
 * passes one that runs it from a V8 code cache.
 */
export type FengariLoader = (bundleFile: string) => unknown;

let loaded: Fengari | undefined;

/**
 * The patched bundle (`dist/fengari.cjs`, see fengari-patches.ts), found from
 * `dist/` and, for the tests, from `src/`. Missing (an unbuilt checkout), it
 * is an error: the unpatched package keys strings in tables wrongly and cuts
 * chunk names, so it is never used instead.
 */
export function fengariBundleFile(file = fileURLToPath(new URL('../dist/fengari.cjs', import.meta.url))): string {
  if (!existsSync(file)) {
    throw new Error(
      `@lug/lua-bridge: fengari's patched bundle is missing (${file}); build the package (npx nx run @lug/lua-bridge:build). ` +
        'The unpatched fengari package is not used in its place.',
    );
  }
  return file;
}

const requireBundle: FengariLoader = (file) => createRequire(import.meta.url)(file);

/** `exports` as fengari, when it is the bundle this package built (its configuration baked in); else a clear error. */
export function checkFengari(exports: unknown, file: string): Fengari {
  const f = exports as Partial<Fengari> | null | undefined;
  if (!f || typeof f !== 'object' || !f.lua || !f.lauxlib || !f.lualib || typeof f.to_luastring !== 'function') {
    throw new Error(`the fengari loader returned something that is not fengari (from ${file}): it must return the bundle's exports`);
  }
  if (f.luaconf?.LUA_IDSIZE !== FENGARI_CONF.LUA_IDSIZE) {
    throw new Error(
      `the fengari loader returned a fengari without lug's configuration (LUA_IDSIZE ${f.luaconf?.LUA_IDSIZE}, expected ${FENGARI_CONF.LUA_IDSIZE}): ` +
        `it must run the bundle it is given (${file}), not the fengari package`,
    );
  }
  return f as Fengari;
}

/**
 * Load fengari once per process, through `load` (the first caller's loader
 * wins: every state of a process shares one fengari).
 */
export function loadFengari(load: FengariLoader = requireBundle): Fengari {
  if (loaded) return loaded;
  const file = fengariBundleFile();
  loaded = checkFengari(load(file), file);
  return loaded;
}
