/**
 * `createApprovals(host)`: the rules, the approvers, the tools allowed always,
 * the dialog queue and the log, wired together; `approvals.decide` is the
 * authorizer a host is made with. `createHostWithApprovals` makes both at once.
 */
import { authorizerFactory, createHost, type AuthorizeDecision, type AuthorizeRequest, type HostOptions, type LugHost } from '@lug/core';
import { ApprovalQueue } from './approval-queue.js';
import { DecisionLog, defaultLogPath } from './decision-log.js';
import { Decider, type RegisteredApprover } from './decider.js';
import { ApprovalModes } from './modes.js';
import { previewCall } from './preview.js';
import { checkCall, checkExamples, type CheckContext } from './rule-check.js';
import { describe, RuleSet } from './rule-set.js';
import type { Approvals, Approver, RuleExamples, RuleFn, RuleOptions, Verdict } from './types.js';

export interface ApprovalsOptions {
  /** Default: `$XDG_STATE_HOME/lug/approvals.log`, else `~/.local/state/lug/approvals.log` (from `host.env`, a relative XDG value ignored). */
  logPath?: string;
  /** The session each log line belongs to. */
  sessionId?: () => string;
  /** The clock, for the log and the queue. */
  now?: () => Date;
}

const DISPOSED: AuthorizeDecision = { allow: false, by: 'approvals', reason: 'approvals were closed (dispose), so no call runs' };

/**
 * The approvals for `host`. They guard its calls only if the host was made
 * with `approvals.decide` as its authorizer: use `createHostWithApprovals`.
 */
export function createApprovals(host: LugHost, opts: ApprovalsOptions = {}): Approvals {
  const rules = new RuleSet();
  const modes = new ApprovalModes(host);
  const allowed = new Set<string>();
  const approvers: RegisteredApprover[] = [];
  const logPath = opts.logPath ?? defaultLogPath(host.env);
  const log = new DecisionLog(logPath, (message) => host.ui.notify(message, 'warn'));

  const allowAlways = (tool: string) => {
    allowed.add(tool);
    queue.release(tool);
  };
  const queue = new ApprovalQueue(allowAlways);
  const decider = new Decider({
    host,
    rules,
    modes,
    allowedAlways: allowed,
    allowAlways,
    approvers,
    queue,
    log,
    now: opts.now ?? (() => new Date()),
    sessionId: opts.sessionId,
  });
  let disposed = false;
  const decide = async (call: AuthorizeRequest, signal: AbortSignal) => (disposed ? DISPOSED : decider.decide(call, signal));
  const checking: CheckContext = { host, rules, mode: () => modes.mode(), allowedAlways: allowed };

  const approvals: Approvals = {
    rule: ruleAdder(rules, checking),
    check: (call, signal) => checkCall(checking, call, signal),
    approve: approverAdder(approvers),
    decide,
    preview: (call: AuthorizeRequest) => previewCall(host, call),
    queue,
    allowedAlways: {
      list: () => [...allowed],
      clear: () => allowed.clear(),
      add: (tool: string) => allowAlways(tool),
      has: (tool: string) => allowed.has(tool),
    },
    mode: () => modes.mode(),
    toggleAuto: () => modes.toggleAuto(),
    isAuto: () => modes.isAuto(),
    refuseAuto: (reason: string) => modes.refuseAuto(reason),
    autoRefusal: () => modes.autoRefusal(),
    logPath,
    dispose() {
      disposed = true;
      modes.dispose();
      log.close();
    },
  };
  return approvals;
}

/** `approvals.rule`: a rule added at once, or with examples, added once they check out. */
function ruleAdder(rules: RuleSet, checking: CheckContext): Approvals['rule'] {
  const ruleWithExamples = async (tool: string, rule: RuleFn | Verdict, ruleOpts: RuleOptions & { examples: RuleExamples }) => {
    const reserved = rules.reserve(tool, rule, ruleOpts);
    try {
      await checkExamples(checking, reserved.rule, ruleOpts.examples);
    } catch (err) {
      reserved.drop();
      throw err;
    }
    return reserved.activate();
  };
  return ((tool: string, rule: RuleFn | Verdict | null, ruleOpts?: RuleOptions) =>
    ruleOpts?.examples !== undefined ? ruleWithExamples(tool, rule as RuleFn | Verdict, { ...ruleOpts, examples: ruleOpts.examples }) : rules.add(tool, rule, ruleOpts)) as Approvals['rule'];
}

/** `approvals.approve`: adds an approver to `approvers`, numbered in the order made; returns its removal. */
function approverAdder(approvers: RegisteredApprover[]): Approvals['approve'] {
  let approversMade = 0;
  return function approve(fn: Approver, approverOpts: RuleOptions = {}) {
    if (typeof fn !== 'function') throw new TypeError(`approve: an approver is a function (call, preview) → answer, got ${describe(fn)}`);
    approversMade += 1;
    const registered = { fn, source: approverOpts.source ?? `approver #${approversMade}` };
    approvers.push(registered);
    return () => {
      const index = approvers.indexOf(registered);
      if (index >= 0) approvers.splice(index, 1);
    };
  };
}

/**
 * A host guarded by approvals from the moment it exists: `createHost` with
 * `approvals.decide` as its authorizer, which nothing can replace afterwards.
 */
export function createHostWithApprovals(hostOpts: Omit<HostOptions, 'authorize'>, approvalsOpts: ApprovalsOptions = {}): { host: LugHost; approvals: Approvals } {
  let approvals: Approvals | undefined;
  const host = createHost({
    ...hostOpts,
    authorize: authorizerFactory((made) => (approvals = createApprovals(made, approvalsOpts)).decide),
  });
  return { host, approvals: approvals! };
}
