/**
 * lug.on / lug.off: Lua hooks on the core's event stream. lug.on returns the
 * hook's remover, like every other registration; lug.off(remover) calls it.
 * Each event runs the hook on its own coroutine (it may wait); a hook that
 * fails is reported as a notification naming where it was made, and stays
 * subscribed.
 */
import { LUG_EVENT_TYPES, type LugEvent, type LugEventType } from '@lug/core';
import type { LuaState } from '../fengari.js';
import { LuaError } from '../lua-error.js';
import type { ApiContext } from './api-context.js';
import { FUNCTION, typeCheck } from './checks.js';
import { is, signature } from './validate.js';

/** The core's event names, plus "*" for every event. */
export const EVENT_NAMES: readonly LugEventType[] = LUG_EVENT_TYPES;

const ON = signature('lug.on', [
  ['event', is.oneOf<LugEventType | '*'>(...EVENT_NAMES, '*')],
  ['fn', is.function],
]);
/** The remover lug.on returned, by identity: lua_topointer of a light C function gives back the JS function pushed. */
const REMOVER = typeCheck('the function lug.on returned', FUNCTION, (vm, L, idx) => vm.f.lua.lua_topointer(L, idx) as unknown);
const OFF = signature('lug.off', [['remover', REMOVER]]);

export function eventFunctions(ctx: ApiContext): { on: (L: LuaState) => number; off: (L: LuaState) => number } {
  const { vm, host } = ctx;
  // A remover pushed to Lua is a light C function: lua_topointer gives back this same JS function.
  const subscriptions = new Map<unknown, () => void>();
  let reporting = false;

  const report = (event: string, where: string, err: unknown) => {
    // A failing hook on "notify" must not notify about itself without end.
    if (reporting) return;
    reporting = true;
    try {
      const message = err instanceof LuaError ? err.luaMessage : (err as Error).message;
      host.ui.notify(`the Lua hook for ${event} made at ${where} failed: ${message}`, 'error');
    } finally {
      reporting = false;
    }
  };

  return {
    on: (L) => {
      const [name, fn] = ON.read(vm, L);
      const where = vm.where(L);
      const listener = (event: LugEvent) => {
        if (reporting && event.type === 'notify') return;
        try {
          const out = fn.call([event]);
          if (out instanceof Promise) out.catch((err) => report(event.type, where, err));
        } catch (err) {
          report(event.type, where, err);
        }
      };
      const unsubscribe = name === '*' ? host.events.onAny(listener) : host.events.on(name as 'error', listener) // any one event type: the listener takes every event;
      const remove = ctx.track(() => {
        unsubscribe();
        subscriptions.delete(remover);
        fn.release();
      });
      const remover = vm.fn('remove', () => {
        remove();
        return 0;
      });
      subscriptions.set(remover, remove);
      vm.f.lua.lua_pushjsfunction(L, remover);
      return 1;
    },
    off: (L) => {
      const [remover] = OFF.read(vm, L);
      const remove = subscriptions.get(remover);
      remove?.();
      vm.f.lua.lua_pushboolean(L, Boolean(remove));
      return 1;
    },
  };
}
