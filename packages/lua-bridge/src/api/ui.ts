/** lug.ui: ask the user (the coroutine waits for the answer) and tell the user. */
import type { LuaState } from '../fengari.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const CONFIRM = signature('lug.ui.confirm', [['message', is.string]]);
const NOTIFY = signature('lug.ui.notify', [
  ['message', is.anyOf(is.string, is.number).describedAs('a string (lug.inspect(value) turns a table into text)')],
  ['level', is.oneOf('info', 'warn', 'error').optional('info')],
]);

export function pushUiApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  pushFunctions(vm, L, 'lug.ui', {
    confirm: vm.asyncFn('lug.ui.confirm', (Ls, call) => {
      const [message] = CONFIRM.read(vm, Ls);
      return host.ui.confirm(message, call.signal).then((yes) => [Boolean(yes)]);
    }),
    notify: (Ls) => {
      const [message, level] = NOTIFY.read(vm, Ls);
      host.ui.notify(String(message), level);
      return 0;
    },
  });
}
