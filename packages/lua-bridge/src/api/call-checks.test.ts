/** Mistakes caught at the call rather than later (issue 18's small gaps): notify's message, lug.opt.model, a rule's tool. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderFactory } from '@lug/core';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const run = async (code: string) => (await s!.runtime.run(code, '@init.lua')).values;
const provider = (name: string) => ({ name, create: () => Promise.reject(new Error('not used')) }) as unknown as ProviderFactory;

describe('lug.ui.notify', () => {
  it('refuses a table, naming what it takes', async () => {
    s = setup();
    await expect(run('lug.ui.notify({})')).rejects.toThrow(`bad argument #1 to 'lug.ui.notify' (message: expected a string (lug.inspect(value) turns a table into text), got an empty table)`);
    await run('lug.ui.notify(42)');
    expect(s.ui.notes.at(-1)).toEqual({ message: '42', level: 'info' });
  });
});

describe('lug.opt.model', () => {
  it('must be written provider/model', async () => {
    s = setup();
    await expect(run('lug.opt.model = "gpt-5"')).rejects.toThrow('model "gpt-5" must be written provider/model');
    expect(s.host.options.get('model')).toBeNull();
  });

  it('must name a provider lug has', async () => {
    s = setup();
    s.host.providers.register(provider('anthropic'));
    s.host.providers.register(provider('openai'));
    await expect(run('lug.opt.model = "opnai/gpt-5"')).rejects.toThrow('unknown provider "opnai" in "opnai/gpt-5"; the providers are: anthropic, openai');
    await run('lug.opt.model = "openai/gpt-5"');
    expect(s.host.options.get('model')).toBe('openai/gpt-5');
  });
});

describe('lug.tool.rule for a tool lug does not have', () => {
  it('is a warning once start-up is over, naming the nearest tool; the rule is kept', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("bsh", function() return "deny" end)\nlug.tool.rule("later", "allow")\nlug.tool.register("later", { description = "d", handler = print })' });
    s.host.tools.register({ name: 'bash', description: 'b', parameters: { type: 'object' }, handler: () => '' }, 'test');
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([expect.stringMatching(/init\.lua:1: lug\.tool\.rule: no tool is named "bsh"; did you mean bash\? \(the tools: .*bash.*\); the rule is kept/)]);
    expect(s.ui.notes.some((n) => n.level === 'warn' && n.message.includes('"bsh"'))).toBe(true);
  });

  it('is a warning at the call after start-up; "*" and MCP tools (which come later) are not named', async () => {
    s = setup();
    await s.runtime.loadStartup();
    await run('lug.tool.rule("mcp__github__create_issue", "ask") lug.tool.rule("*", "ask") lug.tool.rule("nope", "deny")');
    const warnings = s.ui.notes.filter((n) => n.level === 'warn').map((n) => n.message);
    expect(warnings).toEqual([expect.stringContaining('no tool is named "nope"')]);
  });
});
