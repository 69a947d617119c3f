/** The stock Lua compiled at build time, and a start that reads it instead of parsing it. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { allowAll, createHost } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { ChunkCache } from './chunk-cache.js';
import { compileStockLua, stockChunkDir, stockLuaFiles } from './compile-chunks.js';
import { defaultRuntimePath } from './runtime-files.js';
import { createLuaRuntime } from './runtime.js';
import { tempLug } from './test-support.js';

/** A copy of the repository's lua/ (the stock runtime) in a temp root; its basic.lug's path. */
function stockCopy(root: string): string {
  const dir = path.join(root, 'runtime', 'lua');
  fs.cpSync(path.dirname(defaultRuntimePath()), dir, { recursive: true });
  fs.rmSync(path.join(dir, 'compiled'), { recursive: true, force: true });
  return path.join(dir, 'basic.lug');
}

const luac = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.luac')) : []);

describe('compileStockLua', () => {
  it('compiles the prelude, basic.lug and every workflow, not the docs, readable by everyone', () => {
    const lug = tempLug();
    const runtimePath = stockCopy(lug.root);
    const files = stockLuaFiles(path.dirname(runtimePath));
    expect(files.map((f) => path.relative(path.dirname(runtimePath), f))).toEqual(expect.arrayContaining(['basic.lug', path.join('workflows', 'todo.lua')]));
    expect(files.some((f) => f.includes(`${path.sep}docs${path.sep}`))).toBe(false);
    expect(compileStockLua(runtimePath)).toEqual([]);
    const dir = stockChunkDir(runtimePath);
    expect(luac(dir)).toHaveLength(files.length + 1);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o755);
    for (const f of luac(dir)) expect(fs.statSync(path.join(dir, f)).mode & 0o777).toBe(0o644);
  });

  it('lets a start with an empty cache parse only what is not stock (init.lua), and write only that', async () => {
    const lug = tempLug({ 'init.lua': 'answer = 42' });
    const runtimePath = stockCopy(lug.root);
    compileStockLua(runtimePath);
    const userDir = path.join(lug.root, 'cache', 'lug', 'lua');
    const cache = new ChunkCache({ dir: userDir, shipped: stockChunkDir(runtimePath) });
    const host = createHost({ cwd: lug.project, env: lug.env, authorize: allowAll });
    const runtime = createLuaRuntime(host, undefined, { configDir: lug.configDir, chunkCache: cache, runtimePath });
    const report = await runtime.loadStartup({ workflows: 'now' });
    expect(report.errors).toEqual([]);
    expect((await runtime.run('answer')).values[0]).toBe(42);
    // The prelude, basic.lug and the workflows from the build; init.lua parsed.
    expect(cache.stats.misses).toBe(1);
    expect(cache.stats.hits).toBe(stockLuaFiles(path.dirname(runtimePath)).length + 1);
    runtime.close();
    await new Promise((r) => setImmediate(r));
    expect(luac(userDir)).toHaveLength(1);
    expect(luac(stockChunkDir(runtimePath))).toHaveLength(stockLuaFiles(path.dirname(runtimePath)).length + 1);
  });

  it('names a file that does not compile and compiles the others; a start then reports its error', async () => {
    const lug = tempLug();
    const runtimePath = stockCopy(lug.root);
    const broken = path.join(path.dirname(runtimePath), 'workflows', 'broken.lua');
    fs.writeFileSync(broken, 'local x = = 1\n');
    expect(compileStockLua(runtimePath)).toEqual([broken]);
    expect(luac(stockChunkDir(runtimePath))).toHaveLength(stockLuaFiles(path.dirname(runtimePath)).length);
    const host = createHost({ cwd: lug.project, env: lug.env, authorize: allowAll });
    const runtime = createLuaRuntime(host, undefined, { configDir: lug.configDir, chunkCache: new ChunkCache({ shipped: stockChunkDir(runtimePath) }), runtimePath });
    const report = await runtime.loadStartup({ workflows: 'now' });
    expect(report.errors.map((e) => [e.file, e.line])).toEqual([[broken, 1]]);
    runtime.close();
  });

  it('a damaged compiled chunk is parsed from source instead, and written to the user cache, never to the shipped one', async () => {
    const lug = tempLug();
    const runtimePath = stockCopy(lug.root);
    compileStockLua(runtimePath);
    const shipped = stockChunkDir(runtimePath);
    const before = Object.fromEntries(luac(shipped).map((f) => [f, fs.readFileSync(path.join(shipped, f))]));
    for (const f of luac(shipped)) fs.writeFileSync(path.join(shipped, f), 'not bytecode');
    const userDir = path.join(lug.root, 'cache', 'lug', 'lua');
    const cache = new ChunkCache({ dir: userDir, shipped });
    const host = createHost({ cwd: lug.project, env: lug.env, authorize: allowAll });
    const runtime = createLuaRuntime(host, undefined, { configDir: lug.configDir, chunkCache: cache, runtimePath });
    const report = await runtime.loadStartup({ workflows: 'now' });
    expect(report.errors).toEqual([]);
    expect(cache.stats.hits).toBe(0);
    runtime.close();
    await new Promise((r) => setImmediate(r));
    expect(luac(userDir).sort()).toEqual(Object.keys(before).sort());
    for (const f of luac(shipped)) expect(fs.readFileSync(path.join(shipped, f), 'utf8')).toBe('not bytecode');
  });
});
