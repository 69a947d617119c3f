/**
 * Timers from Lua, as Neovim's vim.defer_fn, vim.schedule and uv timers:
 * `lug.defer(ms, fn)` runs fn once after ms milliseconds, `lug.schedule(fn)`
 * as soon as the current work is done, `lug.timer(ms, fn, { ["repeat"] = true })`
 * every ms milliseconds. Each returns a handle: `handle.stop()` (idempotent)
 * and `handle.active()`. Every timer is a registration (ctx.track), so
 * close() and reload stop it. fn runs on its own coroutine and may wait; a
 * repeating timer skips a tick while its last run is still waiting. A timer
 * that fails is reported as a notice naming where it was made and the error's
 * file and line; a repeating one is stopped then (a failure every tick would
 * bury every other notice). Timers never keep lug's process alive.
 */
import type { LuaState } from '../fengari.js';
import { messageOf } from '../lua-error.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const MS = is.integer.that((n) => n >= 0 && n <= 2_147_483_647, 'a whole number of milliseconds from 0 to 2147483647');
const DEFER = signature('lug.defer', [['ms', MS], ['fn', is.function]]);
const SCHEDULE = signature('lug.schedule', [['fn', is.function]]);
const TIMER = signature('lug.timer', [
  ['ms', MS],
  ['fn', is.function],
  ['opts', is.fields({ repeat: is.boolean.optional() }).optional({})],
]);

interface TimerSpec {
  kind: 'lug.defer' | 'lug.schedule' | 'lug.timer';
  ms: number;
  fn: LuaFunctionRef;
  repeat: boolean;
  where: string;
}

export function timerFunctions(ctx: ApiContext): Record<'defer' | 'schedule' | 'timer', (L: LuaState) => number> {
  const { vm } = ctx;
  return {
    defer: (L) => {
      const [ms, fn] = DEFER.read(vm, L);
      return startTimer(ctx, L, { kind: 'lug.defer', ms, fn, repeat: false, where: vm.where(L) });
    },
    schedule: (L) => {
      const [fn] = SCHEDULE.read(vm, L);
      return startTimer(ctx, L, { kind: 'lug.schedule', ms: 0, fn, repeat: false, where: vm.where(L) });
    },
    timer: (L) => {
      const [ms, fn, opts] = TIMER.read(vm, L);
      return startTimer(ctx, L, { kind: 'lug.timer', ms, fn, repeat: opts.repeat ?? false, where: vm.where(L) });
    },
  };
}

/** Start the timer `spec` says, and push its handle. */
function startTimer(ctx: ApiContext, L: LuaState, spec: TimerSpec): number {
  const { vm, host } = ctx;
  let active = true;
  let running = false;
  let handle: NodeJS.Timeout | NodeJS.Immediate;
  const stop = ctx.track(() => {
    active = false;
    if (spec.kind === 'lug.schedule') clearImmediate(handle as NodeJS.Immediate);
    else clearTimeout(handle as NodeJS.Timeout);
    spec.fn.release();
  });
  const fail = (err: unknown) => {
    const message = messageOf(err);
    if (spec.repeat) stop();
    host.ui.notify(`the Lua timer (${spec.kind}) made at ${spec.where} failed${spec.repeat ? ', so it was stopped' : ''}: ${message}`, 'error');
  };
  const fire = () => {
    if (!active || running) return;
    if (!spec.repeat) active = false;
    running = true;
    const done = () => {
      running = false;
      if (!spec.repeat) stop();
    };
    try {
      const result = vm.call(spec.fn);
      if (result instanceof Promise) result.then(done, (err) => (done(), fail(err)));
      else done();
    } catch (err) {
      done();
      fail(err);
    }
  };
  if (spec.kind === 'lug.schedule') handle = setImmediate(fire);
  else if (spec.repeat) handle = setInterval(fire, Math.max(1, spec.ms));
  else handle = setTimeout(fire, spec.ms);
  handle.unref();
  // The handle: `handle.stop()` and `handle.active()`.
  pushFunctions(ctx.vm, L, `${spec.kind} handle`, {
    stop: () => (stop(), 0),
    active: (Ls) => {
      ctx.vm.f.lua.lua_pushboolean(Ls, active);
      return 1;
    },
  });
  return 1;
}
