/** lug.tool.rule(tool, fn, { examples = { … } }): examples checked when the rule is made, a wrong one a load error. */
import { afterEach, describe, expect, it } from 'vitest';
import { commandTool, request, setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const signal = () => new AbortController().signal;

const GIT_STATUS_RULE = `lug.tool.rule("bash", function(args)
  if args.command:match("^git status") then return "allow" end
  if args.command:match("rm ") then return "deny", "no rm" end
end, { examples = EXAMPLES })
`;

function withExamples(examples: string): Record<string, string> {
  return { 'init.lua': GIT_STATUS_RULE.replace('EXAMPLES', examples) };
}

describe('lug.tool.rule with examples', () => {
  it('adds the rule when every example gives the verdict it says, part by part', async () => {
    s = setup(withExamples('{ ["git status"] = "allow", ["git status; rm -rf x"] = "deny", ["ls"] = "none" }'));
    s.host.tools.register(commandTool, 'test');
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect(await s.approvals.decide(request(s.host, 'bash', { command: 'git status && rm -rf x' }), signal())).toMatchObject({ allow: false, reason: expect.stringMatching(/^no rm/) });
  });

  it('makes a wrong example a load error naming the file and line, the example and what the rule answered, and adds no rule', async () => {
    s = setup(withExamples('{ ["git status"] = "allow", ["git status --short"] = "deny" }'));
    s.host.tools.register(commandTool, 'test');
    const report = await s.runtime.loadStartup();
    expect(report.errors).toHaveLength(1);
    const error = report.errors[0]!;
    expect(error.message).toMatch(/init\.lua:1: rule .*init\.lua:1 answers an example otherwise than they say:\n {2}"git status --short": expected "deny", the rule answered "allow"$/);
    expect(error.line).toBe(1);
    const check = await s.approvals.check({ tool: 'bash', args: { command: 'git status' } });
    expect(check.findings).toEqual([]);
  });

  it('returns the remover once the examples passed', async () => {
    s = setup();
    s.host.tools.register(commandTool, 'test');
    await s.runtime.run('REMOVE = lug.tool.rule("bash", "deny", { examples = { ["ls"] = "deny" } })');
    expect((await s.approvals.check({ tool: 'bash', args: { command: 'ls' } })).decision).toBe('deny');
    await s.runtime.run('REMOVE()');
    expect((await s.approvals.check({ tool: 'bash', args: { command: 'ls' } })).findings).toEqual([]);
  });

  it('rejects an example whose verdict is not one, with the argument error\'s shape', async () => {
    s = setup();
    await expect(s.runtime.run('lug.tool.rule("bash", "allow", { examples = { ["ls"] = "yes" } })')).rejects.toThrow(
      /bad argument #3 to 'lug\.tool\.rule' \(opts\.examples\.ls: expected "allow", "ask", "deny" or "none", got "yes"\)/,
    );
    await expect(s.runtime.run('lug.tool.rule("bash", "allow", { exmples = {} })')).rejects.toThrow(/bad argument #3 to 'lug\.tool\.rule' \(opts: unknown field "exmples"; the fields are: examples\)/);
  });
});
