/**
 * The decision for one call, read off the spec's sentences in order:
 *   1. the rules for the tool and "*" run in the order they were made; the first "deny" denies, in every mode;
 *   2. a tool allowed always runs, in every mode;
 *   3. "off": it runs;
 *   4. "all": it asks;
 *   5. "policy": any "ask" asks, then any failed rule asks, then an "allow" (on every part) runs it,
 *      else the tool's own default decides.
 * Asking means: approvers first (in order, first answer wins), then, headless, a refusal;
 * with a person there, the dialog queue. Every decision is an event and a log line.
 */
import type { AuthorizeDecision, AuthorizeRequest, CallInfo, LugHost } from '@lug/core';
import { ABORTED as CANCELLED, abortable } from '@lug/core';
import type { ApprovalQueue, QueuePlace } from './approval-queue.js';
import { shortArgs, type AskCause, type DecisionLog, type LoggedFailure } from './decision-log.js';
import { escapeForTerminal } from '@lug/core';
import type { ApprovalModes } from './modes.js';
import { previewCall } from './preview.js';
import { withReadFilter } from './read-filter.js';
import { evaluateRules, type Finding, type RulesOutcome } from './rule-evaluation.js';
import { describe, type RuleSet, type StoredRule } from './rule-set.js';
import { ruleSubject } from './rule-subject.js';
import type { ApprovalCall, Approver, DialogAnswer, Preview } from './types.js';

export const NEEDS_APPROVAL = 'needs approval: run with --auto, or allow it with a rule';
export const CANCELLED_BY_USER = 'cancelled by the user';

/** Who made a decision: rule, user, allowed-always, mode, plugin or headless, and which one. */
interface DecidedBy {
  by: 'rule' | 'user' | 'allowed-always' | 'mode' | 'plugin' | 'headless';
  source?: string;
}

/** What the log line of a decision tells beside its verdict: why it asked, and which rules failed. */
interface Story {
  asked?: AskCause;
  failures?: LoggedFailure[];
}

export interface RegisteredApprover {
  fn: Approver;
  source: string;
}

export interface DeciderParts {
  host: LugHost;
  rules: RuleSet;
  modes: ApprovalModes;
  allowedAlways: ReadonlySet<string>;
  allowAlways(tool: string): void;
  approvers: readonly RegisteredApprover[];
  queue: ApprovalQueue;
  log: DecisionLog;
  now: () => Date;
  sessionId?: () => string;
}

export class Decider {
  constructor(private readonly p: DeciderParts) {}

  /**
   * The scheduler authorizes a turn's calls in call order, each up to its
   * first await: the place in the dialog queue is taken then, so the dialog
   * comes oldest first however long each call's rules and preview take.
   */
  async decide(request: AuthorizeRequest, signal: AbortSignal): Promise<AuthorizeDecision> {
    const place = this.p.queue.reserve();
    try {
      const decision = await this.decideIn(place, request, signal);
      // A directory the call reads is judged as itself: the files the tool reads beneath it are judged as it reads them.
      return withReadFilter(request, decision, { rules: () => this.p.rules.forTool(request.tool), failClosed: () => this.p.host.options.get('rule_failure') === 'deny' });
    } finally {
      place.drop();
    }
  }

  private async decideIn(place: QueuePlace, request: AuthorizeRequest, signal: AbortSignal): Promise<AuthorizeDecision> {
    if (signal.aborted) return this.cancelled(request);
    const tool = this.p.host.tools.get(request.tool);
    const defaultAsks = tool?.ask !== false;
    const rules = this.p.rules.forTool(request.tool);
    // With no rules, a command line's parts only matter when its parse error could be the one thing that asks.
    const mustSplit = request.description.command !== undefined && !defaultAsks && this.p.modes.mode() === 'policy';
    let outcome: RulesOutcome | undefined;
    if (rules.length || mustSplit) {
      const judged = await abortable(this.runRules(request, rules, signal), signal);
      if (judged === CANCELLED) return this.cancelled(request);
      outcome = judged;
    }

    // Whatever the mode, a rule that failed is shown, and the decision's log line carries its error.
    const story: Story = {};
    if (outcome?.failures.length) story.failures = this.reportFailures(request, outcome.failures);
    if (outcome?.deny) return this.finish(request, false, { by: 'rule', source: outcome.deny.source }, withPart(outcome.deny, request), story);
    if (outcome?.failure && this.p.host.options.get('rule_failure') === 'deny') {
      return this.finish(request, false, { by: 'rule', source: outcome.failure.source }, `${withPart(outcome.failure, request)} (rule_failure is "deny")`, story);
    }
    if (this.p.allowedAlways.has(request.tool)) return this.finish(request, true, { by: 'allowed-always' }, undefined, story);
    const mode = this.p.modes.mode();
    if (mode === 'off') return this.finish(request, true, { by: 'mode', source: 'off' }, undefined, story);
    if (mode === 'policy' && !outcome?.ask && !outcome?.failure) {
      if (outcome?.everyPartAllowed && outcome.allow) {
        return this.finish(request, true, { by: 'rule', source: outcome.allow.source }, outcome.allow.reason || undefined, story);
      }
      if (!defaultAsks) return this.finish(request, true, { by: 'mode', source: 'policy' }, `${request.tool} does not ask by default`, story);
    }
    story.asked = askCause(request, mode, rules.length > 0, outcome);
    return this.ask(place, request, story, signal);
  }

  /** Each failure as a warning (the interface's notice, a stderr line headless); returns them as the log keeps them. */
  private reportFailures(request: AuthorizeRequest, failures: Finding[]): LoggedFailure[] {
    const logged: LoggedFailure[] = [];
    for (const failure of failures) {
      const error = withPart(failure, request);
      if (logged.some((f) => f.error === error)) continue;
      logged.push({ source: failure.source, error });
      this.p.host.ui.notify(`${error} (judging ${request.tool} call ${request.id})`, 'warn');
    }
    return logged;
  }

  private runRules(request: AuthorizeRequest, rules: StoredRule[], signal: AbortSignal): Promise<RulesOutcome> {
    const subject = ruleSubject(request);
    return subject instanceof Promise ? subject.then((s) => evaluateRules(rules, s, signal)) : evaluateRules(rules, subject, signal);
  }

  private async ask(place: QueuePlace, request: AuthorizeRequest, story: Story, signal: AbortSignal): Promise<AuthorizeDecision> {
    const reason = story.asked!.reason;
    const call: ApprovalCall = { tool: request.tool, args: request.args, id: request.id, description: request.description, reason, ...(request.agent ? { agent: escapeForTerminal(request.agent.label) } : {}) };
    let preview: Preview | undefined;
    for (const approver of [...this.p.approvers]) {
      if (!preview) {
        const shown = await abortable(previewCall(this.p.host, request, signal), signal);
        if (shown === CANCELLED) return this.cancelled(request, story);
        preview = shown;
      }
      const answer = await abortable(this.runApprover(approver, { ...call, args: { ...call.args } }, preview), signal);
      if (answer === CANCELLED) return this.cancelled(request, story);
      if (answer) return this.answered(request, answer, { by: 'plugin', source: approver.source }, story);
    }
    if (this.p.allowedAlways.has(request.tool)) return this.finish(request, true, { by: 'allowed-always' }, undefined, story);
    if (!this.p.host.ui.interactive) return this.finish(request, false, { by: 'headless' }, NEEDS_APPROVAL, story);

    if (!preview) {
      const shown = await abortable(previewCall(this.p.host, request, signal), signal);
      if (shown === CANCELLED) return this.cancelled(request, story);
      preview = shown;
    }
    if (this.p.allowedAlways.has(request.tool)) return this.finish(request, true, { by: 'allowed-always' }, undefined, story);
    this.p.host.events.emit('approval_request', { call: callInfo(request), reason });
    const entry = { call: { ...call, reason: escapeForTerminal(reason) }, preview, since: this.p.now().getTime() };
    const waited = await place.wait(request, entry, signal);
    if (waited.kind === 'cancelled') return this.cancelled(request, story);
    if (waited.kind === 'released') return this.finish(request, true, { by: 'allowed-always' }, undefined, story);
    return this.answered(request, waited.answer, { by: 'user' }, story);
  }

  /** An approver's answer, or undefined to pass. One that throws or answers nonsense passes, with a warning. */
  private async runApprover(approver: RegisteredApprover, call: ApprovalCall, preview: Preview): Promise<DialogAnswer | undefined> {
    let raw: unknown;
    try {
      raw = await approver.fn(call, preview);
    } catch (err) {
      this.p.host.ui.notify(`approver ${approver.source} failed on ${call.tool} (${(err as Error).message}); the call asks as if it had passed`, 'warn');
      return undefined;
    }
    if (raw === undefined || raw === null) return undefined;
    const verdict = typeof raw === 'string' ? raw : (raw as { verdict?: unknown }).verdict;
    const message = typeof raw === 'object' ? (raw as { message?: unknown }).message : undefined;
    if (verdict === 'allow' || verdict === 'always') return { kind: verdict };
    if (verdict === 'deny') return typeof message === 'string' && message ? { kind: 'deny', message } : { kind: 'deny' };
    this.p.host.ui.notify(
      `approver ${approver.source} returned ${describe(raw)}; an approver returns "allow", "always", "deny" (optionally with a message) or nothing to pass`,
      'warn',
    );
    return undefined;
  }

  private answered(request: AuthorizeRequest, answer: DialogAnswer, decidedBy: DecidedBy, story: Story): AuthorizeDecision {
    if (answer.kind === 'deny') {
      const who = decidedBy.by === 'user' ? 'the user' : `${decidedBy.by} ${decidedBy.source}`;
      return this.finish(request, false, decidedBy, answer.message || `denied by ${who}`, story);
    }
    const decision = this.finish(request, true, decidedBy, undefined, story);
    if (answer.kind === 'always') this.p.allowAlways(request.tool);
    return decision;
  }

  private cancelled(request: AuthorizeRequest, story: Story = {}): AuthorizeDecision {
    return this.finish(request, false, { by: 'user' }, CANCELLED_BY_USER, story);
  }

  private finish(request: AuthorizeRequest, allow: boolean, decidedBy: DecidedBy, reason?: string, story: Story = {}): AuthorizeDecision {
    const by = decidedBy.source ? `${decidedBy.by}:${decidedBy.source}` : decidedBy.by;
    const decision = allow ? 'allow' : 'deny';
    this.p.host.events.emit('approval_decision', { call: callInfo(request), decision, by, ...(reason ? { reason } : {}) });
    this.p.log.append({
      time: this.p.now().toISOString(),
      session: this.sessionId(),
      call: request.id,
      ...(request.agent ? { agent: request.agent.label } : {}),
      tool: request.tool,
      args: shortArgs(request.args),
      decision,
      by: decidedBy.by,
      ...(decidedBy.source ? { source: decidedBy.source } : {}),
      mode: this.p.modes.mode(),
      ...(reason ? { reason } : {}),
      ...(story.asked ? { asked: story.asked } : {}),
      ...(story.failures ? { failures: story.failures } : {}),
    });
    return allow ? { allow: true, by, ...(reason ? { reason } : {}) } : { allow: false, by, reason: reason ?? `denied by ${by}` };
  }

  private sessionId(): string | null {
    try {
      return this.p.sessionId?.() ?? null;
    } catch {
      return null;
    }
  }
}

/** A finding's reason, saying which part of the command line or which path it was about when the call has several. */
function withPart(found: Finding, request: AuthorizeRequest): string {
  const part = found.part !== undefined && found.part !== request.description.command ? ` (part "${found.part}")` : '';
  const path = found.path !== undefined && request.description.paths.length > 1 ? ` (path ${found.path})` : '';
  return `${found.reason}${part}${path}`;
}

/** What made the call ask, and why: a rule (or the bash parser), a failed rule, approval "all", or the tool's default. */
function askCause(request: AuthorizeRequest, mode: string, hadRules: boolean, outcome: RulesOutcome | undefined): AskCause {
  if (outcome?.ask) return { by: outcome.ask.source === 'bash parser' ? 'bash parser' : `rule:${outcome.ask.source}`, reason: withPart(outcome.ask, request) };
  if (outcome?.failure) return { by: `rule:${outcome.failure.source}`, reason: withPart(outcome.failure, request) };
  if (mode === 'all') return { by: 'mode:all', reason: 'approval is "all": every call asks' };
  const unallowed = outcome?.unallowedParts ?? [];
  if (hadRules && unallowed.length && unallowed[0] !== request.description.command) {
    return { by: `default:${request.tool}`, reason: `${request.tool} asks by default, and no rule allowed ${unallowed.map((p) => `"${p}"`).join(', ')}` };
  }
  return { by: `default:${request.tool}`, reason: `${request.tool} asks by default` };
}

function callInfo(request: AuthorizeRequest): CallInfo {
  return { id: request.id, tool: request.tool, args: request.args, argsText: request.argsText, description: request.description, ...(request.agent ? { agent: request.agent } : {}) };
}
