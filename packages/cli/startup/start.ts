/**
 * How the binary starts (bin/lug.js imports this file for all but --version and --help): the ES module
 * packages that lug shares with the plugins it loads are imported once, here;
 * then the bundle `dist/lug.cjs` runs from a V8 code cache, and so does each
 * vendor bundle (vendor-bundles.ts) on first use, and the Lua bridge's
 * fengari bundle when the first Lua state is made (the loader handed to
 * `main`).
 *
 * Why CommonJS: Node 20 compiles every ES module from its source on every
 * start (it has no compile cache; `module.enableCompileCache` is Node 22),
 * and compiling was the largest part of the way to the first screen. A
 * CommonJS bundle runs through `vm.Script`, which takes the cached data of
 * an earlier start (code-cache.ts).
 */
import * as approvals from '@lug/approvals';
import * as core from '@lug/core';
import * as luaBridge from '@lug/lua-bridge';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { main as Main } from '../src/main.js';
import { runCommonJsBundle, saveCodeCaches } from './code-cache.js';
import { VENDOR_BUNDLES } from './vendor-bundles.js';

/** Both true in a real build; false only in a build that measures what they save (interventions.ts). */
declare const __LUG_CODE_CACHE__: boolean;
declare const __LUG_FENGARI_CODE_CACHE__: boolean;

/** One instance of each, for the bundle and for every plugin that imports them itself. */
const SHARED: Readonly<Record<string, unknown>> = { '@lug/core': core, '@lug/lua-bridge': luaBridge, '@lug/approvals': approvals };

/** How long after a bundle first runs its code cache is written: by then the start-up's functions are compiled. */
const SAVE_AFTER_MS = 1000;

/** Load the bundle (from its code cache when there is one) and run `main(argv)`. */
export function start(argv: string[]): Promise<number> {
  const cacheDir = __LUG_CODE_CACHE__ ? join(core.cacheDir(process.env), 'v8') : undefined;
  const vendors = new Map<string, unknown>();
  let saveTimer: NodeJS.Timeout | undefined;
  const saveSoon = () => {
    if (saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      saveCodeCaches();
    }, SAVE_AFTER_MS);
    saveTimer.unref();
  };
  /** A CommonJS bundle run from its code cache; the cache is written a moment after its first run. */
  const runBundle = <T>(file: string, resolveModule?: (id: string) => unknown): T => {
    const exports = runCommonJsBundle<T>(file, { cacheDir, resolveModule });
    saveSoon();
    return exports;
  };

  const resolveModule = (id: string): unknown => {
    if (Object.hasOwn(SHARED, id)) return SHARED[id];
    if (!Object.hasOwn(VENDOR_BUNDLES, id)) return undefined;
    if (!vendors.has(id)) vendors.set(id, runBundle(fileURLToPath(new URL(VENDOR_BUNDLES[id]!, import.meta.url)), resolveModule));
    return vendors.get(id);
  };

  const { main } = runBundle<{ main: typeof Main }>(fileURLToPath(new URL('./lug.cjs', import.meta.url)), resolveModule);
  // A short run (lug -p, lug --help) ends before the timer: its caches are written as it exits.
  process.once('exit', () => saveCodeCaches());
  // Compiling fengari is a large part of a cold start with Lua: its bundle starts from a code cache too.
  return main(argv, __LUG_FENGARI_CODE_CACHE__ ? { loadFengari: (bundleFile) => runBundle(bundleFile) } : {});
}
