/** lug.ui: ask the user (the coroutine waits for the answer), tell the user, show a panel above the input, and publish the plan of the work. */
import type { LuaState } from '../fengari.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const CONFIRM = signature('lug.ui.confirm', [['message', is.string]]);
const NOTIFY = signature('lug.ui.notify', [
  ['message', is.anyOf(is.string, is.number).describedAs('a string (lug.inspect(value) turns a table into text)')],
  ['level', is.oneOf('info', 'warn', 'error').optional('info')],
]);

const PANEL = signature('lug.ui.panel', [
  ['name', is.string.that((n) => /^[A-Za-z0-9_.:-]+$/.test(n), 'a name of letters, digits and _ . : -')],
  ['lines', is.anyOf(is.string, is.listOf(is.string, 'list of lines')).optional()],
]);

const BADGE = signature('lug.ui.badge', [
  ['name', is.string.that((n) => /^[A-Za-z0-9_.:-]+$/.test(n), 'a name of letters, digits and _ . : -')],
  ['text', is.string.optional()],
]);

const PLAN_ENTRY = is.fields(
  {
    content: is.string.that((c) => c.trim() !== '', 'a text that is not empty'),
    status: is.oneOf('pending', 'in_progress', 'completed'),
    priority: is.oneOf('high', 'medium', 'low').optional('medium'),
  },
  'plan entry ({ content, status, priority? })',
);
const PLAN = signature('lug.ui.plan', [['entries', is.listOf(PLAN_ENTRY, 'list of plan entries ({ content, status, priority? })')]]);

export function pushUiApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  // One remover per panel and mark this Lua set, so close() (a reload) takes them away.
  const shown = new Map<string, () => void>();
  const keep = (key: string, on: boolean, hide: () => void) => {
    if (on && !shown.has(key)) {
      shown.set(key, ctx.track(() => {
        shown.delete(key);
        hide();
      }));
    } else if (!on) shown.get(key)?.();
  };
  pushFunctions(vm, L, 'lug.ui', {
    panel: (Ls) => {
      const [name, given] = PANEL.read(vm, Ls);
      const lines = typeof given === 'string' ? given.split('\n') : given;
      host.ui.panel(name, lines);
      keep(`panel:${name}`, !!lines?.length, () => host.ui.panel(name, undefined));
      return 0;
    },
    badge: (Ls) => {
      const [name, text] = BADGE.read(vm, Ls);
      host.ui.badge(name, text || undefined);
      keep(`badge:${name}`, !!text, () => host.ui.badge(name, undefined));
      return 0;
    },
    confirm: vm.asyncFn('lug.ui.confirm', (Ls, call) => {
      const [message] = CONFIRM.read(vm, Ls);
      return host.ui.confirm(message, call.signal).then((yes) => [Boolean(yes)]);
    }),
    plan: (Ls) => {
      const [entries] = PLAN.read(vm, Ls);
      host.ui.plan(entries.map(({ content, status, priority }) => ({ content, status, priority })));
      return 0;
    },
    notify: (Ls) => {
      const [message, level] = NOTIFY.read(vm, Ls);
      host.ui.notify(String(message), level);
      return 0;
    },
  });
}
