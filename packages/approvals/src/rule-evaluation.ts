/**
 * Runs the rules over a call — once, or once per part of its command line and
 * per path it declares (see rule-subject.ts) — and gathers what the decision needs: the first "deny" (which stops
 * everything), the first "ask", the first failure, and whether every part was
 * allowed. How these combine depends on the mode; see decide in approvals.ts.
 */
import type { BashPart } from './bash-part.js';
import { describe, VERDICTS, type StoredRule } from './rule-set.js';
import type { RuleAnswer, RuleCall, RuleFinding, Verdict } from './types.js';

/** One verdict (or failure) with who gave it and the reason to show. */
export interface Finding {
  source: string;
  reason: string;
  /** The command-line part it judged, when the line has parts. */
  part?: string;
  /** The path (absolute) it judged, when the call declares paths. */
  path?: string;
}

export interface RulesOutcome {
  deny?: Finding;
  ask?: Finding;
  /** The first failure; `failures` has them all. */
  failure?: Finding;
  /** Every rule that failed (an error, or an answer that is not a verdict), in order: shown and logged whatever the mode. */
  failures: Finding[];
  allow?: Finding;
  /** True when every unit (each part and path, or the call itself) had at least one "allow". */
  everyPartAllowed: boolean;
  /** The command-line parts no rule allowed. */
  unallowedParts: string[];
  /** Why the line could not be split with certainty: in policy mode it asks, whatever the rules said. */
  incomplete?: string;
}

/** One run of the rules: the arguments and the call they are told, and which part and path it is about. */
export interface Unit {
  args: Record<string, unknown>;
  call: RuleCall;
  part?: string;
  path?: string;
  /** The bash part this unit judges, when the call's command line was split. */
  bash?: BashPart;
}

/** What the rules judge: each unit in turn. */
export interface Subject {
  units: Unit[];
  /** Set when the command line could not be split: the call asks with this reason. */
  unparsable?: string;
}

export type Judged = { verdict: Verdict; reason?: string } | { failed: string } | undefined;

/** `heard`, when given, receives every verdict and failure in the order the rules gave them. */
export async function evaluateRules(rules: StoredRule[], subject: Subject, signal?: AbortSignal, heard?: RuleFinding[]): Promise<RulesOutcome> {
  const outcome: RulesOutcome = { everyPartAllowed: subject.units.length > 0 && !subject.unparsable, unallowedParts: [], failures: [] };
  if (subject.unparsable) {
    outcome.incomplete = subject.unparsable;
    outcome.ask = { source: 'bash parser', reason: `lug cannot split this command line with certainty: ${subject.unparsable}` };
  }
  for (const unit of subject.units) {
    let allowed = false;
    for (const rule of rules) {
      if (signal?.aborted) return outcome;
      let judged = judge(rule, unit.args, unit.call, signal);
      if (judged instanceof Promise) judged = await judged;
      if (!judged) continue;
      if (heard) heard.push(spoke(rule, judged, unit.part));
      if ('failed' in judged) {
        const failed = finding(rule, judged.failed, unit);
        outcome.failure ??= failed;
        outcome.failures.push(failed);
        continue;
      }
      const { verdict, reason } = judged;
      if (verdict === 'deny') {
        outcome.deny = finding(rule, reason ?? `denied by rule ${rule.source}`, unit);
        return outcome;
      }
      if (verdict === 'ask') outcome.ask ??= finding(rule, reason ?? `rule ${rule.source} asks`, unit);
      else {
        allowed = true;
        outcome.allow ??= finding(rule, reason ?? '', unit);
      }
    }
    if (!allowed) {
      outcome.everyPartAllowed = false;
      if (unit.part !== undefined && !outcome.unallowedParts.includes(unit.part)) outcome.unallowedParts.push(unit.part);
    }
  }
  return outcome;
}

function spoke(rule: StoredRule, judged: NonNullable<Judged>, part: string | undefined): RuleFinding {
  const heard: RuleFinding = 'failed' in judged ? { source: rule.source, verdict: 'failed', reason: judged.failed } : { source: rule.source, verdict: judged.verdict };
  if (!('failed' in judged) && judged.reason !== undefined) heard.reason = judged.reason;
  if (part !== undefined) heard.part = part;
  return heard;
}

function finding(rule: StoredRule, reason: string, unit: Unit): Finding {
  const found: Finding = { source: rule.source, reason };
  if (unit.part !== undefined) found.part = unit.part;
  if (unit.path !== undefined) found.path = unit.path;
  return found;
}

/** Run one rule; synchronous rules stay synchronous so deciding stays cheap. */
export function judge(rule: StoredRule, args: Record<string, unknown>, call: RuleCall, signal?: AbortSignal): Judged | Promise<Judged> {
  if (typeof rule.judge === 'string') return { verdict: rule.judge };
  let answer: RuleAnswer | Promise<RuleAnswer>;
  try {
    answer = rule.judge(args, call, signal);
  } catch (err) {
    return { failed: failedReason(rule, err) };
  }
  if (isThenable(answer)) {
    return Promise.resolve(answer).then(
      (value) => normalise(rule, value),
      (err) => ({ failed: failedReason(rule, err) }),
    );
  }
  return normalise(rule, answer);
}

function isThenable(value: unknown): value is PromiseLike<RuleAnswer> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function normalise(rule: StoredRule, answer: RuleAnswer): Judged {
  if (answer === undefined || answer === null) return undefined;
  if (typeof answer === 'string' && VERDICTS.has(answer)) return { verdict: answer as Verdict };
  if (typeof answer === 'object' && VERDICTS.has((answer as { verdict?: unknown }).verdict as string)) {
    const { verdict, reason } = answer as { verdict: Verdict; reason?: unknown };
    return reason === undefined || reason === null ? { verdict } : { verdict, reason: String(reason) };
  }
  return {
    failed: `rule ${rule.source} returned ${describe(answer)}; a rule returns "allow", "ask", "deny" or nothing, optionally with a reason`,
  };
}

function failedReason(rule: StoredRule, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `rule ${rule.source} failed: ${message}`;
}
