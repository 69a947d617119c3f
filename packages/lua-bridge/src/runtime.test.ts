/** Start-up: basic.lug → init.lua → plugins; broken files are reported and the rest loads. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { allowAll, createHost } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ChunkCache } from './chunk-cache.js';
import { createLuaRuntime, defaultConfigDir } from './runtime.js';
import { noWorkflows, setup, tempLug, type Setup } from './test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

describe('loading', () => {
  it('loads basic.lug, then init.lua, then plugins in name order', async () => {
    s = setup({
      'init.lua': 'order = { "init" }',
      'plugins/b/init.lua': 'table.insert(order, "b")',
      'plugins/a/init.lua': 'table.insert(order, "a")',
    });
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect(report.files.map((f) => [f.stage, path.basename(path.dirname(f.file)) === 'lug' ? 'init' : path.basename(f.file) === 'basic.lug' ? 'basic' : path.basename(path.dirname(f.file))])).toEqual([
      ['runtime', 'basic'],
      ['init', 'init'],
      ['plugin', 'a'],
      ['plugin', 'b'],
    ]);
    expect((await s.runtime.run('order')).values[0]).toEqual(['init', 'a', 'b']);
    expect(s.host.tools.names()).toEqual(expect.arrayContaining(['lua_docs', 'lug_plugins']));
    expect(report.plugins.map((p) => [p.name, p.loaded])).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });

  it('a syntax error in init.lua is reported with its line (as a notify event and in the report), and the plugins still load', async () => {
    s = setup({
      'init.lua': 'lug.opt.approval = "off"\nlocal x = = 1\n',
      'plugins/p/init.lua': 'plugin_loaded = true',
    });
    const report = await s.runtime.loadStartup();
    const init = `${s.lug.configDir}/init.lua`;
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ stage: 'init', file: init, errorFile: init, line: 2 });
    expect(report.errors[0]!.message).toBe(`${init}:2: unexpected symbol near '='`);
    const notes = s.events.filter((e) => e.type === 'notify');
    expect(notes).toEqual([{ type: 'notify', level: 'error', message: `${init} failed to load: ${init}:2: unexpected symbol near '='` }]);
    expect((await s.runtime.run('plugin_loaded')).values[0]).toBe(true);
    expect(s.host.tools.get('lua_docs')).toBeDefined();
  });

  it('a runtime error in a plugin is reported with file, line and traceback; the others load', async () => {
    s = setup({
      'plugins/a/init.lua': 'local t = nil\nprint(t.x)\n',
      'plugins/b/init.lua': 'b_loaded = true',
    });
    const report = await s.runtime.loadStartup();
    const file = `${s.lug.configDir}/plugins/a/init.lua`;
    expect(report.errors).toEqual([expect.objectContaining({ stage: 'plugin', file, errorFile: file, line: 2 })]);
    expect(report.errors[0]!.message).toContain("attempt to index a nil value (local 't')");
    expect(report.errors[0]!.traceback).toContain('stack traceback:');
    expect(report.plugins.find((p) => p.name === 'a')).toMatchObject({ loaded: false, error: expect.stringContaining(`${file}:2:`) });
    expect((await s.runtime.run('b_loaded')).values[0]).toBe(true);
  });

  it('a plugin directory without init.lua is reported', async () => {
    s = setup({ 'plugins/empty/README': 'x' });
    const report = await s.runtime.loadStartup();
    expect(report.errors[0]).toMatchObject({ stage: 'plugin', message: expect.stringContaining('has no init.lua') });
  });

  it('runs without an init.lua or plugins', async () => {
    s = setup({});
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect(report.files.map((f) => f.stage)).toEqual(['runtime']);
  });

  it('require finds modules in lua/ of the config directory and of each plugin', async () => {
    s = setup({
      'lua/util/strings.lua': 'return { shout = function(s) return s:upper() .. "!" end }',
      'plugins/p/lua/p_helpers.lua': 'return { n = 42 }',
      'plugins/p/init.lua': 'local u = require("util.strings") result = u.shout("hi") .. require("p_helpers").n',
    });
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect((await s.runtime.run('result')).values[0]).toBe('HI!42');
    expect((await s.runtime.run('require("lug") == lug')).values[0]).toBe(true);
  });

  it('require cannot load JavaScript files', async () => {
    s = setup({ 'lua/evil.js': 'module.exports = 1' });
    await s.runtime.loadStartup();
    await expect(s.runtime.run('require("evil")')).rejects.toThrow(/module 'evil' not found/);
  });
});

describe('config directory', () => {
  it('is $XDG_CONFIG_HOME/lug, else ~/.config/lug, from the host environment', () => {
    expect(defaultConfigDir({ XDG_CONFIG_HOME: '/x/cfg', HOME: '/home/u' })).toBe('/x/cfg/lug');
    expect(defaultConfigDir({ HOME: '/home/u' })).toBe('/home/u/.config/lug');
    expect(defaultConfigDir({ XDG_CONFIG_HOME: 'relative', HOME: '/home/u' })).toBe('/home/u/.config/lug');
  });

  it('is taken from host.env when no configDir is given', async () => {
    const lug = tempLug({ 'init.lua': 'from_env = true' });
    const host = createHost({ cwd: lug.project, env: lug.env, authorize: allowAll });
    const runtime = createLuaRuntime(host, undefined);
    const report = await runtime.loadStartup();
    expect(report.files.map((f) => f.file)).toContain(path.join(lug.configDir, 'init.lua'));
    expect(runtime.config.initFile).toBe(path.join(lug.configDir, 'init.lua'));
    runtime.close();
  });
});

describe(':lua', () => {
  it('returns an expression\'s values and their text', async () => {
    s = setup();
    expect(await s.runtime.run('1 + 1, "two", { a = { 1, 2 } }')).toEqual({
      values: [2, 'two', { a: [1, 2] }],
      text: '2\t"two"\t{ a = { 1, 2 } }',
    });
  });

  it('runs statements', async () => {
    s = setup();
    expect((await s.runtime.run('x = 5 return x * 2')).values).toEqual([10]);
  });

  it('rejects with the syntax error', async () => {
    s = setup();
    await expect(s.runtime.run('x = = 1')).rejects.toThrow(":lua:1: unexpected symbol near '='");
  });
});

describe('close', () => {
  it('undoes every registration and refuses further calls', async () => {
    s = setup({
      'init.lua': `lug.tool.register("t1", { description = "d", handler = function() return "x" end })
lug.cmd.register("hello", function() end)
lug.keymap.set("<C-x>", ":hello")
lug.on("turn_start", function() end)`,
    });
    await s.runtime.loadStartup();
    expect(s.host.tools.get('t1')).toBeDefined();
    s.runtime.close();
    expect(s.host.tools.get('t1')).toBeUndefined();
    expect(s.host.tools.get('lua_docs')).toBeUndefined();
    expect(s.host.commands.get('hello')).toBeUndefined();
    expect(s.host.keys.get('<C-x>')).toBeUndefined();
    await expect(s.runtime.run('1')).rejects.toThrow(/closed/);
    s = undefined;
  });
});

describe('the chunk cache', () => {
  it('a second state loads unchanged files from bytecode, with the same file and line in errors', async () => {
    const cache = new ChunkCache();
    const first = setup({ 'init.lua': 'function fails()\n  error("line two")\nend' }, { chunkCache: cache });
    await first.runtime.loadStartup();
    expect(cache.stats).toEqual({ hits: 0, misses: 3 }); // the prelude, basic.lug, init.lua
    const second = createLuaRuntime(first.host, undefined, { configDir: first.lug.configDir, chunkCache: cache, workflowsDir: noWorkflows(first.lug) });
    first.runtime.close();
    await second.loadStartup();
    expect(cache.stats).toEqual({ hits: 3, misses: 3 });
    await expect(second.run('fails()')).rejects.toThrow(`${first.lug.configDir}/init.lua:2: line two`);
    fs.writeFileSync(path.join(first.lug.configDir, 'init.lua'), 'edited = true');
    const third = createLuaRuntime(first.host, undefined, { configDir: first.lug.configDir, chunkCache: cache, workflowsDir: noWorkflows(first.lug) });
    second.close();
    await third.loadStartup();
    expect(cache.stats).toEqual({ hits: 5, misses: 4 });
    expect((await third.run('edited')).values[0]).toBe(true);
    third.close();
  });

  it('with a directory, the next process loads from disk', async () => {
    const lug = tempLug({ 'init.lua': 'x = 1' });
    const dir = path.join(lug.root, 'cache', 'lug', 'lua');
    const host = createHost({ cwd: lug.project, env: lug.env, authorize: allowAll });
    const a = createLuaRuntime(host, undefined, { configDir: lug.configDir, chunkCache: new ChunkCache({ dir }), workflowsDir: noWorkflows(lug) });
    await a.loadStartup();
    a.close();
    await new Promise((r) => setImmediate(r)); // compiled chunks are written once the process is idle
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.luac'))).toHaveLength(3);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const fresh = new ChunkCache({ dir });
    const b = createLuaRuntime(host, undefined, { configDir: lug.configDir, chunkCache: fresh, workflowsDir: noWorkflows(lug) });
    await b.loadStartup();
    expect(fresh.stats).toEqual({ hits: 3, misses: 0 });
    expect((await b.run('x')).values[0]).toBe(1);
    b.close();
  });
});
