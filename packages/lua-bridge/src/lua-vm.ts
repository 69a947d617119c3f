/**
 * One fengari state, and the machinery that lets Lua wait on JavaScript.
 *
 * Every call into Lua runs on a fresh coroutine (lua_newthread). A JavaScript
 * function that has to wait (lug.ui.confirm, lug.proc.run) starts its promise,
 * records it, and yields with lua_yieldk; the driver loop here awaits the
 * promise and resumes the coroutine; the continuation then returns the value
 * to Lua, or raises the rejection as a Lua error (so pcall catches it). A call
 * that never waits finishes synchronously, without a promise.
 *
 * Every JavaScript function given to Lua goes through `fn`, which turns a
 * thrown JavaScript error into a Lua error carrying its message: fengari
 * would otherwise end the coroutine with no message at all.
 */
import { loadFengari, type Continuation, type Fengari, type FengariLoader, type JsFunction, type LuaState } from './fengari.js';
import { LuaError } from './lua-error.js';
import { jsString, luaConst, luaString } from './lua-strings.js';
import { LuaFunctionRef, pushJs, toJs, type ToJsOptions } from './lua-values.js';

/** What a call into Lua carries: the turn's signal, so waits and processes end on cancel. */
export interface CallContext {
  signal?: AbortSignal;
}

interface Pending {
  thread: LuaState;
  promise: Promise<unknown[]>;
}

type Settled = { ok: true; values: unknown[] } | { ok: false; error: Error };

type Step = { done: unknown[] } | { wait: Pending };

/** Guards against hooks that trigger themselves without end. */
const MAX_NESTED_CALLS = 100;

export class LuaVM {
  readonly f: Fengari;
  /** The main thread: holds the globals; Lua code never runs on it directly. */
  readonly L: LuaState;
  /** Yielded by functions that wait, so the coroutine wrappers can tell them from a plain yield. */
  readonly pending = Object.freeze({ lugPending: true });
  private current: CallContext | undefined;
  private lastYield: Pending | undefined;
  private settled = new Map<LuaState, Settled>();
  private depth = 0;
  private closed = false;
  /** JavaScript functions made from Lua functions, so they go back to Lua as the original. */
  private jsFunctions = new WeakMap<object, LuaFunctionRef>();

  /** Indexed by lua_type + 1 (LUA_TNONE is -1). */
  private readonly typeNames: string[];

  /** `loadFengari`: see FengariLoader (only the first state of a process loads fengari). */
  constructor(opts: { loadFengari?: FengariLoader } = {}) {
    this.f = loadFengari(opts.loadFengari);
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

  // ---- functions given to Lua -------------------------------------------

  /** A JavaScript function for Lua. `name` prefixes its error messages ("lug.tool.rule: ..."). */
  fn(name: string, impl: (L: LuaState) => number): JsFunction {
    return (L) => {
      try {
        return impl(L);
      } catch (err) {
        // fengari unwinds Lua errors and yields by throwing plain objects: let those through.
        if (!(err instanceof Error)) throw err;
        return this.raise(L, name ? `${name}: ${err.message}` : err.message);
      }
    };
  }

  /**
   * A function that waits: `start` begins the work and returns its promise;
   * the coroutine yields until it settles, then gets its values (or an error).
   */
  asyncFn(name: string, start: (L: LuaState, ctx: CallContext) => Promise<unknown[]>): JsFunction {
    return this.fn(name, (L) => {
      const ctx = this.waitableContext(L);
      return this.wait(L, start(L, ctx));
    });
  }

  /** The call's context, or an error when Lua cannot wait here. */
  private waitableContext(L: LuaState): CallContext {
    const ctx = this.current;
    if (!ctx || !this.f.lua.lua_isyieldable(L)) {
      throw new Error(
        'it waits for an answer, and it was called where Lua cannot wait: inside a function that Lua calls from JavaScript ' +
          '(a table.sort comparator, a string.gsub replacement, a metamethod or __pairs). Call it outside that function and pass the result in.',
      );
    }
    if (ctx.signal?.aborted) throw new Error('cancelled by the user');
    return ctx;
  }

  /** Yield the running coroutine until `promise` settles (see the driver in `call`). */
  private wait(L: LuaState, promise: Promise<unknown[]>): number {
    const { lua } = this.f;
    promise.catch(() => undefined); // handled by the driver; never an unhandled rejection if the yield fails
    this.lastYield = { thread: L, promise };
    lua.lua_pushlightuserdata(L, this.pending);
    return lua.lua_yieldk(L, 1, 0, this.continuation);
  }

  /** Runs when a waiting coroutine is resumed: hand Lua the value, or raise the error. */
  private continuation: Continuation = (L) => {
    try {
      const answer = this.settled.get(L);
      this.settled.delete(L);
      if (!answer) throw new Error('a waiting Lua call was resumed without an answer (a bug in lug)');
      if (!answer.ok) throw answer.error;
      for (const v of answer.values) this.pushJs(L, v);
      return answer.values.length;
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      return this.raise(L, err.message);
    }
  };

  /** Raise a Lua error "file:line: message", the position being the Lua code that called us. */
  raise(L: LuaState, message: string): never {
    const { lua, lauxlib } = this.f;
    lauxlib.luaL_where(L, 1);
    lua.lua_pushstring(L, luaString(message));
    lua.lua_concat(L, 2);
    return lua.lua_error(L);
  }

  /** Push a JavaScript function as a Lua function; when it returns a promise, Lua waits for it. */
  pushCallable(L: LuaState, fn: (...args: unknown[]) => unknown): void {
    const callable = this.fn('', (Ls) => {
      const result = fn(...this.args(Ls, 1));
      if (!(result instanceof Promise)) {
        this.pushJs(Ls, result);
        return 1;
      }
      result.catch(() => undefined); // the error reaches Lua through `wait`, or nobody waits
      this.waitableContext(Ls);
      return this.wait(Ls, result.then((v) => [v]));
    });
    this.f.lua.lua_pushjsfunction(L, callable);
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

  /** The arguments from `from` to the top, as data (functions become refs). */
  args(L: LuaState, from: number, opts: ToJsOptions = { functions: 'ref' }): unknown[] {
    const top = this.f.lua.lua_gettop(L);
    const out: unknown[] = [];
    for (let i = from; i <= top; i++) out.push(this.toJs(L, i, opts));
    return out;
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

  // ---- loading and calling ------------------------------------------------

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

  /** Call a Lua function on its own coroutine: values when it never waits, else a promise of them. */
  call(fn: LuaFunctionRef, args: unknown[] = [], ctx: CallContext = {}): unknown[] | Promise<unknown[]> {
    if (this.closed) throw new Error('this Lua state was closed');
    if (this.depth >= MAX_NESTED_CALLS) throw new Error(`Lua calls nested more than ${MAX_NESTED_CALLS} deep (a hook that triggers itself?)`);
    const { lua } = this.f;
    const co = lua.lua_newthread(this.L);
    lua.lua_pop(this.L, 1);
    lua.lua_rawgeti(co, lua.LUA_REGISTRYINDEX, fn.ref);
    for (const a of args) this.pushJs(co, a);
    const step = this.resume(co, args.length, ctx);
    return 'done' in step ? step.done : this.driveAsync(co, step.wait, ctx);
  }

  /** Like call, always as a promise. */
  async callAsync(fn: LuaFunctionRef, args: unknown[] = [], ctx: CallContext = {}): Promise<unknown[]> {
    return this.call(fn, args, ctx);
  }

  private async driveAsync(co: LuaState, first: Pending, ctx: CallContext): Promise<unknown[]> {
    let pending = first;
    for (;;) {
      this.settled.set(pending.thread, await settle(pending.promise, ctx.signal));
      if (this.closed) throw new Error('this Lua state was closed while a call was waiting');
      const step = this.resume(co, 0, ctx);
      if ('done' in step) return step.done;
      pending = step.wait;
    }
  }

  private resume(co: LuaState, nargs: number, ctx: CallContext): Step {
    const { lua } = this.f;
    const outerCtx = this.current;
    const outerYield = this.lastYield;
    this.current = ctx;
    this.lastYield = undefined;
    this.depth++;
    let status: number;
    try {
      status = lua.lua_resume(co, null, nargs);
    } finally {
      this.depth--;
      this.current = outerCtx;
    }
    const pending = this.lastYield;
    this.lastYield = outerYield;
    if (status === lua.LUA_OK) {
      const values = this.args(co, 1, { functions: 'ref' });
      lua.lua_settop(co, 0);
      return { done: values };
    }
    if (status === lua.LUA_YIELD) {
      lua.lua_settop(co, 0);
      if (pending) return { wait: pending };
      throw new LuaError('coroutine.yield was called outside a coroutine created with coroutine.create or coroutine.wrap', this.traceback(co));
    }
    // A dead coroutine's stack has no room to inspect a table: read the error on the main thread.
    lua.lua_xmove(co, this.L, 1);
    const message = this.messageAt(this.L, -1);
    lua.lua_pop(this.L, 1);
    throw new LuaError(message, this.traceback(co));
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

  private traceback(co: LuaState): string {
    const { lua, lauxlib } = this.f;
    lauxlib.luaL_traceback(this.L, co, null, 0);
    const text = jsString(lua.lua_tolstring(this.L, -1)!);
    lua.lua_pop(this.L, 1);
    return text;
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
    this.settled.clear();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

/** The promise's outcome, or a cancellation if the signal fires first. */
function settle(promise: Promise<unknown[]>, signal: AbortSignal | undefined): Promise<Settled> {
  const outcome = promise.then(
    (values): Settled => ({ ok: true, values }),
    (error: unknown): Settled => ({ ok: false, error: error instanceof Error ? error : new Error(String(error)) }),
  );
  if (!signal) return outcome;
  if (signal.aborted) return Promise.resolve({ ok: false, error: new Error('cancelled by the user') });
  return new Promise((resolve) => {
    const onAbort = () => resolve({ ok: false, error: new Error('cancelled by the user') });
    signal.addEventListener('abort', onAbort, { once: true });
    void outcome.then((s) => {
      signal.removeEventListener('abort', onAbort);
      resolve(s);
    });
  });
}
