/** lug.opt, lug.ui, lug.on/lug.off, lug.cmd and lug.keymap. */
import { functionOption } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const run = async (code: string) => (await s!.runtime.run(code)).values;

describe('lug.opt', () => {
  it('reads and writes the options store; nil restores the default', async () => {
    s = setup();
    expect(await run('return lug.opt.approval, lug.opt.tool_concurrency, lug.opt.model')).toEqual(['policy', 10, undefined]);
    await run('lug.opt.approval = "off" lug.opt.tool_concurrency = 4');
    expect(s.host.options.get('approval')).toBe('off');
    expect(s.host.options.get('tool_concurrency')).toBe(4);
    await run('lug.opt.tool_concurrency = nil');
    expect(s.host.options.get('tool_concurrency')).toBe(10);
  });

  it('an unknown option or a bad value is an error naming what is allowed', async () => {
    s = setup();
    await expect(run('lug.opt.aproval = "off"')).rejects.toThrow(/unknown option "aproval"; the options are: approval, clear_tool_output_at, compact_at, context_window, keep_turns, lua_budget, max_cost, max_tokens, max_turns, model, openai_compat, prices, rule_failure, stream_idle_timeout, thinking, tool_concurrency/);
    await expect(run('lug.opt.tool_concurrency = 0')).rejects.toThrow(/option tool_concurrency must be an integer from 1 to 64, got 0/);
    await expect(run('return lug.opt.nope')).rejects.toThrow(/unknown option "nope"/);
  });

  it('pairs lists every option with its value', async () => {
    s = setup();
    const [names] = await run('local t = {} for k, v in pairs(lug.opt) do t[#t + 1] = k .. "=" .. tostring(v) end return t');
    expect(names).toEqual(['approval=policy', 'rule_failure=ask', 'tool_concurrency=10', 'model=nil', 'max_turns=100', 'max_tokens=16384', 'thinking=off', 'max_cost=nil', 'prices=nil', 'context_window=nil', 'clear_tool_output_at=0.6', 'compact_at=0.8', 'keep_turns=3', 'stream_idle_timeout=300', 'openai_compat=nil', 'lua_budget=10000000']);
  });

  it('takes a table of prices from Lua, checked', async () => {
    s = setup();
    await run('lug.opt.prices = { ["openai/local"] = { input = 0, output = 0 }, ["anthropic/x"] = { input = 2, output = 10, cache_read = 0.1 } }');
    expect(s.host.options.get('prices')).toEqual({ 'openai/local': { input: 0, output: 0 }, 'anthropic/x': { input: 2, output: 10, cacheRead: 0.1 } });
    await expect(run('lug.opt.prices = { ["anthropic/x"] = { input = 2 } }')).rejects.toThrow(/option prices: prices\["anthropic\/x"\] needs at least input and output/);
  });

  it('openai_compat is checked at the assignment, field by field as the provider reads it (parseCompatTable in @lug/core): a bad one is an error there and the value is not kept', async () => {
    s = setup();
    await run('lug.opt.openai_compat = { server = "vllm", api = "chat", send_reasoning = false, reasoning_effort = { high = "high" }, models = { ["gpt-5*"] = { api = "responses" } } }');
    const good = { server: 'vllm', api: 'chat', send_reasoning: false, reasoning_effort: { high: 'high' }, models: { 'gpt-5*': { api: 'responses' } } };
    expect(s.host.options.get('openai_compat')).toEqual(good);
    const bad: Array<[string, string]> = [
      ['{ api = "x" }', 'option openai_compat: openai_compat.api must be "responses", "chat", got "x"'],
      ['{ server = "vlm" }', 'option openai_compat: openai_compat.server must be one of "openai", "azure", "deepseek", "mistral", "groq", "xai", "ollama", "llama.cpp", "vllm", "lmstudio", "generic", got "vlm"'],
      ['{ max_token_field = "max_tokens" }', 'option openai_compat: openai_compat: unknown field "max_token_field"; the fields are: server, api, max_tokens_field, stream_usage, send_reasoning, reasoning_required, reasoning_effort, reasoning, reasoning_summary, images, models'],
      ['{ stream_usage = "no" }', 'option openai_compat: openai_compat.stream_usage must be true or false, got "no"'],
      ['{ reasoning_effort = { huge = "xhigh" } }', 'option openai_compat: openai_compat.reasoning_effort must be false, or a table from thinking levels (minimal, low, medium, high, max) to the strings sent, got {"huge":"xhigh"}'],
      ['{ models = "gpt-5" }', 'option openai_compat: openai_compat.models must be a table from model names (* matches any text) to settings, got "gpt-5"'],
      ['{ models = { ["gpt-5*"] = { server = "openai" } } }', 'option openai_compat: openai_compat.models["gpt-5*"]: unknown field "server"; the fields are: api, max_tokens_field, stream_usage, send_reasoning, reasoning_required, reasoning_effort, reasoning, reasoning_summary, images'],
      ['{ images = function() end }', 'option openai_compat: openai_compat.images must be true or false, got a function'],
    ];
    for (const [table, message] of bad) {
      await expect(run(`lug.opt.openai_compat = ${table}`), table).rejects.toThrow(`:lua:1: lug.opt: ${message}`);
    }
    await expect(run('lug.opt.openai_compat = "chat"')).rejects.toThrow('option openai_compat must be a table, or nil, got "chat"');
    expect(s.host.options.get('openai_compat')).toEqual(good);
    await run('lug.opt.openai_compat = nil');
    expect(s.host.options.get('openai_compat')).toBeNull();
  });

  it('a function option holds a Lua function JavaScript can call, and reads back as the same function', async () => {
    s = setup();
    s.host.options.define(functionOption('status_line', 'test'));
    await run('f = function(x) return "status " .. x end lug.opt.status_line = f');
    const fn = s.host.options.get<(x: string) => unknown>('status_line');
    expect(fn('ok')).toBe('status ok');
    expect(await run('return lug.opt.status_line == f')).toEqual([true]);
  });
});

describe('lug.ui', () => {
  it('notify passes the level; a bad level is an error', async () => {
    s = setup();
    await run('lug.ui.notify("hi") lug.ui.notify("bad", "error")');
    expect(s.ui.notes).toEqual([
      { message: 'hi', level: 'info' },
      { message: 'bad', level: 'error' },
    ]);
    await expect(run('lug.ui.notify("x", "loud")')).rejects.toThrow(`:lua:1: bad argument #2 to 'lug.ui.notify' (level: expected "info", "warn" or "error", got "loud")`);
  });

  it('headless, confirm returns false with a notice', async () => {
    s = setup({}, {}, { interactive: false });
    expect(await run('return lug.ui.confirm("Push?")')).toEqual([false]);
    expect(s.events.some((e) => e.type === 'notify' && e.message.includes('Push?'))).toBe(true);
  });
});

describe('lug.on / lug.off', () => {
  it('calls the hook with the event table until its remover (what lug.on returned) is called', async () => {
    s = setup();
    await run('seen = {} remove = lug.on("turn_start", function(e) seen[#seen + 1] = e.type .. ":" .. e.prompt end)');
    s.host.events.emit('turn_start', { prompt: 'héllo' });
    expect(await run('return type(remove), remove()')).toEqual(['function']);
    s.host.events.emit('turn_start', { prompt: 'again' });
    expect(await run('remove() return seen')).toEqual([['turn_start:héllo']]);
  });

  it('lug.off(remover) removes the hook too, and says whether there was one to remove', async () => {
    s = setup();
    await run('seen = 0 remove = lug.on("turn_start", function() seen = seen + 1 end)');
    s.host.events.emit('turn_start', { prompt: 'one' });
    expect(await run('return lug.off(remove), lug.off(remove), lug.off(function() end)')).toEqual([true, false, false]);
    s.host.events.emit('turn_start', { prompt: 'two' });
    expect(await run('return seen')).toEqual([1]);
    await expect(run('lug.off(7)')).rejects.toThrow("bad argument #1 to 'lug.off' (remover: expected the function lug.on returned, got number)");
  });

  it('"*" gets every event; a hook may wait', async () => {
    s = setup();
    await run('types = {} lug.on("*", function(e) types[#types + 1] = e.type end) lug.on("turn_start", function(e) answer = lug.ui.confirm("saw " .. e.prompt) end)');
    s.host.events.emit('turn_start', { prompt: 'read' });
    await s.ui.questions(1);
    expect(s.ui.asked[0]!.message).toBe('saw read');
    s.ui.asked[0]!.answer(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(await run('return types, answer')).toEqual([['turn_start'], true]);
  });

  it('a failing hook is reported and stays subscribed; an unknown event is an error', async () => {
    s = setup();
    await run('n = 0 lug.on("turn_end", function() n = n + 1 error("hook broke") end)');
    s.host.events.emit('turn_end', { reason: 'done', text: '' });
    s.host.events.emit('turn_end', { reason: 'done', text: '' });
    expect(await run('return n')).toEqual([2]);
    expect(s.ui.notes[0]!.level).toBe('error');
    expect(s.ui.notes[0]!.message).toMatch(/the Lua hook for turn_end made at :lua:1 failed: :lua:1: hook broke/);
    await expect(run('lug.on("turn_begin", print)')).rejects.toThrow(/^:lua:1: bad argument #1 to 'lug\.on' \(event: expected "session_start", "turn_start", .*, "notify", "before_compact", "before_request", "before_turn" or "\*", got "turn_begin"\)$/);
  });
});

describe('lug.cmd and lug.keymap', () => {
  it('registers a :command that receives its argument text and may wait', async () => {
    s = setup();
    await run('lug.cmd.register("greet", function(args) greeted = args .. tostring(lug.ui.confirm("ok?")) end, { desc = "Say hello" })');
    const cmd = s.host.commands.get('greet')!;
    expect(cmd).toMatchObject({ name: 'greet', desc: 'Say hello', source: 'lua::lua:1' });
    const done = cmd.run('world ');
    await s.ui.questions(1);
    s.ui.asked[0]!.answer(true);
    await done;
    expect(await run('return greeted')).toEqual(['world true']);
  });

  it('completion comes from a Lua function', async () => {
    s = setup();
    await run('lug.cmd.register("pick", function() end, { complete = function(a) return { a .. "1", a .. "2" } end })');
    expect(s.host.commands.get('pick')!.complete!('x')).toEqual(['x1', 'x2']);
  });

  it('maps keys to a function or a :command, replacing an existing binding until removed', async () => {
    s = setup();
    let tuiRan = false;
    s.host.keys.set({ keys: '<C-g>', desc: 'tui', run: () => void (tuiRan = true), source: 'tui' });
    await run('lug.cmd.register("hello", function(a) said = "hello " .. a end)');
    await run('remove = lug.keymap.set("<c-G>", ":hello there") lug.keymap.set("x", function() pressed = true end, { desc = "press" })');
    await s.host.keys.get('<C-g>')!.run();
    await s.host.keys.get('x')!.run();
    expect(await run('return said, pressed')).toEqual(['hello there', true]);
    expect(s.host.keys.get('<C-g>')!.desc).toBe(':hello there');
    await run('remove()');
    await s.host.keys.get('<C-g>')!.run();
    expect(tuiRan).toBe(true);
  });
});
