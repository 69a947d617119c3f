/**
 * The coroutine driver: how Lua waits on JavaScript. LuaVM is a fengari state
 * (lua-state.ts: the thread, the registry, values, errors, chunks) with this
 * loop on top; the rest of the bridge uses LuaVM.
 *
 * Every call into Lua runs on a coroutine of its own: a finished one taken
 * back from a small pool (a coroutine that returned normally can run another
 * function, as lua_resume allows), or a new one (lua_newthread). A JavaScript
 * function that has to wait (lug.ui.confirm, lug.proc.run) starts its promise,
 * records it, and yields with lua_yieldk; the driver loop here awaits the
 * promise and resumes the coroutine; the continuation then returns the value
 * to Lua, or raises the rejection as a Lua error (so pcall catches it). A call
 * that never waits finishes synchronously, without a promise.
 *
 * No call runs for ever: a count hook (lua_sethook with LUA_MASKCOUNT, every
 * HOOK_EVERY instructions, inherited by every coroutine) stops a call that
 * runs past its budget of instructions since lug last resumed it (each wait
 * starts a new budget) with an error naming the file and line. From then on
 * the hook fires on every instruction of that coroutine, so a pcall cannot
 * catch the error and keep looping.
 */
import type { Continuation, FengariLoader, JsFunction, LuaDebug, LuaState } from './fengari.js';
import { LuaError } from './lua-error.js';
import { LuaStateBase } from './lua-state.js';
import { luaString } from './lua-strings.js';
import { LightUserdata, type CallContext, type LuaFunctionRef } from './lua-values.js';

export type { CallContext } from './lua-values.js';

interface Pending {
  thread: LuaState;
  promise: Promise<unknown[]>;
}

type Settled = { ok: true; values: unknown[] } | { ok: false; error: Error };

type Step = { done: unknown[] } | { wait: Pending };

/** Guards against hooks that trigger themselves without end. */
const MAX_NESTED_CALLS = 100;

/** How often the count hook runs, in instructions. Its cost is within noise of none (a 20 M-iteration loop: bench/lua-budget.mjs). */
const HOOK_EVERY = 1000;

/** Finished coroutines kept for the next calls (lua_newthread and its first resume are most of a small call's cost in fengari: bench/rules.bench.mjs). */
const IDLE_COROUTINES = 8;

/** How a call's results are read: functions kept as references. One object for every call. */
const RESULTS = Object.freeze({ functions: 'ref' as const });

/** The instructions a call into Lua may run without waiting, unless the VM is told otherwise: about a second of fengari. */
export const DEFAULT_LUA_BUDGET = 10_000_000;

export interface LuaVMOptions {
  /** See FengariLoader (only the first state of a process loads fengari). */
  loadFengari?: FengariLoader;
  /** The budget of instructions, read when each call into Lua starts (the runtime reads lug.opt.lua_budget). */
  budget?: () => number;
}

export class LuaVM extends LuaStateBase {
  /** Yielded by functions that wait, so the coroutine wrappers can tell them from a plain yield. */
  readonly pending = Object.freeze(new LightUserdata());
  private current: CallContext | undefined;
  private lastYield: Pending | undefined;
  private settled = new Map<LuaState, Settled>();
  /** The coroutines lug runs calls on, running or waiting in the pool (where they run no Lua): to Lua code they are its top level (see isTopLevel). */
  private readonly drivers = new Set<LuaState>();
  private depth = 0;
  /** Coroutines whose call returned normally, ready to run another (see takeCoroutine). */
  private readonly idle: LuaState[] = [];
  /** Coroutines the budget hook now fires on at every instruction: never reused. */
  private readonly overBudget = new WeakSet<LuaState>();
  private readonly budget: () => number;
  /** Instructions run since the outermost resume began (counted HOOK_EVERY at a time), and the budget it has. */
  private ran = 0;
  private limit = DEFAULT_LUA_BUDGET;

  constructor(opts: LuaVMOptions = {}) {
    super(opts);
    this.budget = opts.budget ?? (() => DEFAULT_LUA_BUDGET);
    this.f.lua.lua_sethook(this.L, this.countHook, this.f.lua.LUA_MASKCOUNT, HOOK_EVERY);
  }

  /** Stops Lua that runs past its budget: the error names where it was, then every later instruction of the coroutine raises it again. */
  private countHook = (L: LuaState, _ar: LuaDebug): void => {
    this.ran += HOOK_EVERY;
    if (this.ran <= this.limit) return;
    const { lua, lauxlib } = this.f;
    // Never on the main thread: the coroutines made later inherit its hook.
    if (L !== this.L) {
      lua.lua_sethook(L, this.countHook, lua.LUA_MASKCOUNT, 1);
      this.overBudget.add(L);
    }
    lauxlib.luaL_where(L, 0);
    lua.lua_pushstring(L, luaString(`ran past its budget of ${this.limit} instructions without waiting (lug.opt.lua_budget), so lug stopped it: a loop that never ends?`));
    lua.lua_concat(L, 2);
    lua.lua_error(L);
  };

  // ---- functions that wait ------------------------------------------------

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

  // ---- calling Lua --------------------------------------------------------

  call(fn: LuaFunctionRef, args: unknown[] = [], ctx: CallContext = {}): unknown[] | Promise<unknown[]> {
    if (this.closed) throw new Error('this Lua state was closed');
    if (this.depth >= MAX_NESTED_CALLS) throw new Error(`Lua calls nested more than ${MAX_NESTED_CALLS} deep (a hook that triggers itself?)`);
    const { lua } = this.f;
    const co = this.takeCoroutine();
    try {
      lua.lua_rawgeti(co, lua.LUA_REGISTRYINDEX, fn.ref);
      for (const a of args) this.pushJs(co, a);
    } catch (err) {
      lua.lua_settop(co, 0); // a value Lua cannot hold: the coroutine never ran, so it can run the next call
      this.giveBack(co);
      throw err;
    }
    let step: Step;
    try {
      step = this.resume(co, args.length, ctx);
    } catch (err) {
      this.drivers.delete(co); // failed: a dead coroutine, never reused
      throw err;
    }
    if ('done' in step) {
      this.giveBack(co);
      return step.done;
    }
    const driven = this.driveAsync(co, step.wait, ctx);
    void driven.then(
      () => this.giveBack(co),
      () => this.drivers.delete(co),
    );
    return driven;
  }

  /**
   * A coroutine with nothing on its stack, ready to run a function: a finished
   * one, or a new one. Either is in `drivers` from here until it is dropped: a
   * pooled coroutine runs no Lua while it waits in the pool, so it can stay
   * there (a Set's add and delete at every call were 50 ns of it).
   */
  private takeCoroutine(): LuaState {
    const { lua } = this.f;
    const reused = this.idle.pop();
    if (reused) {
      lua.lua_sethook(reused, this.countHook, lua.LUA_MASKCOUNT, HOOK_EVERY); // restarts its count, as a new coroutine's
      return reused;
    }
    const co = lua.lua_newthread(this.L);
    lua.lua_pop(this.L, 1); // JavaScript holds it (fengari's values are JavaScript objects)
    this.drivers.add(co);
    return co;
  }

  /** Keeps a coroutine whose call returned normally (status LUA_OK, empty stack) for a later call; drops any other. */
  private giveBack(co: LuaState): void {
    const { lua } = this.f;
    const reusable =
      !this.closed && !this.overBudget.has(co) && this.idle.length < IDLE_COROUTINES && lua.lua_status(co) === lua.LUA_OK && lua.lua_gettop(co) === 0;
    if (!reusable) return void this.drivers.delete(co);
    trimCallInfos(co);
    this.idle.push(co);
  }

  /**
   * Whether `L` is a coroutine lug runs a call on: Lua code running there is at
   * the top level of a chunk, a rule or a hook, where real Lua would be on its
   * main thread (coroutine.running and coroutine.yield answer so: stdlib/coroutine-top.ts).
   */
  isTopLevel(L: LuaState): boolean {
    return L === this.L || this.drivers.has(L);
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
    // A call from Lua into JavaScript into Lua shares its caller's budget: only the outermost resume starts one.
    if (this.depth === 0) {
      this.ran = 0;
      this.limit = this.budget();
    }
    this.depth++;
    let status: number;
    try {
      status = lua.lua_resume(co, null, nargs);
    } finally {
      this.depth--;
      this.current = outerCtx;
      if (this.depth === 0) this.ran = 0;
    }
    const pending = this.lastYield;
    this.lastYield = outerYield;
    if (status === lua.LUA_OK) {
      const values = this.args(co, 1, RESULTS);
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

  override close(): void {
    super.close();
    this.settled.clear();
    this.idle.length = 0;
    this.drivers.clear();
  }
}

/** fengari's thread object, as far as trimCallInfos reads it. */
interface ThreadInternals {
  stack: unknown[];
  base_ci: CallInfoLink;
}
interface CallInfoLink {
  next: CallInfoLink | null;
}

/** A pooled coroutine's stack longer than this (in slots; fengari starts one at 40) has had a deep call. */
const DEEP_STACK = 1000;
/** CallInfos a coroutine that had a deep call may keep (lug's calls go a few deep). */
const KEPT_CALL_INFOS = 32;

/**
 * The bundle's fengari keeps the CallInfo of each call depth a thread has
 * reached, for its next calls (reuseCallInfo in fengari-patches.ts), as C Lua
 * does. A pooled coroutine that once recursed deep would keep thousands: its
 * list, longer than KEPT_CALL_INFOS, is cut after its first (the call lug
 * makes). The stack's length only says whether to count: fengari shrinks a
 * stack only after an error, so one that grew stays long, and cutting by it
 * alone cut the list at every later call (reuse lost for good).
 */
function trimCallInfos(co: LuaState): void {
  const thread = co as unknown as ThreadInternals;
  if (thread.stack.length <= DEEP_STACK) return;
  const first = thread.base_ci.next;
  let ci = first;
  for (let n = 0; ci && n < KEPT_CALL_INFOS; n++) ci = ci.next;
  if (ci && first) first.next = null;
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
