/**
 * lug.on / lug.off: Lua hooks on the core's event stream, and on the core's
 * hook points (tool_call, tool_result, before_request, before_compact), whose
 * function may return a table that changes what happens. A name that is both
 * (tool_call, tool_result) is the hook point: its input has the event's shape. lug.on returns the hook's remover, like every other
 * registration; lug.off(remover) calls it. Each event runs the hook on its
 * own coroutine (it may wait); a hook that fails is reported as a
 * notification naming where it was made, and stays subscribed. A hook
 * point's function is awaited, and what it returns is checked by the core
 * (a result that is not one is reported and changes nothing).
 */
import { LUG_EVENT_TYPES, LUG_HOOK_TYPES, type HookInput, type LugEvent, type LugEventType, type LugHookType } from '@lug/core';
import type { LuaFunctionRef } from '../lua-values.js';
import type { LuaState } from '../fengari.js';
import { messageOf } from '../lua-error.js';
import { pushRemover, type ApiContext } from './api-context.js';
import { FUNCTION, typeCheck } from './checks.js';
import { is, signature } from './validate.js';

/** The core's event names, plus "*" for every event. */
export const EVENT_NAMES: readonly LugEventType[] = LUG_EVENT_TYPES;

/** The core's hook points: their functions' return values change what happens. */
export const HOOK_NAMES: readonly LugHookType[] = LUG_HOOK_TYPES;

const ON = signature('lug.on', [
  // tool_call and tool_result are both: listed once.
  ['event', is.oneOf<LugEventType | LugHookType | '*'>(...new Set([...EVENT_NAMES, ...HOOK_NAMES]), '*')],
  ['fn', is.function],
]);
/** The remover lug.on returned, by identity: lua_topointer of a light C function gives back the JS function pushed. */
const REMOVER = typeCheck('the function lug.on returned', FUNCTION, (vm, L, idx) => vm.f.lua.lua_topointer(L, idx) as unknown);
const OFF = signature('lug.off', [['remover', REMOVER]]);

/** The subscriptions lug.on made, by the remover it returned. */
type Subscriptions = Map<unknown, () => void>;

export function eventFunctions(ctx: ApiContext): { on: (L: LuaState) => number; off: (L: LuaState) => number } {
  const { vm, host } = ctx;
  // A remover pushed to Lua is a light C function: lua_topointer gives back this same JS function.
  const subscriptions: Subscriptions = new Map();
  let reporting = false;

  const report = (event: string, where: string, err: unknown) => {
    // A failing hook on "notify" must not notify about itself without end.
    if (reporting) return;
    reporting = true;
    try {
      const message = messageOf(err);
      host.ui.notify(`the Lua hook for ${event} made at ${where} failed: ${message}`, 'error');
    } finally {
      reporting = false;
    }
  };

  return {
    on: (L) => {
      const [name, fn] = ON.read(vm, L);
      const where = vm.where(L);
      if ((HOOK_NAMES as readonly string[]).includes(name)) {
        return pushSubscription(ctx, subscriptions, L, fn, host.hooks.on(name as LugHookType, hookFn(fn), where));
      }
      const listener = (event: LugEvent) => {
        if (reporting && event.type === 'notify') return;
        try {
          const out = fn.call([event]);
          if (out instanceof Promise) out.catch((err) => report(event.type, where, err));
        } catch (err) {
          report(event.type, where, err);
        }
      };
      // Any one event type: the listener takes every event.
      return pushSubscription(ctx, subscriptions, L, fn, name === '*' ? host.events.onAny(listener) : host.events.on(name as 'error', listener));
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

/** A hook point's function: called with the input, its first return value the result (an empty table is no change). */
function hookFn(fn: LuaFunctionRef): (input: HookInput<LugHookType>) => Promise<undefined> {
  return async (input) => {
    const [result] = await fn.call([input]);
    if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
      const fields = result as Record<string, unknown>;
      // An empty Lua table reads as an empty object: as a list of pinned facts it is an empty list.
      if (typeof fields.pinned === 'object' && fields.pinned !== null && !Array.isArray(fields.pinned) && !Object.keys(fields.pinned).length) fields.pinned = [];
    }
    return result as undefined;
  };
}

/** What lug.on returns (and lug.off takes): a function that unsubscribes and frees the Lua function, once. */
function pushSubscription(ctx: ApiContext, subscriptions: Subscriptions, L: LuaState, fn: LuaFunctionRef, unsubscribe: () => void): number {
  const remove = ctx.track(() => {
    unsubscribe();
    subscriptions.delete(remover);
    fn.release();
  });
  const remover = pushRemover(ctx.vm, L, remove);
  subscriptions.set(remover, remove);
  return 1;
}
