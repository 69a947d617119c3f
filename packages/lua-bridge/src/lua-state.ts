/**
 * One fengari state, without the coroutine driver: its main thread, Lua's type
 * names, the registry (functions JavaScript keeps), where the running Lua code
 * is, raising Lua errors, loading and dumping chunks, globals, and values
 * converted both ways (lua-values.ts).
 *
 * Every JavaScript function given to Lua goes through `fn`, which turns a
 * thrown JavaScript error into a Lua error carrying its message: fengari
 * would otherwise end the coroutine with no message at all.
 *
 * Running Lua is the driver's (lua-vm.ts, which extends this class): `call`
 * and `pushCallable` are declared here and written there.
 */
import { loadFengari, type Fengari, type FengariLoader, type JsFunction, type LuaState } from './fengari.js';
import { LuaError } from './lua-error.js';
import { jsString, luaConst, luaString } from './lua-strings.js';
import { LazyTables, type LazyTable } from './lazy-tables.js';
import { withLazyTables } from './lazy-raw-reads.js';
import { LuaFunctionRef, pushJs, toJs, type CallContext, type FunctionOwner, type ToJsOptions, type ValueState } from './lua-values.js';

/** A JavaScript error whose message already names the Lua function it is about: `fn` puts no name in front. */
export class SelfNamedError extends Error {
  override name = 'SelfNamedError';
}

export abstract class LuaStateBase implements ValueState, FunctionOwner {
  readonly f: Fengari;
  /** The main thread: holds the globals; Lua code never runs on it directly. */
  readonly L: LuaState;
  protected closed = false;
  /** JavaScript functions made from Lua functions, so they go back to Lua as the original. */
  private jsFunctions = new WeakMap<object, LuaFunctionRef>();
  /** The lazy tables of this state (rule arguments), which its fengari reads whole (lazy-tables.ts). */
  readonly lazyTables: LazyTables;

  /** Indexed by lua_type + 1 (LUA_TNONE is -1). */
  private readonly typeNames: string[];

  /** `loadFengari`: see FengariLoader (only the first state of a process loads fengari). */
  constructor(opts: { loadFengari?: FengariLoader } = {}) {
    this.lazyTables = new LazyTables(this);
    this.f = withLazyTables(loadFengari(opts.loadFengari), this.lazyTables);
    const { lua } = this.f;
    this.typeNames = [];
    const name = (t: number, n: string) => (this.typeNames[t + 1] = n);
    name(-1, 'no value');
    name(lua.LUA_TNIL, 'nil');
    name(lua.LUA_TBOOLEAN, 'boolean');
    name(lua.LUA_TLIGHTUSERDATA, 'userdata');
    name(lua.LUA_TNUMBER, 'number');
    name(lua.LUA_TSTRING, 'string');
    name(lua.LUA_TTABLE, 'table');
    name(lua.LUA_TFUNCTION, 'function');
    name(lua.LUA_TUSERDATA, 'userdata');
    name(lua.LUA_TTHREAD, 'thread');
    this.L = this.f.lauxlib.luaL_newstate();
    // A JavaScript error that escapes an unwrapped function still reaches Lua with its message.
    this.f.lua.lua_atnativeerror(this.L, (L) => {
      const e = this.f.lua.lua_touserdata(L, -1) as unknown;
      this.f.lua.lua_pushstring(L, luaString(e instanceof Error ? e.message : String(e)));
      return 1;
    });
  }

  /** Call a Lua function on its own coroutine: values when it never waits, else a promise of them. */
  abstract call(fn: LuaFunctionRef, args?: unknown[], ctx?: CallContext): unknown[] | Promise<unknown[]>;

  /** Push a JavaScript function as a Lua function; when it returns a promise, Lua waits for it. */
  abstract pushCallable(L: LuaState, fn: (...args: unknown[]) => unknown): void;

  // ---- functions given to Lua -------------------------------------------

  /** A JavaScript function for Lua. `name` prefixes its error messages ("lug.tool.rule: ...") unless they name it already. */
  fn(name: string, impl: (L: LuaState) => number): JsFunction {
    return (L) => {
      const outer = this.running;
      this.running = L;
      try {
        return impl(L);
      } catch (err) {
        // fengari unwinds Lua errors and yields by throwing plain objects: let those through.
        if (!(err instanceof Error)) throw err;
        return this.raise(L, name && !(err instanceof SelfNamedError) ? `${name}: ${err.message}` : err.message);
      } finally {
        this.running = outer;
      }
    };
  }

  /**
   * The Lua thread whose call into JavaScript (a function made by `fn`) is
   * running now, if any: who is registering something (see api/owners.ts).
   */
  running: LuaState | undefined;

  /** The source ("@/path/file.lua", "=:lua") of the function `level` frames up (1: the caller of the running JS function). */
  sourceAt(L: LuaState, level: number): string | undefined {
    const { lua } = this.f;
    const ar = new lua.lua_Debug();
    if (!lua.lua_getstack(L, level, ar)) return undefined;
    lua.lua_getinfo(L, luaConst('S'), ar);
    return ar.source ? jsString(ar.source) : undefined;
  }

  /** The source ("@/path/file.lua", "=:lua") of the outermost Lua function on a thread's stack. */
  outermostSource(L: LuaState): string | undefined {
    const { lua } = this.f;
    let found: string | undefined;
    for (let level = 0; ; level++) {
      const ar = new lua.lua_Debug();
      if (!lua.lua_getstack(L, level, ar)) break;
      lua.lua_getinfo(L, luaConst('S'), ar);
      const what = ar.what ? jsString(ar.what) : '';
      if (what === 'Lua' || what === 'main') found = jsString(ar.source!);
    }
    return found;
  }

  /** Raise a Lua error "file:line: message", the position being the Lua code that called us. */
  raise(L: LuaState, message: string): never {
    const { lua, lauxlib } = this.f;
    lauxlib.luaL_where(L, 1);
    lua.lua_pushstring(L, luaString(message));
    lua.lua_concat(L, 2);
    return lua.lua_error(L);
  }

  /** A JavaScript function calling a Lua function (its first result; a promise if it waits). */
  asJsFunction(ref: LuaFunctionRef): (...args: unknown[]) => unknown {
    const fn = (...args: unknown[]) => {
      const out = ref.call(args);
      return out instanceof Promise ? out.then((values) => values[0]) : out[0];
    };
    this.jsFunctions.set(fn, ref);
    return fn;
  }

  /** The Lua function behind a function made by asJsFunction. */
  luaFunctionOf(fn: object): LuaFunctionRef | undefined {
    return this.jsFunctions.get(fn);
  }

  // ---- values -------------------------------------------------------------

  toJs(L: LuaState, idx: number, opts?: ToJsOptions): unknown {
    return toJs(this, L, idx, opts);
  }

  pushJs(L: LuaState, value: unknown): void {
    pushJs(this, L, value);
  }

  pushLazy(L: LuaState, value: LazyTable): void {
    this.lazyTables.push(L, value);
  }

  /** The arguments from `from` to the top, as data (functions become refs). */
  args(L: LuaState, from: number, opts: ToJsOptions = { functions: 'ref' }): unknown[] {
    const top = this.f.lua.lua_gettop(L);
    const out: unknown[] = [];
    for (let i = from; i <= top; i++) out.push(this.toJs(L, i, opts));
    return out;
  }

  /** How many arguments a Lua function can see: its fixed parameters, or Infinity when it takes `...`. */
  parameterCount(fn: LuaFunctionRef): number {
    const { lua } = this.f;
    const ar = new lua.lua_Debug();
    lua.lua_rawgeti(this.L, lua.LUA_REGISTRYINDEX, fn.ref);
    lua.lua_getinfo(this.L, luaConst('>u'), ar); // ">" pops the function
    return ar.isvararg ? Infinity : ar.nparams;
  }

  /** Pop the value on top of the stack into the registry. */
  refTop(L: LuaState): LuaFunctionRef {
    return new LuaFunctionRef(this, this.f.lauxlib.luaL_ref(L, this.f.lua.LUA_REGISTRYINDEX));
  }

  unref(ref: number): void {
    if (!this.closed) this.f.lauxlib.luaL_unref(this.L, this.f.lua.LUA_REGISTRYINDEX, ref);
  }

  typeName(L: LuaState, idx: number): string {
    return this.typeNames[this.f.lua.lua_type(L, idx) + 1] ?? 'unknown';
  }

  /** "file:line" of the Lua code `level` frames up (1: whoever called the running JS function). */
  where(L: LuaState, level = 1): string {
    const { lua } = this.f;
    const ar = new lua.lua_Debug();
    if (!lua.lua_getstack(L, level, ar)) return '?';
    lua.lua_getinfo(L, luaConst('Sl'), ar);
    const src = ar.short_src ? jsString(ar.short_src) : '?';
    return ar.currentline > 0 ? `${src}:${ar.currentline}` : src;
  }

  /** tostring of the value at idx, as Lua would print an error. */
  messageAt(L: LuaState, idx: number): string {
    const { lua, lauxlib } = this.f;
    const type = lua.lua_type(L, idx);
    if (type === lua.LUA_TSTRING || type === lua.LUA_TNUMBER) return jsString(lua.lua_tolstring(L, idx)!);
    if (type === lua.LUA_TTABLE && lua.lua_getmetatable(L, idx)) {
      lua.lua_pop(L, 1);
      const s = jsString(lauxlib.luaL_tolstring(L, idx));
      lua.lua_pop(L, 1);
      return s;
    }
    if (type === lua.LUA_TTABLE) {
      try {
        return JSON.stringify(this.toJs(L, idx));
      } catch {
        // fall through to the generic description
      }
    }
    return `(error object is a ${this.typeName(L, idx)} value)`;
  }

  /** The Lua traceback of a thread, as Lua prints it. */
  protected traceback(co: LuaState): string {
    const { lua, lauxlib } = this.f;
    lauxlib.luaL_traceback(this.L, co, null, 0);
    const text = jsString(lua.lua_tolstring(this.L, -1)!);
    lua.lua_pop(this.L, 1);
    return text;
  }

  // ---- chunks -------------------------------------------------------------

  /** Compile a chunk; a syntax error is a LuaError with its file and line. */
  load(source: string | Uint8Array, chunkName: string, mode: 'text' | 'binary' = 'text'): LuaFunctionRef {
    const { lua, lauxlib } = this.f;
    const bytes = typeof source === 'string' ? luaString(source) : source;
    const status = lauxlib.luaL_loadbufferx(this.L, bytes, null, luaString(chunkName), luaConst(mode === 'text' ? 't' : 'b'));
    if (status !== lua.LUA_OK) {
      const message = this.messageAt(this.L, -1);
      lua.lua_pop(this.L, 1);
      throw new LuaError(message);
    }
    return this.refTop(this.L);
  }

  /** The compiled form of a function, for the chunk cache. */
  dump(fn: LuaFunctionRef): Uint8Array {
    const { lua } = this.f;
    // fengari writes a few bytes at a time: collect them in one growing buffer.
    let out = new Uint8Array(16 * 1024);
    let length = 0;
    const writer = (_L: LuaState, b: Uint8Array, size: number) => {
      if (length + size > out.length) {
        const bigger = new Uint8Array(Math.max(out.length * 2, length + size));
        bigger.set(out.subarray(0, length));
        out = bigger;
      }
      if (size === 1) out[length] = b[0]!;
      else out.set(size === b.length ? b : b.subarray(0, size), length);
      length += size;
      return 0;
    };
    lua.lua_rawgeti(this.L, lua.LUA_REGISTRYINDEX, fn.ref);
    lua.lua_dump(this.L, writer, null, false);
    lua.lua_pop(this.L, 1);
    return out.slice(0, length);
  }

  /** Another reference to the same function, released independently. */
  retain(fn: LuaFunctionRef): LuaFunctionRef {
    this.f.lua.lua_rawgeti(this.L, this.f.lua.LUA_REGISTRYINDEX, fn.ref);
    return this.refTop(this.L);
  }

  // ---- globals ------------------------------------------------------------

  setGlobal(name: string, value: unknown): void {
    this.pushJs(this.L, value);
    this.f.lua.lua_setglobal(this.L, luaConst(name));
  }

  /** globalTable[field] = value, e.g. package.path. */
  setField(globalTable: string, field: string, value: unknown): void {
    const { lua } = this.f;
    lua.lua_getglobal(this.L, luaConst(globalTable));
    this.pushJs(this.L, value);
    lua.lua_setfield(this.L, -2, luaConst(field));
    lua.lua_pop(this.L, 1);
  }

  close(): void {
    this.closed = true;
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
