/**
 * The user's page's two Lua examples, as written, from an init.lua, at the
 * bridge level: rules through the real @lug/approvals, the tool through its
 * handler (lug.proc.run through @lug/tools' real process runner).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { commandTool, request, runTool, setup, type Setup } from './test-support.js';

const RULES_EXAMPLE = `lug.tool.rule("bash", function(args)
  if args.command:match("^git status") then return "allow" end
  return "ask"
end)
lug.tool.rule("write", "deny")
`;

const TOOL_EXAMPLE = `lug.tool.register("today", {
  description = "Return today's date.",
  ask = false,
  handler = function()
    return lug.proc.run({ "date", "+%F" }).stdout
  end,
})
`;

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

describe('the spec examples', () => {
  it('allows git status without asking', async () => {
    s = setup({ 'init.lua': RULES_EXAMPLE });
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    const decision = await s.approvals.decide(request(s.host, 'bash', { command: 'git status' }), new AbortController().signal);
    expect(decision).toMatchObject({ allow: true });
    expect(s.ui.asked).toEqual([]);
  });

  it('asks for any other bash command, and for git status chained to another command', async () => {
    s = setup({ 'init.lua': RULES_EXAMPLE }, {}, { interactive: false }); // headless: a call that asks is refused instead of waiting
    s.host.tools.register(commandTool, 'test');
    await s.runtime.loadStartup();
    for (const command of ['ls', 'git status && rm -rf x']) {
      const decision = await s.approvals.decide(request(s.host, 'bash', { command }), new AbortController().signal);
      expect(decision, command).toMatchObject({ allow: false, by: 'headless' });
    }
  });

  it('denies write even in auto mode', async () => {
    s = setup({ 'init.lua': RULES_EXAMPLE });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    expect(s.approvals.mode()).toBe('off');
    const decision = await s.approvals.decide(request(s.host, 'write', { path: 'a.txt', content: 'x' }), new AbortController().signal);
    expect(decision).toMatchObject({ allow: false });
    expect(decision.by).toMatch(/^rule:.*init\.lua:5$/);
  });

  it('registers today, which asks nothing and returns the date through lug.proc.run', async () => {
    s = setup({ 'init.lua': TOOL_EXAMPLE });
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect(s.host.tools.get('today')).toMatchObject({ description: "Return today's date.", ask: false, parameters: { type: 'object', properties: {} } });
    expect(s.host.tools.source('today')).toBe(`lua:${s.lug.configDir}/init.lua`);
    const out = await runTool(s.host, 'today');
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(out).toBe(`${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}\n`);
  });
});
