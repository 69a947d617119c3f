import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommonJsBundle, saveCodeCaches } from './code-cache.js';

let dir: string;
let cacheDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lug-code-cache-'));
  runner = undefined;
  cacheDir = join(dir, 'cache');
});
afterEach(() => {
  saveCodeCaches(); // leave nothing pending for the next test
  rmSync(dir, { recursive: true, force: true });
});

let runner: string | undefined;

/**
 * The script a start runs in a new node process: `file` through this module (transpiled by esbuild), then its
 * cache saved. `flag`: setV8Flags('--optimize-for-size') before the bundle runs, or between its run and the save;
 * `name`: only print the name of the file's cache.
 */
const RUNNER = `import { readdirSync, statSync } from 'node:fs';
  import { basename, join } from 'node:path';
  import { codeCacheFile, runCommonJsBundle, saveCodeCaches, setV8Flags } from './code-cache.mjs';
  const [file, cacheDir, flag, sharedDir] = process.argv.slice(2);
  if (flag === 'name') { console.log(JSON.stringify(basename(codeCacheFile(file, cacheDir)))); process.exit(0); }
  // A cache is written to a temp file renamed over the old one: a new inode says it was written.
  const inodes = (d) => { try { return Object.fromEntries(readdirSync(d).map((f) => [f, statSync(join(d, f)).ino])); } catch { return {}; } };
  if (flag === 'before') setV8Flags('--optimize-for-size');
  const before = cacheDir ? inodes(cacheDir) : {};
  const sharedBefore = sharedDir ? inodes(sharedDir) : {};
  const result = runCommonJsBundle(file, { cacheDir: cacheDir || undefined, sharedCacheDir: sharedDir || undefined }).f();
  if (flag === 'between') setV8Flags('--optimize-for-size');
  saveCodeCaches();
  const written = cacheDir ? Object.entries(inodes(cacheDir)).filter(([f, ino]) => before[f] !== ino).map(([f]) => f) : [];
  const sharedWritten = sharedDir ? Object.entries(inodes(sharedDir)).filter(([f, ino]) => sharedBefore[f] !== ino).map(([f]) => f) : [];
  console.log(JSON.stringify({ result, pending: written.length > 0, written, ...(sharedDir ? { sharedWritten } : {}) }));`;

function run(...args: string[]): string {
  if (!runner) {
    const js = transformSync(readFileSync(new URL('./code-cache.ts', import.meta.url), 'utf8'), { loader: 'ts', format: 'esm' }).code;
    writeFileSync(join(dir, 'code-cache.mjs'), js);
    runner = join(dir, 'runner.mjs');
    writeFileSync(runner, RUNNER);
  }
  return execFileSync(process.execPath, [runner, ...args], { encoding: 'utf8' });
}

/**
 * A start in a new node process. `pending`: it ran without a usable cache, so it wrote one; `written`: the cache
 * files it wrote; `caches`: those there after it.
 */
function start(file: string, cache: string | undefined, flag: 'before' | 'between' | '' = ''): { result: unknown; pending: boolean; written: string[]; caches: string[] } {
  const out = JSON.parse(run(file, cache ?? '', flag));
  return { ...out, caches: existsSync(cacheDir) ? readdirSync(cacheDir) : [] };
}

/** A start with its own cache directory `own` and the shared one `shared` (startup/start.ts: beside lug's files). */
function startShared(file: string, own: string, shared: string): { result: unknown; written: string[]; sharedWritten: string[] } {
  const { result, written, sharedWritten } = JSON.parse(run(file, own, '', shared));
  return { result, written, sharedWritten };
}

/** The name of `file`'s cache in a start with no flags (the name depends on the flags; this test runs under vitest's). */
const cacheName = (file: string): string => JSON.parse(run(file, cacheDir, 'name'));

function bundle(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

const BODY = `
const path = require('node:path');
const core = require('@lug/core');
exports.answer = (n) => n * 2;
exports.where = { filename: __filename, dirname: __dirname, url: __lugImportMetaUrl, sep: path.sep, core };
`;

describe('runCommonJsBundle', () => {
  it('runs the bundle with the CommonJS wrapper, its own file names and import.meta.url', () => {
    const file = bundle('one.cjs', BODY);
    const marker = { core: true };
    const mod = runCommonJsBundle<{ answer: (n: number) => number; where: Record<string, unknown> }>(file, {
      resolveModule: (id) => (id === '@lug/core' ? marker : undefined),
    });
    expect(mod.answer(21)).toBe(42);
    expect(mod.where).toEqual({ filename: file, dirname: dir, url: pathToFileURL(file).href, sep: '/', core: marker });
  });

  // Each start is a new process, as in use: V8 keeps compiled scripts in memory, so a second
  // compile in one process would not read the cache at all.
  it('writes a cache that the next start uses, and none without a cache directory', () => {
    const file = bundle('two.cjs', 'exports.f = function f() { return [1, 2, 3].map((x) => x + 1); }; exports.f();');
    expect(start(file, undefined)).toEqual({ result: [2, 3, 4], pending: false, written: [], caches: [] });
    expect(start(file, cacheDir)).toEqual({ result: [2, 3, 4], pending: true, written: [cacheName(file)], caches: [cacheName(file)] });
    expect(start(file, cacheDir)).toEqual({ result: [2, 3, 4], pending: false, written: [], caches: [cacheName(file)] });
  });

  it('compiles from the source when the cache is corrupt or the bundle changed, and writes a new one', () => {
    const file = bundle('three.cjs', 'exports.f = () => 1;');
    start(file, cacheDir);
    writeFileSync(join(cacheDir, cacheName(file)), 'not a V8 code cache');
    expect(start(file, cacheDir)).toMatchObject({ result: 1, pending: true });
    expect(start(file, cacheDir)).toMatchObject({ result: 1, pending: false });

    const before = cacheName(file);
    writeFileSync(file, 'exports.f = () => 22;');
    expect(start(file, cacheDir)).toMatchObject({ result: 22, pending: true });
    expect(start(file, cacheDir)).toMatchObject({ result: 22, pending: false });
    // The old build's cache is gone, another bundle's is kept.
    const other = bundle('three-other.cjs', 'exports.f = () => 3;');
    start(other, cacheDir);
    expect(cacheName(file)).not.toBe(before);
    expect(readdirSync(cacheDir).sort()).toEqual([cacheName(file), cacheName(other)].sort());
  });

  // V8 hashes its flags into a cache, flags set at run time too: a cache named by the build alone was rejected and
  // written again at every other start of the interface, by whether it loaded before settle-heap.ts set a flag.
  it('keeps a cache for each set of flags (setV8Flags), each used from then on', () => {
    const file = bundle('six.cjs', 'exports.f = function f() { return /a+b/.test("aab"); }; exports.f();');
    const plain = start(file, cacheDir).written;
    const flagged = start(file, cacheDir, 'before').written;
    expect(plain).toEqual([cacheName(file)]);
    expect(flagged).toHaveLength(1);
    expect(flagged).not.toEqual(plain);
    for (const flag of ['', 'before', '', 'before'] as const) expect(start(file, cacheDir, flag)).toMatchObject({ result: true, written: [] });
    expect(readdirSync(cacheDir).sort()).toEqual([...plain, ...flagged].sort());
    // The reason for the names: read without the flag, the flagged cache is rejected (and written anew).
    writeFileSync(join(cacheDir, plain[0]!), readFileSync(join(cacheDir, flagged[0]!)));
    expect(start(file, cacheDir).written).toEqual(plain);
    expect(start(file, cacheDir).written).toEqual([]);
  });

  it('writes the caches waiting when a flag is set first, under the flags they ran with', () => {
    const file = bundle('seven.cjs', 'exports.f = () => 7;');
    // Run, then a flag set, then the save (the interface: a quick first prompt, then settle-heap.ts).
    expect(start(file, cacheDir, 'between').written).toEqual([cacheName(file)]);
    expect(start(file, cacheDir)).toMatchObject({ result: 7, written: [] });
  });

  it('still runs when the cache directory cannot be written', () => {
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const file = bundle('four.cjs', 'exports.ok = true;');
    expect(runCommonJsBundle<{ ok: boolean }>(file, { cacheDir: join(blocked, 'cache') }).ok).toBe(true);
    expect(() => saveCodeCaches()).not.toThrow();
  });

  it('writes a new cache beside lug as well, and a start with none of its own runs from that one and keeps a copy', () => {
    const file = bundle('eight.cjs', 'exports.f = function f() { return [1, 2].map((x) => x * 4); }; exports.f();');
    const shared = join(dir, 'shared');
    const [own1, own2] = [join(dir, 'own1'), join(dir, 'own2')];
    const name = cacheName(file);
    expect(startShared(file, own1, shared)).toEqual({ result: [4, 8], written: [name], sharedWritten: [name] });
    // Taken from the shared cache (a start that compiled would write it again), copied into its own.
    expect(startShared(file, own2, shared)).toEqual({ result: [4, 8], written: [name], sharedWritten: [] });
    expect(readFileSync(join(own2, name))).toEqual(readFileSync(join(shared, name)));
    expect(startShared(file, own2, shared)).toEqual({ result: [4, 8], written: [], sharedWritten: [] });
  });

  it('reads its own cache first, and compiles when the shared one is broken, writing both', () => {
    const file = bundle('nine.cjs', 'exports.f = () => 9;');
    const shared = join(dir, 'shared');
    const own = join(dir, 'own');
    const name = cacheName(file);
    startShared(file, own, shared);
    writeFileSync(join(shared, name), 'not a V8 code cache');
    expect(startShared(file, own, shared)).toEqual({ result: 9, written: [], sharedWritten: [] });
    expect(startShared(file, join(dir, 'own-new'), shared)).toEqual({ result: 9, written: [name], sharedWritten: [name] });
    expect(readFileSync(join(shared, name), 'latin1')).not.toBe('not a V8 code cache');
  });

  it('still writes its own cache when the shared directory cannot be written', () => {
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const file = bundle('ten.cjs', 'exports.f = () => 10;');
    const { result, written } = startShared(file, join(dir, 'own'), join(blocked, 'shared'));
    expect({ result, written }).toEqual({ result: 10, written: [cacheName(file)] });
  });

  it('reads a bundle that is not ASCII as UTF-8', () => {
    const file = bundle('five.cjs', 'exports.s = "é → ✓";');
    expect(runCommonJsBundle<{ s: string }>(file).s).toBe('é → ✓');
  });
});

/**
 * A start in a new node process with `--expose-gc` that runs `file` from its cache and keeps what the bundle
 * exports (its `require` among them, as a bundle keeps it for as long as it lives), collects, and says how many
 * bytes of ArrayBuffers the process still holds.
 */
const RETAINED = `import { runCommonJsBundle, saveCodeCaches } from './code-cache.mjs';
  const [file, cacheDir] = process.argv.slice(2);
  // As start.ts runs lug's bundles: with a resolveModule, which makes the bundle's require a closure.
  const kept = runCommonJsBundle(file, { cacheDir, resolveModule: () => undefined });
  saveCodeCaches();
  // V8 frees an ArrayBuffer's bytes on a task of its own after the collection that found it dead: on a busy machine
  // one gc() was read before that task ran (a clean run counted 2.6 MB against a 2.2 MB cache). Collected, a pause, again.
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  globalThis.gc();
  console.log(JSON.stringify({ kept: typeof kept.require, arrayBuffers: process.memoryUsage().arrayBuffers }));`;

describe('runCommonJsBundle and memory', () => {
  it("does not keep the cache's bytes once the bundle has run, though the bundle keeps its require", () => {
    // A bundle of 4,000 functions, each run once so that its compiled code is in the cache.
    const functions = Array.from({ length: 4000 }, (_, i) => `function f${i}(a) { return [a, ${i}].map((x) => x * ${i} + a).join('-'); }`);
    const file = bundle('big.cjs', `${functions.join('\n')}\nexports.require = require;\nexports.all = [${functions.map((_, i) => `f${i}(1)`).join(', ')}];\n`);
    cacheName(file); // writes the runner and code-cache.mjs into `dir`
    const retained = join(dir, 'retained.mjs');
    writeFileSync(retained, RETAINED);
    const startOnce = () => JSON.parse(execFileSync(process.execPath, ['--expose-gc', retained, file, cacheDir], { encoding: 'utf8' }));
    startOnce(); // writes the cache under --expose-gc's name
    const [cache] = readdirSync(cacheDir).filter((f) => f.includes('-f'));
    const cacheBytes = readFileSync(join(cacheDir, cache!)).length;
    expect(cacheBytes).toBeGreaterThan(200_000);
    const { kept, arrayBuffers } = startOnce();
    expect(kept).toBe('function');
    // Before, the context of runCommonJsBundle's closures held the cache's Buffer: arrayBuffers was above cacheBytes.
    expect(arrayBuffers).toBeLessThan(cacheBytes / 4);
  });
});
