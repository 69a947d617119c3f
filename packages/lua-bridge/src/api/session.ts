/** lug.session.approve: a Lua function that answers in the approval dialog's place; lug.session.messages (session-messages.ts). */
import type { Approver, ApproverAnswer } from '@lug/approvals';
import type { LuaState } from '../fengari.js';
import { LuaError } from '../lua-error.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';
import { conversationCopy } from './session-messages.js';

const APPROVE = signature('lug.session.approve', [['fn', is.function]]);

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
    throw new Error(`the Lua approver made at ${source} failed: ${err instanceof LuaError ? err.luaMessage : (err as Error).message}`);
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
  pushFunctions(ctx.vm, L, 'lug.session', {
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
