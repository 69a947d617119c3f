/**
 * A rule that fails (throws, or answers something that is not a verdict) is
 * shown and logged with its error in every mode; lug.opt.rule_failure chooses
 * whether its call follows the page's order ("ask") or is denied ("deny").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { never, request, setup } from './test-support.js';

function logLines(dir: string): Array<Record<string, any>> {
  return readFileSync(join(dir, 'state', 'lug', 'approvals.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function warnings(events: Array<{ type: string }>): string[] {
  return events.filter((e): e is { type: 'notify'; message: string; level: string } => e.type === 'notify' && (e as any).level === 'warn').map((e) => e.message);
}

describe('a rule that fails', () => {
  it('in auto mode lets the call run (the page\'s order), but is shown and logged with its error', async () => {
    const { approvals, dir, events } = setup({ mode: 'off' });
    approvals.rule('bash', () => {
      throw new Error('boom');
    }, { source: 'init.lua:3' });
    const decision = await approvals.decide(request('bash', { command: 'rm x' }), never);
    expect(decision).toMatchObject({ allow: true, by: 'mode:off' });
    expect(warnings(events)).toEqual([expect.stringMatching(/^rule init\.lua:3 failed: boom \(judging bash call call-\d+\)$/)]);
    expect(logLines(dir)[0]).toMatchObject({ decision: 'allow', by: 'mode', failures: [{ source: 'init.lua:3', error: 'rule init.lua:3 failed: boom' }] });
  });

  it('that answers something other than a verdict is a failure too, named with what it answered', async () => {
    const { approvals, dir } = setup({ mode: 'off' });
    approvals.rule('bash', () => 'DENY' as never, { source: 'init.lua:4' });
    await approvals.decide(request('bash', { command: 'ls' }), never);
    expect(logLines(dir)[0].failures[0].error).toMatch(/^rule init\.lua:4 returned "DENY"; a rule returns "allow", "ask", "deny" or nothing/);
  });

  it('with rule_failure "deny" denies the call in auto mode, naming the rule and its error', async () => {
    const { host, approvals, dir } = setup({ mode: 'off' });
    host.options.set('rule_failure', 'deny');
    approvals.rule('bash', () => 42 as never, { source: 'init.lua:5' });
    const decision = await approvals.decide(request('bash', { command: 'ls' }), never);
    expect(decision).toEqual({ allow: false, by: 'rule:init.lua:5', reason: expect.stringMatching(/^rule init\.lua:5 returned 42; .* \(rule_failure is "deny"\)$/) });
    expect(logLines(dir)[0]).toMatchObject({ decision: 'deny', by: 'rule', source: 'init.lua:5', mode: 'off', failures: [{ source: 'init.lua:5' }] });
  });

  it('with rule_failure "deny" wins over a tool allowed always and another rule\'s allow', async () => {
    const { host, approvals } = setup({ mode: 'policy' });
    host.options.set('rule_failure', 'deny');
    approvals.rule('bash', 'allow', { source: 'allow-all' });
    approvals.rule('bash', () => {
      throw new Error('bad');
    }, { source: 'broken' });
    approvals.allowedAlways.add('bash');
    expect(await approvals.decide(request('bash', { command: 'ls' }), never)).toMatchObject({ allow: false, by: 'rule:broken' });
  });

  it('with rule_failure "deny" still lets an earlier deny be the reason', async () => {
    const { host, approvals } = setup({ mode: 'off' });
    host.options.set('rule_failure', 'deny');
    approvals.rule('bash', () => {
      throw new Error('bad');
    }, { source: 'broken' });
    approvals.rule('bash', (args) => (String(args.command).startsWith('rm') ? { verdict: 'deny', reason: 'no rm' } : undefined), { source: 'no-rm' });
    expect(await approvals.decide(request('bash', { command: 'rm x' }), never)).toMatchObject({ allow: false, by: 'rule:no-rm', reason: 'no rm' });
  });

  it('on one part of a command line is reported with that part, once per distinct error', async () => {
    const { approvals, events } = setup({ mode: 'off' });
    approvals.rule('bash', (args) => {
      if (String(args.command).startsWith('rm')) throw new Error('no');
      return undefined;
    }, { source: 'r' });
    await approvals.decide(request('bash', { command: 'ls; rm x; rm x' }), never);
    expect(warnings(events)).toEqual([expect.stringMatching(/^rule r failed: no \(part "rm x"\) \(judging bash call/)]);
  });

  it('is checked by approvals.check as the decision would be: a deny with rule_failure "deny"', async () => {
    const { host, approvals } = setup({ mode: 'off' });
    approvals.rule('bash', () => {
      throw new Error('bad');
    }, { source: 'broken' });
    expect((await approvals.check({ tool: 'bash', args: { command: 'ls' } })).decision).toBe('allow');
    host.options.set('rule_failure', 'deny');
    expect(await approvals.check({ tool: 'bash', args: { command: 'ls' } })).toMatchObject({ decision: 'deny', by: 'rule:broken' });
  });
});

describe('the log of a call that asked', () => {
  it('says, for a headless refusal, which rule made it ask', async () => {
    const { approvals, dir } = setup({ mode: 'policy', interactive: false });
    approvals.rule('bash', (args) => (String(args.command).includes('curl') ? { verdict: 'ask', reason: 'network' } : undefined), { source: 'init.lua:9' });
    const decision = await approvals.decide(request('bash', { command: 'curl x' }), never);
    expect(decision).toMatchObject({ allow: false, by: 'headless' });
    expect(logLines(dir)[0]).toMatchObject({ by: 'headless', asked: { by: 'rule:init.lua:9', reason: 'network' } });
  });

  it('says, for a headless refusal, that the tool asks by default when no rule spoke', async () => {
    const { approvals, dir } = setup({ mode: 'policy', interactive: false });
    await approvals.decide(request('write', { path: 'a' }), never);
    expect(logLines(dir)[0]).toMatchObject({ by: 'headless', asked: { by: 'default:write', reason: 'write asks by default' } });
  });

  it('says when approval "all" made it ask, and a failed rule when one did', async () => {
    const { host, approvals, dir } = setup({ mode: 'all', interactive: false });
    await approvals.decide(request('read', { path: 'a' }), never);
    host.options.set('approval', 'policy');
    approvals.rule('read', () => {
      throw new Error('oops');
    }, { source: 'f' });
    await approvals.decide(request('read', { path: 'a' }), never);
    const [all, failed] = logLines(dir);
    expect(all!.asked).toEqual({ by: 'mode:all', reason: 'approval is "all": every call asks' });
    expect(failed!.asked).toEqual({ by: 'rule:f', reason: 'rule f failed: oops' });
  });

  it('leaves `asked` out of a decision that did not ask', async () => {
    const { approvals, dir } = setup({ mode: 'policy' });
    await approvals.decide(request('read', { path: 'a' }), never);
    expect(logLines(dir)[0]).not.toHaveProperty('asked');
    expect(logLines(dir)[0]).not.toHaveProperty('failures');
  });
});
