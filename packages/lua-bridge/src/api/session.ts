/** lug.session: approve (a Lua function that answers in the approval dialog's place), messages (session-messages.ts), send (a prompt as if typed), state (kept in the session file). */
import type { Approver, ApproverAnswer } from '@lug/approvals';
import type { StateValue } from '@lug/core';
import type { LuaState } from '../fengari.js';
import { messageOf } from '../lua-error.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';
import { conversationCopy } from './session-messages.js';

const APPROVE = signature('lug.session.approve', [['fn', is.function]]);
const SEND = signature('lug.session.send', [['prompt', is.string.that((p) => p.trim() !== '', 'a non-empty prompt')]]);
const STATE = signature('lug.session.state', [
  ['key', is.string.that((k) => /^[A-Za-z0-9_.:-]{1,100}$/.test(k), 'a key of 1 to 100 letters, digits and _ . : -')],
  ['value', is.any],
]);

const ANSWERS = ['allow', 'always', 'deny'];

function luaApprover(fn: LuaFunctionRef, source: string): Approver {
  const answer = (values: unknown[]): ApproverAnswer => {
    const [verdict, message] = values;
    if (verdict === undefined || verdict === null) return undefined;
    if (typeof verdict !== 'string' || !ANSWERS.includes(verdict)) {
      throw new Error(`the Lua approver made at ${source} returned ${JSON.stringify(verdict)}; it returns "allow", "always", "deny" (optionally with a message for the model) or nil to pass`);
    }
    if (verdict === 'deny' && typeof message === 'string') return { verdict: 'deny', message };
    return verdict as ApproverAnswer;
  };
  const failed = (err: unknown): never => {
    throw new Error(`the Lua approver made at ${source} failed: ${messageOf(err)}`);
  };
  return (call, preview) => {
    let out: unknown[] | Promise<unknown[]>;
    try {
      out = fn.call([call, preview]);
    } catch (err) {
      return failed(err);
    }
    return out instanceof Promise ? out.then(answer, failed) : answer(out);
  };
}

const MESSAGES = signature('lug.session.messages', []);

export function pushSessionApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  pushFunctions(ctx.vm, L, 'lug.session', {
    send: (Ls) => {
      const [prompt] = SEND.read(vm, Ls);
      host.inbox.send(prompt);
      return 0;
    },
    state: (Ls) => {
      const given = vm.f.lua.lua_gettop(Ls) >= 2;
      const [key, value] = STATE.read(vm, Ls);
      if (given) {
        host.state.set(key, value as StateValue | undefined);
        return 0;
      }
      vm.pushJs(Ls, host.state.get(key) ?? null);
      return 1;
    },
    messages: (Ls) => {
      MESSAGES.read(ctx.vm, Ls);
      ctx.vm.pushJs(Ls, conversationCopy(ctx.conversation));
      return 1;
    },
    approve: (Ls) => {
      if (!ctx.approvals) throw new Error('approvals are not enabled in this lug');
      const [fn] = APPROVE.read(ctx.vm, Ls);
      const source = ctx.vm.where(Ls);
      const remove = ctx.approvals.approve(luaApprover(fn, source), { source });
      pushRemover(ctx.vm, Ls, ctx.track(() => {
        remove();
        fn.release();
      }));
      return 1;
    },
  });
}
