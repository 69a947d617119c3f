/**
 * Rules that can be tested: `check` runs the rules on a call without running
 * it (what `lug rules check` prints), and a rule's examples are checked when
 * it is made, as Codex checks the `match`/`not_match` examples of its rule
 * files when it loads them: a rule that answers one wrongly is an error
 * naming its source, the example, and what it answered.
 */
import { describeCall, type ApprovalMode, type CallDescription, type LugHost } from '@lug/core';
import type { BashPart } from './bash-part.js';
import { evaluateRules, judge, type Judged, type RulesOutcome, type Subject } from './rule-evaluation.js';
import { describe, VERDICTS, type RuleSet, type StoredRule } from './rule-set.js';
import { ruleSubject } from './rule-subject.js';
import type { CheckCall, ExampleVerdict, RuleCheck, RuleExamples, RuleFinding, Verdict } from './types.js';

export interface CheckContext {
  host: LugHost;
  rules: RuleSet;
  mode(): ApprovalMode;
  allowedAlways: ReadonlySet<string>;
}

/** What the rules judge for a call, as the decider builds it: from the call's description (the tool's own, or the generic one). */
async function subjectFor(tool: string, id: string, args: Record<string, unknown>, cwd: string, description: CallDescription): Promise<{ subject: Subject; parts?: BashPart[] }> {
  const subject = await ruleSubject({ tool, id, cwd, args, description });
  return description.command === undefined ? { subject } : { subject, parts: [...new Set(subject.units.map((u) => u.bash!))] };
}

let checks = 0;

export async function checkCall(ctx: CheckContext, call: CheckCall, signal?: AbortSignal): Promise<RuleCheck> {
  if (typeof call?.tool !== 'string' || call.tool === '') throw new TypeError(`check: the call needs a tool name, got ${describe(call?.tool)}`);
  if (typeof call.args !== 'object' || call.args === null || Array.isArray(call.args)) {
    throw new TypeError(`check: the arguments of ${call.tool} are an object (e.g. { command: "git status" }), got ${describe(call.args)}`);
  }
  const known = ctx.host.tools.get(call.tool);
  const cwd = call.cwd ?? ctx.host.cwd;
  checks += 1;
  const description = describeCall(known, call.args, JSON.stringify(call.args), cwd);
  const { subject, parts } = await subjectFor(call.tool, `check-${checks}`, call.args, cwd, description);
  const findings: RuleFinding[] = [];
  const rules = ctx.rules.forTool(call.tool);
  const outcome = await evaluateRules(rules, subject, signal, findings);
  const failClosed = ctx.host.options.get('rule_failure') === 'deny';
  const decided = decisionFrom(outcome, { tool: call.tool, mode: ctx.mode(), allowedAlways: ctx.allowedAlways.has(call.tool), defaultAsks: known?.ask !== false, failClosed });
  return {
    ...decided,
    findings,
    ...(parts ? { parts } : {}),
    ...(outcome.incomplete ? { incomplete: outcome.incomplete } : {}),
  };
}

/** The decision table of decider.ts, without asking anyone: what the call would get now. */
function decisionFrom(
  outcome: RulesOutcome,
  at: { tool: string; mode: ApprovalMode; allowedAlways: boolean; defaultAsks: boolean; failClosed: boolean },
): Pick<RuleCheck, 'decision' | 'by' | 'reason'> {
  const withReason = (decision: Verdict, by: string, reason?: string) => (reason ? { decision, by, reason } : { decision, by });
  if (outcome.deny) return withReason('deny', `rule:${outcome.deny.source}`, outcome.deny.reason);
  if (outcome.failure && at.failClosed) return withReason('deny', `rule:${outcome.failure.source}`, `${outcome.failure.reason} (rule_failure is "deny")`);
  if (at.allowedAlways) return withReason('allow', 'allowed-always');
  if (at.mode === 'off') return withReason('allow', 'mode:off');
  if (at.mode === 'all') return withReason('ask', 'mode:all', 'approval is "all": every call asks');
  if (outcome.incomplete) return withReason('ask', 'incomplete', outcome.ask?.reason);
  if (outcome.ask) return withReason('ask', `rule:${outcome.ask.source}`, outcome.ask.reason);
  if (outcome.failure) return withReason('ask', `rule:${outcome.failure.source}`, outcome.failure.reason);
  if (outcome.everyPartAllowed && outcome.allow) return withReason('allow', `rule:${outcome.allow.source}`, outcome.allow.reason || undefined);
  if (!at.defaultAsks) return withReason('allow', 'mode:policy', `${at.tool} does not ask by default`);
  const unallowed = outcome.unallowedParts;
  return withReason('ask', 'default', unallowed.length > 1 ? `${at.tool} asks by default, and no rule allowed ${unallowed.map((p) => `"${p}"`).join(', ')}` : `${at.tool} asks by default`);
}

/**
 * Runs `rule` alone on each example and throws one error listing every
 * example it answered otherwise, with the rule's source.
 */
export async function checkExamples(ctx: CheckContext, rule: StoredRule, examples: RuleExamples): Promise<void> {
  if (typeof examples !== 'object' || examples === null || Array.isArray(examples)) {
    throw new TypeError(`rule ${rule.source}: examples are a table of call → expected verdict (e.g. { ["git status"] = "allow" }), got ${describe(examples)}`);
  }
  const wrong: string[] = [];
  for (const [key, expected] of Object.entries(examples)) {
    if (!VERDICTS.has(expected as string) && expected !== 'none') {
      throw new TypeError(`rule ${rule.source}: the example ${JSON.stringify(key)} expects ${describe(expected)}; an example expects "allow", "ask", "deny" or "none"`);
    }
    const args = exampleArgs(rule.source, key);
    const known = rule.tool === '*' ? undefined : ctx.host.tools.get(rule.tool);
    // A command line is judged part by part; arguments as a call with them would be.
    const described = describeCall(known, args, key, ctx.host.cwd);
    const description = key.trimStart().startsWith('{') ? described : { ...described, command: key };
    const { subject } = await subjectFor(rule.tool, 'example', args, ctx.host.cwd, description);
    const answer = await answerOf(rule, subject);
    if (answer.verdict !== expected) wrong.push(`  ${JSON.stringify(key)}: expected "${expected}", ${answer.said}`);
  }
  if (wrong.length) {
    throw new Error(`rule ${rule.source} answers ${wrong.length === 1 ? 'an example' : `${wrong.length} examples`} otherwise than they say:\n${wrong.join('\n')}`);
  }
}

/** A key that is a JSON object is the arguments; any other key is a command line. */
function exampleArgs(source: string, key: string): Record<string, unknown> {
  if (!key.trimStart().startsWith('{')) return { command: key };
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch (err) {
    throw new TypeError(`rule ${source}: the example ${JSON.stringify(key)} begins like a JSON object of arguments but is not one (${(err as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TypeError(`rule ${source}: the example ${JSON.stringify(key)} is not a JSON object of arguments`);
  return parsed as Record<string, unknown>;
}

/** The rule's answer for a whole call, combined over its parts, and how to say it. */
async function answerOf(rule: StoredRule, subject: Subject): Promise<{ verdict: ExampleVerdict | 'failed'; said: string }> {
  const answers: Array<{ part?: string; judged: Judged }> = [];
  for (const unit of subject.units) {
    let judged = judge(rule, unit.args, unit.call);
    if (judged instanceof Promise) judged = await judged;
    answers.push({ part: unit.part, judged });
    if (judged && 'failed' in judged) return { verdict: 'failed', said: `but the rule failed: ${judged.failed}` };
  }
  const verdicts = answers.map((a) => (a.judged && 'verdict' in a.judged ? a.judged.verdict : undefined));
  const verdict: ExampleVerdict = verdicts.includes('deny') ? 'deny' : verdicts.includes('ask') ? 'ask' : verdicts.length && verdicts.every((v) => v === 'allow') ? 'allow' : 'none';
  const detail = answers.length > 1 ? ` (${answers.map((a, k) => `"${a.part}": ${verdicts[k] ?? 'no verdict'}`).join('; ')})` : '';
  const incomplete = subject.unparsable ? `; lug cannot split this line with certainty (${subject.unparsable}), so it asks in policy mode whatever the rules say` : '';
  return { verdict, said: `the rule answered "${verdict}"${detail}${incomplete}` };
}
