/** lug.ui: ask the user (the coroutine waits for the answer) and tell the user. */
import type { LuaState } from '../fengari.js';
import { LuaArgs } from './lua-args.js';
import { pushFunctions, type ApiContext } from './api-context.js';

const LEVELS = ['info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

export function pushUiApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  pushFunctions(vm, L, 'lug.ui', {
    confirm: vm.asyncFn('lug.ui.confirm', (Ls, call) => {
      const message = new LuaArgs(vm, Ls).string(1, 'message');
      return host.ui.confirm(message, call.signal).then((yes) => [Boolean(yes)]);
    }),
    notify: (Ls) => {
      const a = new LuaArgs(vm, Ls);
      const message = a.is(1, 'string') ? a.string(1, 'message') : String(a.data(1) ?? 'nil');
      const level = (a.optString(2, 'level') ?? 'info') as Level;
      if (!LEVELS.includes(level)) throw new Error(`level must be "info", "warn" or "error", got "${level}"`);
      host.ui.notify(message, level);
      return 0;
    },
  });
}
