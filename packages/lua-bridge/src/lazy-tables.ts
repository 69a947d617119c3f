/**
 * JavaScript objects handed to Lua as tables that fill in as they are read:
 * the `args` and `call` of Lua rules (api/rule-arguments.ts).
 *
 * Converting a call's arguments whole into Lua tables, and copying them for
 * each rule so no rule sees another's changes, was most of a Lua rule's cost
 * (UTF-8 encoding, fengari's strings and table slots: bench/rules.bench.mjs),
 * while a rule reads one or two fields. A lazy table is an empty table whose
 * metatable converts a field when the rule first reads it and keeps it in the
 * table (a plain field from then on). Each push makes a new table, so every
 * rule has its own: what a rule writes, or removes, stays in its table. The
 * conversions behind them are shared: a string is UTF-8 encoded once per
 * call, whatever the number of rules that read it (LazySource).
 *
 * To Lua code it is a table like any other: reading a field, `pairs`,
 * `ipairs`, `#`, `next`, `rawget`, `rawlen`, and every lug function (they read
 * tables through this state's fengari, withLazyTables) see the whole object;
 * a field removed by the rule stays removed. Only `getmetatable` tells.
 */
import type { Fengari, JsFunction, LuaApi, LuaState, LuaStringValue, LuaTableObject } from './fengari.js';
import { jsKey, luaKey, luaString } from './lua-strings.js';

/** What the state gives lazy tables: converting the other values, and raising an error in Lua. */
export interface LazyHost {
  readonly f: Fengari;
  readonly L: LuaState;
  pushJs(L: LuaState, value: unknown): void;
  fn(name: string, impl: (L: LuaState) => number): JsFunction;
}

/**
 * A plain JavaScript object or array, pushed to Lua as a lazy table. `reads`,
 * when given, is where the table notes each field read for the first time,
 * and the next table pushed with the same set gets those fields already in
 * place (see prefill): a rule reads the same fields call after call.
 */
export class LazyTable {
  constructor(
    readonly source: LazySource,
    readonly reads?: Set<string | number>,
  ) {}
}

/**
 * The longest string put in place before it is read. A longer one stays lazy:
 * its conversion (UTF-8, once a call) costs more than the crossing saved, and
 * a rule that reads it only sometimes should not pay for it every call.
 */
const PREFILL_MAX_LENGTH = 256;

const isPlain = (value: unknown): value is object => {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** One JavaScript object and the conversions of its fields, shared by every lazy table made from it. */
export class LazySource {
  /** The Lua strings of its string fields, made when first set or read, then set and pushed as they are for every rule. */
  private strings: Map<string | number, LuaStringValue> | undefined;
  private children: Map<string | number, LazySource> | undefined;
  readonly isArray: boolean;

  constructor(readonly value: object) {
    this.isArray = Array.isArray(value);
  }

  /** The field a Lua key names: an own property for an object (string keys), an element for an array (1…n); else undefined. */
  get(key: string | number): unknown {
    if (this.isArray) return typeof key === 'number' ? (this.value as unknown[])[key - 1] : undefined;
    return typeof key === 'string' && Object.hasOwn(this.value, key) ? (this.value as Record<string, unknown>)[key] : undefined;
  }

  /** The keys with a value, as Lua keys. */
  keys(): Array<string | number> {
    if (this.isArray) {
      const list = this.value as unknown[];
      const out: number[] = [];
      for (let i = 0; i < list.length; i++) if (list[i] !== undefined) out.push(i + 1);
      return out;
    }
    const out: string[] = [];
    for (const k of Object.keys(this.value)) if ((this.value as Record<string, unknown>)[k] !== undefined) out.push(k);
    return out;
  }

  /** The Lua string of the field `key`, whose text is `text`: encoded once, whatever the number of tables it is set in or pushed from. */
  luaValue(lua: LuaApi, L: LuaState, key: string | number, text: string): LuaStringValue {
    let value = this.strings?.get(key);
    if (!value) (this.strings ??= new Map()).set(key, (value = lua.lua_lugstring(L, luaString(text))));
    return value;
  }

  child(key: string | number, value: object): LazySource {
    let child = this.children?.get(key);
    if (!child || child.value !== value) (this.children ??= new Map()).set(key, (child = new LazySource(value)));
    return child;
  }
}

/** What one lazy table knows: its source, the keys it has taken from it (read, written or removed), and whether it holds all of them. */
interface LazyState {
  source: LazySource;
  taken: Set<string | number> | undefined;
  /** The keys prefill put in place: taken too. Shared by the tables whose prefill placed the same keys (a Prefilled), never changed. */
  placed: ReadonlySet<string | number> | undefined;
  whole: boolean;
  /** Where first reads are noted (LazyTable.reads). */
  reads: Set<string | number> | undefined;
  /**
   * The table keys (lua_lugtablekey) of fields read before that its source
   * lacks: fengari answers nil for them without calling __index
   * (fengari-lazy-patch.ts), as long as the table has `metatable`. Shared as `placed` is.
   */
  absent: ReadonlySet<string> | undefined;
  /** The metatable the table was made with (a rule may set another). */
  metatable: LuaTableObject;
}

/** What prefill did for a set of reads, kept for the next table with those reads: most calls place the same keys. */
interface Prefilled {
  placed: ReadonlySet<string | number>;
  absent: ReadonlySet<string>;
}

/** Whether `set` holds exactly the `n` first items of `list`. */
const holdsExactly = <T>(set: ReadonlySet<T>, list: T[], n: number): boolean => {
  if (set.size !== n) return false;
  for (let i = 0; i < n; i++) if (!set.has(list[i]!)) return false;
  return true;
};

/** fengari's table object, with the slot lug's bundle gives it (tableSlot in fengari-patches.ts). */
interface TableObject {
  lug: LazyState | undefined;
}

const stateAt = (lua: LuaApi, L: LuaState, idx: number): LazyState | undefined => (lua.lua_topointer(L, idx) as TableObject).lug;

/** Makes the lazy tables of one Lua state. */
export class LazyTables {
  /** The metatable as a table object, which every lazy table is made with (lua_lugnewtable). */
  private metatableObject: LuaTableObject | undefined;
  private nextRef: number | undefined;
  /** The last prefill of each set of reads, and the lists the next one is noted in (reused: no garbage at each table). */
  private readonly prefilled = new WeakMap<Set<string | number>, Prefilled>();
  private readonly placedNow: Array<string | number> = [];
  private readonly absentNow: string[] = [];

  constructor(private readonly host: LazyHost) {}

  push(L: LuaState, table: LazyTable): void {
    const { t, state } = this.pushSource(L, table.source, table.reads);
    if (table.reads?.size) this.prefill(L, t, state, table.reads);
  }

  /** A new lazy table on the stack: its metatable and its state set in place, in one call (fengari-lazy-patch.ts). */
  private pushSource(L: LuaState, source: LazySource, reads?: Set<string | number>): { t: LuaTableObject; state: LazyState } {
    const metatable = this.metatableObject ?? this.makeMetatable();
    const state: LazyState = { source, taken: undefined, placed: undefined, whole: false, reads, absent: undefined, metatable };
    return { t: this.host.f.lua.lua_lugnewtable(L, metatable, state), state };
  }

  /** The Lua string of a field name: the one fengari keeps for its bytes (internedStringPush), which luaKey keeps. */
  private keyString(L: LuaState, key: string): LuaStringValue {
    return this.host.f.lua.lua_internedstring(L, luaKey(key));
  }

  /**
   * Puts the fields an earlier table with the same `reads` read in place now,
   * as taken fields, the same values __index would give: a crossing from Lua
   * into JavaScript costs more than setting a field from JavaScript. Only
   * what cannot fail to convert is put in place (short strings, numbers,
   * booleans); a table or a long string stays lazy. A field the source
   * lacks is noted `absent`, so reading it again costs no crossing either.
   */
  private prefill(L: LuaState, t: LuaTableObject, state: LazyState, keys: Set<string | number>): void {
    const { lua } = this.host.f;
    const { source } = state;
    const placed = this.placedNow;
    const absent = this.absentNow;
    let nPlaced = 0;
    let nAbsent = 0;
    for (const key of keys) {
      const value = source.get(key);
      const type = typeof value;
      if (value === undefined && typeof key === 'string') {
        absent[nAbsent++] = lua.lua_lugtablekey(this.keyString(L, key));
        continue;
      }
      if (type === 'string' ? (value as string).length > PREFILL_MAX_LENGTH : type !== 'number' && type !== 'boolean') continue;
      if (type === 'string' && typeof key === 'string') {
        // Both strings made once (the key's hash with it: the table's slot is found by that hash), set without the stack.
        lua.lua_lugrawsetstr(L, t, this.keyString(L, key), source.luaValue(lua, L, key, value as string));
      } else {
        lua.lua_checkstack(L, 3);
        if (typeof key === 'number') lua.lua_pushinteger(L, key);
        else lua.lua_pushlugstring(L, this.keyString(L, key));
        if (type === 'string') lua.lua_pushlugstring(L, source.luaValue(lua, L, key, value as string));
        else this.host.pushJs(L, value);
        lua.lua_rawset(L, -3);
      }
      placed[nPlaced++] = key;
    }
    let done = this.prefilled.get(keys);
    if (!done || !holdsExactly(done.placed, placed, nPlaced) || !holdsExactly(done.absent, absent, nAbsent)) {
      done = { placed: new Set(placed.slice(0, nPlaced)), absent: new Set(absent.slice(0, nAbsent)) };
      this.prefilled.set(keys, done);
    }
    if (nPlaced) state.placed = done.placed;
    if (nAbsent) state.absent = done.absent;
  }

  /** Pushes the value of `key` in `source`, or nothing and false when it has none. */
  private pushField(L: LuaState, source: LazySource, key: string | number): boolean {
    const value = source.get(key);
    if (value === undefined) return false;
    // The source's Lua string, made once a call from bytes never changed: pushed as it is.
    if (typeof value === 'string') this.host.f.lua.lua_pushlugstring(L, source.luaValue(this.host.f.lua, L, key, value));
    else if (isPlain(value)) this.pushSource(L, source.child(key, value));
    else this.host.pushJs(L, value);
    return true;
  }

  /** Makes the metatable of lazy tables, kept in the registry (so it lives as long as the state) and as a table object. */
  private makeMetatable(): LuaTableObject {
    const { host } = this;
    const { lua, lauxlib } = host.f;
    const { L } = host;
    lua.lua_createtable(L, 0, 4);
    const field = (name: string, impl: (Ls: LuaState) => number) => {
      lua.lua_pushjsfunction(L, host.fn('', impl));
      lua.lua_setfield(L, -2, luaKey(name));
    };
    field('__index', (Ls) => this.index(Ls));
    field('__newindex', (Ls) => this.newIndex(Ls));
    field('__len', (Ls) => {
      this.fill(Ls, 1);
      lua.lua_pushinteger(Ls, lua.lua_rawlen(Ls, 1));
      return 1;
    });
    field('__pairs', (Ls) => {
      this.fill(Ls, 1);
      lua.lua_rawgeti(Ls, lua.LUA_REGISTRYINDEX, this.next());
      lua.lua_pushvalue(Ls, 1);
      lua.lua_pushnil(Ls);
      return 3;
    });
    this.metatableObject = lua.lua_topointer(L, -1) as LuaTableObject;
    lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX); // held for the state's life
    return this.metatableObject;
  }

  /** __index(t, k): a key not taken yet is converted and kept in t; one taken and gone was removed by the rule. */
  private index(L: LuaState): number {
    const { lua } = this.host.f;
    const state = stateAt(lua, L, 1);
    const key = state && keyAt(lua, L, 2, state.source);
    if (!state || key === undefined || state.whole || state.taken?.has(key) || state.placed?.has(key)) {
      lua.lua_pushnil(L);
      return 1;
    }
    (state.taken ??= new Set()).add(key);
    state.reads?.add(key);
    if (!this.pushField(L, state.source, key)) {
      lua.lua_pushnil(L);
      return 1;
    }
    lua.lua_pushvalue(L, 2);
    lua.lua_pushvalue(L, -2);
    lua.lua_rawset(L, 1);
    return 1;
  }

  /** __newindex(t, k, v): t had no k; from now on k is the rule's, whatever its source says. */
  private newIndex(L: LuaState): number {
    const { lua } = this.host.f;
    const state = stateAt(lua, L, 1);
    const key = state && keyAt(lua, L, 2, state.source);
    if (state && key !== undefined) (state.taken ??= new Set()).add(key);
    lua.lua_settop(L, 3);
    lua.lua_rawset(L, 1);
    return 0;
  }

  /**
   * Replaces Lua's `next`, `rawget` and `rawlen` with ones that see lazy
   * tables whole, through this state's raw reads (withLazyTables); pairs,
   * ipairs and # go through the metatable.
   */
  replaceRawReads(): void {
    const { lua, lauxlib } = this.host.f;
    const { L } = this.host;
    const set = (name: string, fn: JsFunction) => {
      lua.lua_pushjsfunction(L, fn);
      lua.lua_setglobal(L, luaKey(name));
    };
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, this.next());
    lua.lua_setglobal(L, luaKey('next'));
    set(
      'rawget',
      this.host.fn('rawget', (Ls) => {
        lauxlib.luaL_checktype(Ls, 1, lua.LUA_TTABLE);
        lauxlib.luaL_checkany(Ls, 2);
        lua.lua_settop(Ls, 2);
        lua.lua_rawget(Ls, 1);
        return 1;
      }),
    );
    set(
      'rawlen',
      this.host.fn('rawlen', (Ls) => {
        const type = lua.lua_type(Ls, 1);
        if (type !== lua.LUA_TTABLE && type !== lua.LUA_TSTRING) return lauxlib.luaL_argerror(Ls, 1, luaKey('table or string expected'));
        lua.lua_pushinteger(Ls, lua.lua_rawlen(Ls, 1));
        return 1;
      }),
    );
  }

  /** Lua's `next`, seeing lazy tables whole: the one `pairs` of a lazy table returns, whatever the global `next` has become. */
  private next(): number {
    if (this.nextRef !== undefined) return this.nextRef;
    const { lua, lauxlib } = this.host.f;
    const { L } = this.host;
    lua.lua_pushjsfunction(
      L,
      this.host.fn('next', (Ls) => {
        lauxlib.luaL_checktype(Ls, 1, lua.LUA_TTABLE);
        lua.lua_settop(Ls, 2);
        if (lua.lua_next(Ls, 1) !== 0) return 2;
        lua.lua_pushnil(Ls);
        return 1;
      }),
    );
    this.nextRef = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    return this.nextRef;
  }

  /** Takes every key a lazy table has not taken yet (for raw reads and traversals). */
  fill(L: LuaState, idx: number): void {
    const { lua } = this.host.f;
    const state = stateAt(lua, L, idx);
    if (!state || state.whole) return;
    state.whole = true;
    const t = lua.lua_absindex(L, idx);
    lua.lua_checkstack(L, 3);
    for (const key of state.source.keys()) {
      if (state.taken?.has(key) || state.placed?.has(key)) continue;
      if (typeof key === 'number') lua.lua_pushinteger(L, key);
      else lua.lua_pushinternedstring(L, luaKey(key));
      if (!this.pushField(L, state.source, key)) {
        lua.lua_pop(L, 1);
        continue;
      }
      lua.lua_rawset(L, t);
    }
  }
}

/** The JavaScript key a Lua key names in `source` (strings for objects, integers for arrays), or undefined. */
function keyAt(lua: LuaApi, L: LuaState, idx: number, source: LazySource): string | number | undefined {
  const type = lua.lua_type(L, idx);
  if (source.isArray) return type === lua.LUA_TNUMBER && lua.lua_isinteger(L, idx) ? (lua.lua_tointeger(L, idx) as number) : undefined;
  return type === lua.LUA_TSTRING ? jsKey(lua.lua_tolstring(L, idx)!) : undefined;
}
