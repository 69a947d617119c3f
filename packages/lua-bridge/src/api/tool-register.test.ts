/** lug.tool.register: Lua tools offered to the model like the built-ins. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ToolError, validateArgs } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { runTool, setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

describe('lug.tool.register', () => {
  it('round-trips Unicode through a handler: emoji and CJK both ways, invalid UTF-8 from a file as U+FFFD', async () => {
    s = setup({
      'init.lua': `lug.tool.register("echo", {
  description = "Echo text, and the bytes of a file.",
  parameters = { type = "object", properties = { text = { type = "string" }, file = { type = "string" } }, required = { "text", "file" } },
  handler = function(args)
    local f = assert(io.open(args.file, "rb"))
    local bytes = f:read("a")
    f:close()
    return args.text .. "|" .. #args.text .. "|" .. utf8.len(args.text) .. "|" .. bytes
  end,
})`,
    });
    await s.runtime.loadStartup();
    fs.writeFileSync(path.join(s.lug.project, 'mixed.bin'), Buffer.from([0x61, 0xff, 0xfe, 0x62, 0xe6, 0x97, 0xa5, 0xc3]));
    const text = 'héllo 👋 日本語 🇯🇵';
    const out = await runTool(s.host, 'echo', { text, file: 'mixed.bin' });
    expect(out).toBe(`${text}|${Buffer.byteLength(text)}|${[...text].length}|a\uFFFD\uFFFDb日\uFFFD`);
  });

  it('returns tables as JSON, nil as empty, and nil + message (of any type) as an error result', async () => {
    s = setup({
      'init.lua': `lug.tool.register("t", { description = "d", parameters = { type = "object", properties = { mode = { type = "string" } } },
  handler = function(args)
    if args.mode == "table" then return { ok = true, list = { 1, 2 }, name = "日本" } end
    if args.mode == "fail" then return nil, "no such thing" end
    if args.mode == "error" then error("broken here") end
    if args.mode == "number" then return 42 end
    if args.mode == "fail table" then return nil, { code = 7 } end
    if args.mode == "fail code" then return nil, 404 end
  end })`,
    });
    await s.runtime.loadStartup();
    expect(JSON.parse((await runTool(s.host, 't', { mode: 'table' })) as string)).toEqual({ ok: true, list: [1, 2], name: '日本' });
    expect(await runTool(s.host, 't', {})).toBe('');
    expect(await runTool(s.host, 't', { mode: 'number' })).toBe('42');
    await expect(runTool(s.host, 't', { mode: 'fail' })).rejects.toEqual(new ToolError('no such thing'));
    await expect(runTool(s.host, 't', { mode: 'fail table' })).rejects.toEqual(new ToolError('{"code":7}'));
    await expect(runTool(s.host, 't', { mode: 'fail code' })).rejects.toEqual(new ToolError('404'));
    const err = await runTool(s.host, 't', { mode: 'error' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect((err as Error).message).toBe(`${s.lug.configDir}/init.lua:5: broken here`);
  });

  it('a function, a coroutine or a userdata in what a handler returns is a failure saying what and what is allowed, never an empty success', async () => {
    s = setup({
      'init.lua': `lug.tool.register("t", { description = "d", parameters = { type = "object", properties = { mode = { type = "string" } } },
  handler = function(args)
    if args.mode == "function" then return function() end end
    if args.mode == "nested" then return { ok = true, list = { 1, function() end }, ["a b"] = { f = print } } end
    if args.mode == "error" then return nil, function() end end
    if args.mode == "waited" then lug.ui.confirm("go?") return function() end end
    if args.mode == "coroutine" then return coroutine.create(function() end) end
    if args.mode == "userdata" then return { file = io.stdout } end
    return "fine"
  end })`,
    });
    await s.runtime.loadStartup();
    const allowed = 'a handler returns text, a number, a boolean, a table of them, or nil (nil, "message" for a failure)';
    const failure = (mode: string) => runTool(s!.host, 't', { mode }).then((out) => `success: ${JSON.stringify(out)}`, (e: unknown) => e);
    expect(await failure('function')).toEqual(new ToolError(`its handler returned a function, which cannot be sent to the model; ${allowed}`));
    const waited = failure('waited');
    await s.ui.questions(1);
    s.ui.asked[0]!.answer(true);
    expect(await waited).toEqual(new ToolError(`its handler returned a function, which cannot be sent to the model; ${allowed}`));
    expect(await failure('nested')).toEqual(new ToolError(`its handler returned a table with a function at .list[2], ["a b"].f, which cannot be sent to the model; ${allowed}`));
    expect(await failure('error')).toEqual(new ToolError(`its handler returned a function as its error, which cannot be sent to the model; ${allowed}`));
    expect(await failure('coroutine')).toEqual(
      new ToolError(`its handler returned what cannot be sent to the model: a thread value cannot be turned into data (a coroutine is a thread, an io file a userdata); ${allowed}`),
    );
    expect(await failure('userdata')).toEqual(
      new ToolError(`its handler returned what cannot be sent to the model: a userdata value cannot be turned into data (a coroutine is a thread, an io file a userdata); ${allowed}`),
    );
    expect(await runTool(s.host, 't', {})).toBe('fine');
  });

  it('gets the call (tool, id, cwd) and may wait', async () => {
    s = setup({
      'init.lua': `lug.tool.register("who", { description = "d", handler = function(args, call)
  local yes = lug.ui.confirm("run?")
  return call.tool .. " " .. call.cwd .. " " .. tostring(yes) .. " " .. type(call.id)
end })`,
    });
    await s.runtime.loadStartup();
    const out = runTool(s.host, 'who');
    await s.ui.questions(1);
    s.ui.asked[0]!.answer(true);
    expect(await out).toBe(`who ${s.lug.project} true string`);
  });

  it('defaults: ask true, parameters an object with no properties; empty lists stay lists in the schema', async () => {
    s = setup({
      'init.lua': `lug.tool.register("a", { description = "d", handler = function() end })
lug.tool.register("b", { description = "d", ask = false, keep = "end", handler = function() end,
  parameters = { type = "object", properties = { n = { type = "integer", minimum = 1 } }, required = {} } })`,
    });
    await s.runtime.loadStartup();
    expect(s.host.tools.get('a')).toMatchObject({ ask: true, parameters: { type: 'object', properties: {} } });
    const b = s.host.tools.get('b')!;
    expect(b).toMatchObject({ ask: false, keep: 'end', parameters: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: [] } });
    expect(validateArgs({ n: 0 }, b.parameters)).not.toEqual([]);
    expect(s.host.tools.specs().map((t) => t.name)).toEqual(['lua_docs', 'lug_plugins', 'a', 'b']);
  });

  it('bad specs are errors that say what is wanted', async () => {
    s = setup();
    await expect(s.runtime.run('lug.tool.register("x", { handler = function() end })')).rejects.toThrow(
      `:lua:1: bad argument #2 to 'lug.tool.register' (spec.description: expected a non-empty string (what the tool does, for the model), got nil)`,
    );
    await expect(s.runtime.run('lug.tool.register("x", { description = "d" })')).rejects.toThrow(`:lua:1: bad argument #2 to 'lug.tool.register' (spec.handler: expected function, got nil)`);
    await expect(s.runtime.run('lug.tool.register("x", { description = "d", handler = print, asks = false })')).rejects.toThrow(
      `:lua:1: bad argument #2 to 'lug.tool.register' (spec: unknown field "asks"; the fields are: description, parameters, ask, keep, handler, describe)`,
    );
    await expect(s.runtime.run('lug.tool.register("bad name", { description = "d", handler = print })')).rejects.toThrow(/tool name "bad name" is not allowed/);
  });

  it('cannot take a built-in\'s name, but replaces a tool another Lua file registered', async () => {
    s = setup({ 'init.lua': 'lug.tool.register("lua_docs", { description = "mine", handler = function() return "mine" end })' });
    s.host.tools.register({ name: 'read', description: 'built-in', parameters: { type: 'object' }, handler: () => '' }, 'built-in');
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect(await runTool(s.host, 'lua_docs', { words: 'x' })).toBe('mine');
    await expect(s.runtime.run('lug.tool.register("read", { description = "d", handler = print })')).rejects.toThrow(/a tool named "read" is already registered by built-in/);
  });

  it('the returned function unregisters the tool', async () => {
    s = setup({ 'init.lua': 'remove_t = lug.tool.register("t", { description = "d", handler = function() end })' });
    await s.runtime.loadStartup();
    expect(s.host.tools.get('t')).toBeDefined();
    await s.runtime.run('remove_t()');
    expect(s.host.tools.get('t')).toBeUndefined();
  });
});
