/**
 * The whole decision table: 3 modes × rule verdicts (none, allow, ask, deny,
 * failing, and each of them async) × allowed always × the tool's default.
 * "ask" is observed through an approver that answers in the dialog's place.
 */
import { describe, expect, it } from 'vitest';
import { fakeTool, never, request, setup } from './test-support.js';
import type { AuthorizeDecision } from '@lug/core';
import type { RuleFn } from './types.js';

type Outcome = 'run:mode' | 'run:rule' | 'run:allowed-always' | 'ask' | 'deny';
type Base = 'none' | 'allow' | 'ask' | 'deny' | 'failing';

// mode, rule verdict → [tool asks by default, tool does not ask by default, tool allowed always]
const TABLE: Array<[mode: 'off' | 'policy' | 'all', verdict: Base, defaultAsk: Outcome, defaultNoAsk: Outcome, allowedAlways: Outcome]> = [
  ['off', 'none', 'run:mode', 'run:mode', 'run:allowed-always'],
  ['off', 'allow', 'run:mode', 'run:mode', 'run:allowed-always'],
  ['off', 'ask', 'run:mode', 'run:mode', 'run:allowed-always'],
  ['off', 'deny', 'deny', 'deny', 'deny'],
  ['off', 'failing', 'run:mode', 'run:mode', 'run:allowed-always'],
  ['policy', 'none', 'ask', 'run:mode', 'run:allowed-always'],
  ['policy', 'allow', 'run:rule', 'run:rule', 'run:allowed-always'],
  ['policy', 'ask', 'ask', 'ask', 'run:allowed-always'],
  ['policy', 'deny', 'deny', 'deny', 'deny'],
  ['policy', 'failing', 'ask', 'ask', 'run:allowed-always'],
  ['all', 'none', 'ask', 'ask', 'run:allowed-always'],
  ['all', 'allow', 'ask', 'ask', 'run:allowed-always'],
  ['all', 'ask', 'ask', 'ask', 'run:allowed-always'],
  ['all', 'deny', 'deny', 'deny', 'deny'],
  ['all', 'failing', 'ask', 'ask', 'run:allowed-always'],
];

const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 1));

// Each verdict as rules that look at the arguments, synchronous and async.
const RULES: Record<Base, Record<string, RuleFn | undefined>> = {
  none: { 'no rule': undefined, 'nothing': (args) => (args.path === 'never' ? 'deny' : undefined), 'async nothing': () => later(undefined) },
  allow: { allow: (args) => (args.path === 'x' ? 'allow' : undefined), 'async allow': () => later('allow' as const) },
  ask: { ask: () => ({ verdict: 'ask', reason: 'R' }), 'async ask': () => later({ verdict: 'ask' as const, reason: 'R' }) },
  deny: { deny: () => ({ verdict: 'deny', reason: 'R' }), 'async deny': () => later({ verdict: 'deny' as const, reason: 'R' }) },
  failing: {
    throws: () => {
      throw new Error('boom');
    },
    'not a verdict': () => 'yes' as never,
    'async rejects': () => Promise.reject(new Error('boom')),
  },
};

async function outcomeOf(mode: 'off' | 'policy' | 'all', rule: RuleFn | undefined, toolAsk: boolean | undefined, always: boolean): Promise<{ outcome: Outcome; decision: AuthorizeDecision; asked: string[] }> {
  const { approvals } = setup({ mode, tools: [fakeTool('t', toolAsk)] });
  if (rule) approvals.rule('t', rule, { source: 'table' });
  if (always) approvals.allowedAlways.add('t');
  const asked: string[] = [];
  approvals.approve((call) => {
    asked.push(call.reason ?? '');
    return { verdict: 'deny', message: 'ASKED' };
  }, { source: 'asker' });
  const decision = await approvals.decide(request('t', { path: 'x' }), never);
  let outcome: Outcome;
  if (decision.allow) outcome = `run:${decision.by.split(':')[0]}` as Outcome;
  else if (decision.by === 'plugin:asker') outcome = 'ask';
  else if (decision.by === 'rule:table') outcome = 'deny';
  else throw new Error(`unexpected decision ${JSON.stringify(decision)}`);
  return { outcome, decision, asked };
}

describe('the decision table', () => {
  for (const [mode, base, defaultAsk, defaultNoAsk, allowedAlways] of TABLE) {
    for (const [name, rule] of Object.entries(RULES[base])) {
      it(`${mode} × ${name}: default ask → ${defaultAsk}, default no ask → ${defaultNoAsk}, allowed always → ${allowedAlways}`, async () => {
        expect((await outcomeOf(mode, rule, true, false)).outcome).toBe(defaultAsk);
        expect((await outcomeOf(mode, rule, undefined, false)).outcome).toBe(defaultAsk); // undefined means ask
        expect((await outcomeOf(mode, rule, false, false)).outcome).toBe(defaultNoAsk);
        expect((await outcomeOf(mode, rule, true, true)).outcome).toBe(allowedAlways);
        expect((await outcomeOf(mode, rule, false, true)).outcome).toBe(allowedAlways);
      });
    }
  }

  it('says who decided and why', async () => {
    expect((await outcomeOf('off', undefined, true, false)).decision).toEqual({ allow: true, by: 'mode:off' });
    expect((await outcomeOf('policy', undefined, false, false)).decision).toEqual({ allow: true, by: 'mode:policy', reason: 't does not ask by default' });
    expect((await outcomeOf('policy', RULES.allow.allow, true, false)).decision).toEqual({ allow: true, by: 'rule:table' });
    expect((await outcomeOf('policy', RULES.deny.deny, true, false)).decision).toEqual({ allow: false, by: 'rule:table', reason: 'R' });
    expect((await outcomeOf('all', undefined, true, true)).decision).toEqual({ allow: true, by: 'allowed-always' });
  });

  it('gives the dialog the reason it asks: the rule\'s, the failure, the mode or the default', async () => {
    expect((await outcomeOf('policy', RULES.ask.ask, true, false)).asked).toEqual(['R']);
    expect((await outcomeOf('policy', RULES.failing.throws, true, false)).asked).toEqual(['rule table failed: boom']);
    expect((await outcomeOf('policy', RULES.failing['not a verdict'], true, false)).asked[0]).toMatch(/^rule table returned "yes"; a rule returns "allow", "ask", "deny" or nothing/);
    expect((await outcomeOf('all', undefined, true, false)).asked).toEqual(['approval is "all": every call asks']);
    expect((await outcomeOf('policy', undefined, true, false)).asked).toEqual(['t asks by default']);
  });
});
