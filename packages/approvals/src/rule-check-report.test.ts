import { describe, expect, it } from 'vitest';
import { checkCallFromText, formatRuleCheck } from './rule-check-report.js';
import { fakeTool, setup as setupWith } from './test-support.js';

/** As lug's tools are: only bash declares a command; the file tools declare their path. */
const fileTool = (name: string, ask: boolean) =>
  fakeTool(name, ask, { describe: (args: { path?: unknown }) => ({ title: String(args.path ?? '.'), paths: [{ path: String(args.path ?? '.'), access: 'change' as const }] }) });
const setup = (tools = [fileTool('read', false), fileTool('write', true), fileTool('ls', false), fakeTool('bash', true)]) => setupWith({ tools });

describe('checkCallFromText', () => {
  it('reads a command line as a call of the tool that takes one', () => {
    const { host } = setup();
    expect(checkCallFromText(host, 'git status && rm -rf x')).toEqual({ tool: 'bash', args: { command: 'git status && rm -rf x' } });
  });

  it('reads a tool name and a JSON object, key=value words, or nothing, as that tool\'s arguments', () => {
    const { host } = setup();
    expect(checkCallFromText(host, 'write {"path": "/etc/hosts"}')).toEqual({ tool: 'write', args: { path: '/etc/hosts' } });
    expect(checkCallFromText(host, 'write path=/etc/hosts content=x')).toEqual({ tool: 'write', args: { path: '/etc/hosts', content: 'x' } });
    expect(checkCallFromText(host, 'read')).toEqual({ tool: 'read', args: {} });
  });

  it('reads the rest as the command after the name of the tool that takes one, and a line starting with another tool\'s name as a command line', () => {
    const { host } = setup();
    expect(checkCallFromText(host, 'bash ls -la')).toEqual({ tool: 'bash', args: { command: 'ls -la' } });
    expect(checkCallFromText(host, 'ls -la | wc')).toEqual({ tool: 'bash', args: { command: 'ls -la | wc' } });
  });

  it('says what it needs when given nothing or broken JSON', () => {
    const { host } = setup();
    expect(() => checkCallFromText(host, '  ')).toThrow(/^what to check: a command line/);
    expect(() => checkCallFromText(host, 'write {"path": ')).toThrow(/the arguments of write begin like a JSON object but are not one/);
  });
});

describe('formatRuleCheck', () => {
  it('writes the decision, each rule that spoke with its source and part, and the parts, escaped', async () => {
    const { approvals, host } = setup();
    approvals.rule('bash', (args) => (String(args.command).startsWith('git status') ? 'allow' : undefined), { source: 'init.lua:2' });
    approvals.rule('bash', (args) => (String(args.command).startsWith('rm') ? { verdict: 'deny', reason: 'no rm' } : undefined), { source: 'init.lua:3' });
    const call = checkCallFromText(host, 'git status; rm x\x1b[2J');
    const text = formatRuleCheck(call, await approvals.check(call));
    expect(text.split('\n')).toEqual([
      'bash {"command":"git status; rm x\\u001b[2J"}',
      'decision: deny (rule:init.lua:3): no rm',
      'rules that spoke:',
      '  init.lua:2: allow on "git status"',
      '  init.lua:3: deny on "rm x\\x1b[2J" (no rm)',
      'parts the rules saw:',
      '  1. git status (command, program git, argv ["git","status"])',
      '  2. rm x\\x1b[2J (command, program rm, argv ["rm","x\\u001b[2J"])',
    ]);
  });

  it('says when no rule spoke', async () => {
    const { approvals, host } = setup();
    const call = checkCallFromText(host, 'read {"path": "a"}');
    expect(formatRuleCheck(call, await approvals.check(call)).split('\n').slice(1)).toEqual(['decision: allow (mode:policy): read does not ask by default', 'no rule spoke']);
  });
});
