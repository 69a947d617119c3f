/**
 * Rules judge the paths a call declares, and a directory is judged as itself:
 * `grep path: "."` is judged on the project directory, not on the `.env` or
 * `secrets/key` it then prints lines of. So the decision allowing a call
 * with a declared read path carries the rules' answer for each file a tool
 * reads beneath it (`refusedRead`, which the scheduler puts in the tool's
 * context): grep and ls leave out what a rule
 * would have refused to `read`, and a rule on `.env`, `secrets/` or `^/etc/`
 * keeps its meaning whichever directory is searched. Without rules there is
 * nothing to ask, and no filter: a search costs what it did.
 */
import { resolveRealPath, type AuthorizeDecision, type AuthorizeRequest, type ToolKind } from '@lug/core';
import { judge } from './rule-evaluation.js';
import type { StoredRule } from './rule-set.js';
import type { RuleCall } from './types.js';

export interface ReadFilterParts {
  /** The rules of the call's tool and "*", as they are when asked (a deny rule made since still hides). */
  rules(): StoredRule[];
  /** Whether a rule that fails refuses (option `rule_failure` = "deny"). */
  failClosed(): boolean;
}

/** A rule that wants to wait (on the user, say) cannot, inside a search: its signal is already aborted. */
const NO_WAITING: AbortSignal = AbortSignal.abort();

/**
 * The decision, with `refusedRead` when it allows a call that declares a read
 * path and the call's tool has rules (the scheduler hands it to the tool). A file a rule denies is refused; so is one a
 * rule asks for, when nobody was asked about the call (it was allowed by a
 * rule or by the policy): the person never saw that file. When someone
 * answered the call, or in auto mode, an "ask" hides nothing, as it would not
 * have stopped the call either.
 */
export function withReadFilter(request: AuthorizeRequest, decision: AuthorizeDecision, parts: ReadFilterParts): AuthorizeDecision {
  if (!decision.allow || !request.description.paths.some((p) => p.access === 'read')) return decision;
  if (!parts.rules().length) return decision;
  const asksRefuse = decision.by.startsWith('rule:') || decision.by === 'mode:policy';
  return { ...decision, refusedRead: (path: string) => refusal(request, resolveRealPath(request.cwd, path), asksRefuse, parts) };
}

/**
 * Why the rules refuse reading `absPath` for this call, or undefined: the first deny, else the first ask or failure
 * that counts. The file is judged as a read of it (`kind` "read", as a rule on the read tool's kind expects) and, when
 * the call's own kind differs (a search), as that kind too: left out if either refuses it.
 */
function refusal(request: AuthorizeRequest, absPath: string, asksRefuse: boolean, parts: ReadFilterParts): string | undefined {
  const own = request.description.kind;
  const first = refusalAs('read', request, absPath, asksRefuse, parts);
  if (own === 'read' || first.denied) return first.denied ?? first.held;
  const second = refusalAs(own, request, absPath, asksRefuse, parts);
  return second.denied ?? first.held ?? second.held;
}

function refusalAs(kind: ToolKind, request: AuthorizeRequest, absPath: string, asksRefuse: boolean, parts: ReadFilterParts): { denied?: string; held?: string } {
  const { tool, id, cwd } = request;
  const call: RuleCall = { tool, id, cwd, kind, paths: [{ path: absPath, access: 'read', abs_path: absPath }], abs_path: absPath };
  let held: string | undefined;
  for (const rule of parts.rules()) {
    const judged = judge(rule, Object.assign({}, request.args), call, NO_WAITING);
    if (judged instanceof Promise) {
      judged.catch(() => undefined); // its answer comes too late to use
      held ??= `rule ${rule.source} cannot answer for ${absPath} without waiting`;
      continue;
    }
    if (!judged) continue;
    if ('failed' in judged) {
      if (parts.failClosed()) held ??= `${judged.failed} (rule_failure is "deny")`;
      continue;
    }
    if (judged.verdict === 'deny') return { denied: judged.reason ?? `denied by rule ${rule.source}` };
    if (judged.verdict === 'ask' && asksRefuse) held ??= judged.reason ?? `rule ${rule.source} asks`;
  }
  return held === undefined ? {} : { held };
}
