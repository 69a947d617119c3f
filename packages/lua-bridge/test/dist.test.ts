/**
 * The built package (dist/), as the CLI loads it: the bundled fengari, the Lua
 * files copied into dist/lua, and the on-disk chunk cache across two
 * processes. Run `npx tsup` first. (fengari's V8 code cache is the CLI's
 * loader's: packages/cli/startup/, tested in the CLI's e2e tests.)
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempLug } from '../src/test-support.js';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

const SCRIPT = `
const { createHost, allowAll } = await import('@lug/core');
const bridge = await import(${JSON.stringify(dist)});
const [configDir, cacheDir, project] = process.argv.slice(1);
const host = createHost({ cwd: project, env: { ...process.env }, authorize: allowAll });
const rt = bridge.createLuaRuntime(host, undefined, { configDir, chunkCache: new bridge.ChunkCache({ dir: cacheDir }) });
const report = await rt.loadStartup();
const docs = await host.tools.get('lua_docs').handler({ words: 'os.tmpname' }, {});
const tmp = (await rt.run('local n = os.tmpname() local ok = os.remove(n) return n, ok')).values;
console.log(JSON.stringify({ errors: report.errors, files: report.files.map((f) => f.file), docs: docs.split('\\n')[0], tmp, answer: (await rt.run('answer')).values[0] }));
`;

function runDist(configDir: string, cacheDir: string, project: string) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT, configDir, cacheDir, project], { cwd: path.dirname(dist), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim());
}

describe.skipIf(!fs.existsSync(dist))('dist', () => {
  it('loads basic.lug from dist/lua with the bundled fengari, and caches compiled chunks on disk for the next process', () => {
    const lug = tempLug({ 'init.lua': 'answer = 6 * 7' });
    const cacheDir = path.join(lug.root, 'cache', 'lug', 'lua');
    const first = runDist(lug.configDir, cacheDir, lug.project);
    expect(first.errors).toEqual([]);
    expect(first.files[0]).toBe(path.join(path.dirname(dist), 'lua', 'basic.lug'));
    expect(first.answer).toBe(42);
    expect(first.docs).toMatch(/^os\.tmpname\(\): string/);
    expect(first.tmp[1]).toBe(true);
    const cached = fs.readdirSync(cacheDir);
    // Compiled chunks only: the bridge writes no V8 code cache of its own.
    expect(cached.filter((f) => !f.endsWith('.luac'))).toEqual([]);
    // The prelude, basic.lug, init.lua and each stock workflow.
    const workflows = fs.readdirSync(path.join(path.dirname(dist), 'lua', 'workflows')).filter((f) => f.endsWith('.lua'));
    expect(cached).toHaveLength(3 + workflows.length);
    const written = Object.fromEntries(cached.map((f) => [f, fs.statSync(path.join(cacheDir, f)).mtimeMs]));
    const second = runDist(lug.configDir, cacheDir, lug.project);
    expect(second.answer).toBe(42);
    // The second process loaded the bytecode: nothing was compiled and written again.
    expect(Object.fromEntries(fs.readdirSync(cacheDir).map((f) => [f, fs.statSync(path.join(cacheDir, f)).mtimeMs]))).toEqual(written);
  });
});
