import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeCacheFile, runCommonJsBundle, saveCodeCaches } from './code-cache.js';

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
/** A new node process that runs `file` through this module (transpiled by esbuild), then saves its cache. */
/** `pending`: the start ran without a usable cache, so it wrote one. */
function start(file: string, cache: string | undefined): { result: unknown; pending: boolean; caches: string[] } {
  if (!runner) {
    const js = transformSync(readFileSync(new URL('./code-cache.ts', import.meta.url), 'utf8'), { loader: 'ts', format: 'esm' }).code;
    writeFileSync(join(dir, 'code-cache.mjs'), js);
    runner = join(dir, 'runner.mjs');
    writeFileSync(
      runner,
      `import { statSync } from 'node:fs';
       import { codeCacheFile, runCommonJsBundle, saveCodeCaches } from './code-cache.mjs';
       const [file, cacheDir] = process.argv.slice(2);
       // A cache is written to a temp file renamed over the old one: a new inode says it was written.
       const inode = () => { try { return statSync(codeCacheFile(file, cacheDir)).ino; } catch { return undefined; } };
       const before = cacheDir ? inode() : undefined;
       const result = runCommonJsBundle(file, { cacheDir: cacheDir || undefined }).f();
       saveCodeCaches();
       const pending = Boolean(cacheDir) && inode() !== before;
       console.log(JSON.stringify({ result, pending }));`,
    );
  }
  const out = JSON.parse(execFileSync(process.execPath, [runner, file, cache ?? ''], { encoding: 'utf8' }));
  return { ...out, caches: existsSync(cacheDir) ? readdirSync(cacheDir) : [] };
}

const cacheName = (file: string) => basename(codeCacheFile(file, cacheDir));

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
    expect(start(file, undefined)).toEqual({ result: [2, 3, 4], pending: false, caches: [] });
    expect(start(file, cacheDir)).toEqual({ result: [2, 3, 4], pending: true, caches: [cacheName(file)] });
    expect(start(file, cacheDir)).toEqual({ result: [2, 3, 4], pending: false, caches: [cacheName(file)] });
  });

  it('compiles from the source when the cache is corrupt or the bundle changed, and writes a new one', () => {
    const file = bundle('three.cjs', 'exports.f = () => 1;');
    start(file, cacheDir);
    writeFileSync(codeCacheFile(file, cacheDir), 'not a V8 code cache');
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

  it('still runs when the cache directory cannot be written', () => {
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const file = bundle('four.cjs', 'exports.ok = true;');
    expect(runCommonJsBundle<{ ok: boolean }>(file, { cacheDir: join(blocked, 'cache') }).ok).toBe(true);
    expect(() => saveCodeCaches()).not.toThrow();
  });

  it('reads a bundle that is not ASCII as UTF-8', () => {
    const file = bundle('five.cjs', 'exports.s = "é → ✓";');
    expect(runCommonJsBundle<{ s: string }>(file).s).toBe('é → ✓');
  });
});
