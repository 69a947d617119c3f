/** :source and :reload: a file run again takes back what it registered, so nothing doubles. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandTool, request, setup, type Setup } from './test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const signal = () => new AbortController().signal;

const INIT = `
lug.tool.rule("bash", function(args)
  if lug.ui.confirm("run " .. args.command .. "?") then return "allow" end
  return "deny"
end)
lug.cmd.register("hello", function() hello_runs = (hello_runs or 0) + 1 end, { desc = "say hello" })
lug.keymap.set("<C-y>", ":hello")
lug.on("notify", function(e) if e.message == "ping" then pings = (pings or 0) + 1 end end)
lug.tool.register("lua_echo", { description = "Echo.", parameters = { type = "object", properties = {} }, handler = function() return "echo" end })
`;

async function value(code: string): Promise<unknown> {
  return (await s!.runtime.run(code)).values[0];
}

describe(':source', () => {
  it('run twice, init.lua leaves exactly one of each registration: a confirm rule asks once, a hook fires once', async () => {
    s = setup({ 'init.lua': INIT });
    s.host.tools.register(commandTool);
    await s.runtime.loadStartup();
    const first = await s.runtime.source();
    const second = await s.runtime.source();
    expect([first.error, second.error]).toEqual([undefined, undefined]);
    // The rule, the command, the key (one binding in each of the two modes a control key has), the hook, the tool.
    expect(second.removed).toBe(6);

    const decision = s.approvals.decide(request(s.host, 'bash', { command: 'ls' }), signal());
    await s.ui.questions(1);
    s.ui.asked[0]!.answer(true);
    expect(await decision).toMatchObject({ allow: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(s.ui.asked).toHaveLength(1);

    s.host.ui.notify('ping');
    expect(await value('pings')).toBe(1);
    expect(s.host.commands.list().filter((c) => c.name === 'hello')).toHaveLength(1);
    expect(s.host.tools.names().filter((n) => n === 'lua_echo')).toHaveLength(1);
  });

  it('a file emptied and sourced takes every registration back, with none of the earlier runs left behind', async () => {
    s = setup({ 'init.lua': INIT });
    s.host.tools.register(commandTool);
    await s.runtime.loadStartup();
    await s.runtime.source();
    fs.writeFileSync(s.lug.write('init.lua', ''), '');
    await s.runtime.source();
    expect(s.host.commands.get('hello')).toBeUndefined();
    expect(s.host.keys.get('<C-y>')).toBeUndefined();
    expect(s.host.tools.get('lua_echo')).toBeUndefined();
    expect((await s.approvals.check({ tool: 'bash', args: { command: 'ls' } })).findings).toEqual([]);
  });

  it('what a command\'s function registers when it runs later belongs to the file that defined the command', async () => {
    s = setup({ 'init.lua': 'lug.cmd.register("mk", function() lug.cmd.register("made", function() end) end)' });
    await s.runtime.loadStartup();
    await s.host.commands.get('mk')!.run('');
    expect(s.host.commands.get('made')).toBeDefined();
    await s.runtime.source();
    expect(s.host.commands.get('made')).toBeUndefined();
    expect(s.host.commands.get('mk')).toBeDefined();
  });

  it('registrations made at :lua belong to no file and stay', async () => {
    s = setup({ 'init.lua': '' });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.cmd.register("typed", function() end)');
    await s.runtime.source();
    expect(s.host.commands.get('typed')).toBeDefined();
  });

  it('an option the file no longer sets returns to its default; one it sets again keeps the new value', async () => {
    s = setup({ 'init.lua': 'lug.opt.thinking = "high"\nlug.opt.max_turns = 7' });
    await s.runtime.loadStartup();
    const defaultTurns = s.host.options.list().find((d) => d.name === 'max_turns')?.default;
    expect(s.host.options.get('max_turns')).toBe(7);
    s.lug.write('init.lua', 'lug.opt.thinking = "low"');
    const result = await s.runtime.source();
    expect(result.optionsReset).toEqual(['max_turns']);
    expect(s.host.options.get('max_turns')).toBe(defaultTurns);
    expect(s.host.options.get('thinking')).toBe('low');
  });

  it('a module init.lua requires runs again, and what it registered does not double', async () => {
    s = setup({ 'init.lua': 'require("mine")', 'lua/mine.lua': 'loads = (loads or 0) + 1\nlug.cmd.register("mine", function() end)' });
    await s.runtime.loadStartup();
    await s.runtime.source();
    expect(await value('loads')).toBe(2);
    expect(s.host.commands.get('mine')).toBeDefined();
  });

  it('any file: a relative name is from the working directory, and its registrations are its own', async () => {
    s = setup({ 'init.lua': 'lug.cmd.register("from_init", function() end)' });
    await s.runtime.loadStartup();
    fs.writeFileSync(path.join(s.lug.project, 'extra.lua'), 'extra_runs = (extra_runs or 0) + 1\nlug.cmd.register("extra", function() end)');
    await s.runtime.source('extra.lua');
    const again = await s.runtime.source('extra.lua');
    expect(again).toMatchObject({ file: path.join(s.lug.project, 'extra.lua'), ok: true, removed: 1 });
    expect(await value('extra_runs')).toBe(2);
    expect(s.host.commands.get('from_init')).toBeDefined();
  });

  it('a broken file keeps lug running: the error names the file and line, its old registrations are gone, auto mode is refused', async () => {
    s = setup({ 'init.lua': 'lug.cmd.register("hello", function() end)\nlug.opt.approval = "off"' });
    await s.runtime.loadStartup();
    expect(s.approvals.isAuto()).toBe(true);
    const init = s.lug.write('init.lua', 'lug.cmd.register("first", function() end)\nerror("boom")');
    const result = await s.runtime.source();
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ file: init, errorFile: init, line: 2 });
    expect(s.ui.notes.at(-1)).toEqual({ level: 'error', message: `${init} failed to load: ${init}:2: boom` });
    expect(s.host.commands.get('hello')).toBeUndefined();
    expect(s.host.commands.get('first')).toBeDefined();
    expect(s.approvals.isAuto()).toBe(false);
    expect(() => s!.approvals.toggleAuto()).toThrow(/auto mode is refused: .*init.lua failed to load/);
  });

  it('a syntax error made while editing runs nothing: the last run\'s rules, commands and options stay, and fixing it reloads', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("bash", "deny")\nlug.cmd.register("hello", function() end)\nlug.opt.tool_concurrency = 3' }, {}, { interactive: false });
    s.host.tools.register(commandTool);
    await s.runtime.loadStartup();
    const init = s.lug.write('init.lua', 'lug.tool.rule("bash", "deny")\nlocal x = = 1');
    const broken = await s.runtime.source();
    expect(broken).toMatchObject({ ok: false, removed: 0, optionsReset: [], error: { errorFile: init, line: 2 } });
    expect(s.ui.notes.at(-1)?.message).toBe(`${init} failed to load: ${init}:2: unexpected symbol near '='`);
    expect(await s.approvals.decide(request(s.host, 'bash', { command: 'ls' }), signal())).toMatchObject({ allow: false, by: expect.stringMatching(/^rule:/) });
    expect(s.host.commands.get('hello')).toBeDefined();
    expect(await value('lug.opt.tool_concurrency')).toBe(3);
    s.lug.write('init.lua', 'lug.opt.tool_concurrency = 4');
    expect(await s.runtime.source()).toMatchObject({ ok: true, removed: 2, optionsReset: [] });
    expect(s.host.commands.get('hello')).toBeUndefined();
    expect(await value('lug.opt.tool_concurrency')).toBe(4);
  });

  it('a file that does not exist is an error naming it, and nothing is thrown', async () => {
    s = setup({});
    await s.runtime.loadStartup();
    const result = await s.runtime.source('nope.lua');
    expect(result.ok).toBe(false);
    expect(result.error?.message).toBe(`${path.join(s.lug.project, 'nope.lua')} does not exist`);
  });

  it('a file that cannot be read (a mistyped name, a directory) added nothing and took nothing away: auto mode is not refused; one that does not compile still refuses it', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("bash", "deny")\nlug.opt.approval = "off"' }, {}, { interactive: false });
    s.host.tools.register(commandTool);
    await s.runtime.loadStartup();
    fs.mkdirSync(path.join(s.lug.project, 'rules.lua'));
    for (const name of ['nope.lua', 'rules.lua']) {
      const result = await s.runtime.source(name);
      expect(result).toMatchObject({ ok: false, removed: 0, error: { file: path.join(s.lug.project, name) } });
      expect(s.ui.notes.at(-1)).toMatchObject({ level: 'error', message: expect.stringContaining(`${path.join(s.lug.project, name)} failed to load: `) });
    }
    expect(s.approvals.isAuto()).toBe(true);
    s.approvals.toggleAuto();
    s.approvals.toggleAuto();
    expect(s.approvals.isAuto()).toBe(true);
    expect(await s.approvals.decide(request(s.host, 'bash', { command: 'ls' }), signal())).toMatchObject({ allow: false, by: expect.stringMatching(/^rule:/) });
    const broken = s.lug.write('broken.lua', 'lug.tool.rule("bash", "deny")\nlocal x = = 1');
    expect(await s.runtime.source(broken)).toMatchObject({ ok: false, error: { errorFile: broken, line: 2 } });
    expect(s.approvals.isAuto()).toBe(false);
    expect(() => s!.approvals.toggleAuto()).toThrow(/auto mode is refused: .*broken.lua failed to load/);
  });

  it('a highlight group the file no longer sets returns to its default', async () => {
    s = setup({ 'init.lua': 'lug.hl.set("prompt", { fg = "magenta" })' });
    s.host.options.define({ name: 'highlights', allowed: 'a table', default: {}, description: 'groups', parse: (v) => v as Record<string, unknown> });
    await s.runtime.loadStartup();
    expect(s.host.options.get('highlights')).toEqual({ prompt: { fg: 'magenta' } });
    s.lug.write('init.lua', '');
    await s.runtime.source();
    expect(s.host.options.get('highlights')).toEqual({});
  });
});

describe(':reload', () => {
  it('runs init.lua and each plugin again, none doubled', async () => {
    s = setup({
      'init.lua': 'order = (order or "") .. "i"\nlug.on("notify", function() init_hits = (init_hits or 0) + 1 end)',
      'plugins/p/init.lua': 'order = order .. "p"\nlug.on("notify", function() p_hits = (p_hits or 0) + 1 end)',
      // No stock workflows: this test is about init.lua and the plugins.
    }, { workflowsDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lug-no-workflows-')) });
    await s.runtime.loadStartup();
    const results = await s.runtime.reload();
    expect(results.map((r) => [path.basename(path.dirname(r.file)), r.ok])).toEqual([
      ['lug', true],
      ['p', true],
    ]);
    expect(await value('order')).toBe('ipip');
    s.host.ui.notify('x');
    expect(await value('init_hits')).toBe(1);
    expect(await value('p_hits')).toBe(1);
  });

  it('what a plugin registers in a module of its own lua/ folder is the plugin\'s', async () => {
    s = setup({
      'init.lua': '',
      'plugins/p/init.lua': 'require("p.setup")',
      'plugins/p/lua/p/setup.lua': 'lug.cmd.register("pcmd", function() end)',
    });
    await s.runtime.loadStartup();
    await s.runtime.source();
    expect(s.host.commands.get('pcmd')).toBeDefined();
    s.lug.write('plugins/p/init.lua', '');
    await s.runtime.reload();
    expect(s.host.commands.get('pcmd')).toBeUndefined();
  });
});

describe('lug.group', () => {
  it('clears its registrations when made again, and lug.group(name) clears them', async () => {
    s = setup({
      'init.lua': `
function setup_fmt()
  lug.group("fmt", function()
    lug.cmd.register("fmt", function() end)
    lug.on("notify", function() fmt_hits = (fmt_hits or 0) + 1 end)
  end)
end
setup_fmt()
lug.cmd.register("outside", function() end)
function clear_fmt() return lug.group("fmt") end
`,
    });
    await s.runtime.loadStartup();
    expect(await value('(function() setup_fmt(); return 0 end)()')).toBe(0);
    s.host.ui.notify('x');
    expect(await value('fmt_hits')).toBe(1);
    expect(await value('clear_fmt()')).toBe(2);
    expect(s.host.commands.get('fmt')).toBeUndefined();
    expect(s.host.commands.get('outside')).toBeDefined();
  });

  it('a group is its file\'s: the file run again clears it too', async () => {
    s = setup({ 'init.lua': 'lug.group("g", function() lug.cmd.register("in_group", function() end) end)' });
    await s.runtime.loadStartup();
    s.lug.write('init.lua', '');
    const result = await s.runtime.source();
    expect(result.removed).toBe(1);
    expect(s.host.commands.get('in_group')).toBeUndefined();
  });

  it('an error in the group\'s function is raised where lug.group was called', async () => {
    s = setup({ 'init.lua': '' });
    await s.runtime.loadStartup();
    await expect(s.runtime.run('lug.group("g", function() error("inside") end)')).rejects.toThrow(/inside/);
    await expect(s.runtime.run('lug.group("", function() end)')).rejects.toThrow(/a group needs a name/);
  });
});
