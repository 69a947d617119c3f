/**
 * Rules can be tested: examples are checked when a rule is made (a wrong one
 * is an error naming the rule's source, the example and what the rule
 * answered), and `check` shows what lug would decide for a call, every rule
 * that spoke, and the parts the rules saw.
 */
import { describe, expect, it } from 'vitest';
import { fakeTool, never, request, setup } from './test-support.js';
import type { RuleFn } from './types.js';

// lug.tool.rule("bash", function(args) if args.command:match("^git status") then return "allow" end
//   if args.program_name == "rm" then return "deny", "no rm" end end)
const gitStatusNoRm: RuleFn = (args) => {
  if (String(args.command).startsWith('git status')) return 'allow';
  if (args.program_name === 'rm') return { verdict: 'deny', reason: 'no rm' };
  return undefined;
};

describe('rule examples', () => {
  it('adds a rule whose examples it answers as given', async () => {
    const { approvals } = setup();
    const remove = await approvals.rule('bash', gitStatusNoRm, {
      source: 'init.lua:3',
      examples: { 'git status': 'allow', 'git status; rm -rf x': 'deny', 'sudo rm x': 'deny', 'git status && make': 'none', make: 'none' },
    });
    expect(await approvals.decide(request('bash', { command: 'git status' }), never)).toMatchObject({ allow: true, by: 'rule:init.lua:3' });
    remove();
    expect(await approvals.decide(request('bash', { command: 'git status' }), never)).toMatchObject({ allow: false, by: 'headless' });
  });

  it('refuses a rule that answers an example otherwise, naming its source, the example and the answer, part by part', async () => {
    const { approvals } = setup();
    const made = approvals.rule('bash', gitStatusNoRm, { source: 'init.lua:3', examples: { 'git status': 'allow', 'git status && curl x': 'deny' } });
    await expect(made).rejects.toThrow(
      'rule init.lua:3 answers an example otherwise than they say:\n  "git status && curl x": expected "deny", the rule answered "none" ("git status": allow; "curl x": no verdict)',
    );
    // The rule was never added.
    expect(await approvals.decide(request('bash', { command: 'git status' }), never)).toMatchObject({ allow: false, by: 'headless' });
  });

  it('lists every wrong example in one error, and says when a rule fails on one', async () => {
    const { approvals } = setup();
    const failing: RuleFn = (args) => {
      if (String(args.command).includes('boom')) throw new Error('boom');
      return 'allow';
    };
    const made = approvals.rule('bash', failing, { source: 'plugin x', examples: { ls: 'deny', 'echo boom': 'allow' } });
    await expect(made).rejects.toThrow(/rule plugin x answers 2 examples otherwise than they say:\n {2}"ls": expected "deny", the rule answered "allow"\n {2}"echo boom": expected "allow", but the rule failed: rule plugin x failed: boom/);
  });

  it('says so when the line of an example cannot be split with certainty', async () => {
    const { approvals } = setup();
    await expect(approvals.rule('bash', 'allow', { source: 'r', examples: { 'eval $x': 'ask' } })).rejects.toThrow(/the rule answered "allow" \(.*\); lug cannot split this line with certainty \(eval: the text given to eval is not static text\), so it asks in policy mode/);
  });

  it('takes a key that is a JSON object as the arguments, with abs_path resolved as for a call', async () => {
    const { approvals, dir } = setup();
    const rule: RuleFn = (args, call) => (String(call.abs_path).endsWith('/.env') ? 'ask' : String(args.path).startsWith('src/') ? 'allow' : undefined);
    await approvals.rule('write', rule, { source: 'init.lua:9', examples: { '{"path": ".env"}': 'ask', '{"path": "src/a.ts"}': 'allow', '{"path": "b"}': 'none' } });
    expect(await approvals.check({ tool: 'write', args: { path: 'src/a.ts' }, cwd: dir })).toMatchObject({ decision: 'allow', by: 'rule:init.lua:9' });
    await expect(approvals.rule('write', rule, { examples: { '{"path": ': 'ask' } })).rejects.toThrow(/begins like a JSON object of arguments but is not one/);
  });

  it('keeps the rule in the place it was made, though it is added after its examples are checked', async () => {
    const { approvals } = setup({ mode: 'off' });
    const first = approvals.rule('bash', () => ({ verdict: 'deny', reason: 'first' }), { source: 'first', examples: { ls: 'deny' } });
    approvals.rule('bash', () => ({ verdict: 'deny', reason: 'second' }), { source: 'second' });
    await first;
    expect(await approvals.decide(request('bash', { command: 'ls' }), never)).toMatchObject({ allow: false, by: 'rule:first' });
  });

  it('rejects an expected value that is not a verdict or "none"', async () => {
    const { approvals } = setup();
    await expect(approvals.rule('bash', 'allow', { source: 's', examples: { ls: 'DENY' as never } })).rejects.toThrow('rule s: the example "ls" expects "DENY"; an example expects "allow", "ask", "deny" or "none"');
  });
});

describe('check', () => {
  it('returns the decision, each rule that spoke with its source, and the parts the rules saw', async () => {
    const { approvals } = setup();
    approvals.rule('bash', gitStatusNoRm, { source: 'init.lua:3' });
    approvals.rule('*', () => undefined, { source: 'init.lua:8' });
    const result = await approvals.check({ tool: 'bash', args: { command: 'git status && sudo rm -rf x' } });
    expect(result).toMatchObject({ decision: 'deny', by: 'rule:init.lua:3', reason: 'no rm' });
    expect(result.findings).toEqual([
      { source: 'init.lua:3', verdict: 'allow', part: 'git status' },
      { source: 'init.lua:3', verdict: 'deny', reason: 'no rm', part: 'rm -rf x' },
    ]);
    expect(result.parts?.map((p) => [p.text, p.program, p.wrappers])).toEqual([
      ['git status', 'git', []],
      ['sudo rm -rf x', 'sudo', []],
      ['rm -rf x', 'rm', ['sudo']],
    ]);
  });

  it('says a line lug cannot split asks, and why', async () => {
    const { approvals } = setup();
    approvals.rule('bash', 'allow', { source: 'all' });
    const result = await approvals.check({ tool: 'bash', args: { command: 'bash -c "$x"' } });
    expect(result).toMatchObject({ decision: 'ask', by: 'incomplete', incomplete: expect.stringMatching(/not static text/) });
    expect(result.parts?.[0]).toMatchObject({ kind: 'line', incomplete: true });
  });

  it('follows the mode, allowed-always and the tool default, and neither logs nor asks anyone', async () => {
    const { approvals, events } = setup({ tools: [fakeTool('read', false), fakeTool('bash', true)] });
    let asked = 0;
    approvals.approve(() => void (asked += 1));
    expect(await approvals.check({ tool: 'bash', args: { command: 'make' } })).toMatchObject({ decision: 'ask', by: 'default', reason: 'bash asks by default' });
    expect(await approvals.check({ tool: 'read', args: { path: 'a' } })).toEqual({ decision: 'allow', by: 'mode:policy', reason: 'read does not ask by default', findings: [] });
    approvals.allowedAlways.add('bash');
    expect(await approvals.check({ tool: 'bash', args: { command: 'make' } })).toMatchObject({ decision: 'allow', by: 'allowed-always' });
    expect(asked).toBe(0);
    expect(events.filter((e) => e.type === 'approval_decision')).toEqual([]);
  });

  it('rejects a call without a tool or with arguments that are not an object', async () => {
    const { approvals } = setup();
    await expect(approvals.check({ tool: '', args: {} })).rejects.toThrow(/needs a tool name/);
    await expect(approvals.check({ tool: 'bash', args: 'ls' as never })).rejects.toThrow(/arguments of bash are an object/);
  });
});
