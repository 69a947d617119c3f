/**
 * How the binary starts (bin/lug.js imports this file): the ES module
 * packages that lug shares with the plugins it loads are imported once, here;
 * then the bundle `dist/lug.cjs` runs from a V8 code cache, and so does each
 * vendor bundle (vendor-bundles.ts) on first use.
 *
 * Why CommonJS: Node 20 compiles every ES module from its source on every
 * start (it has no compile cache; `module.enableCompileCache` is Node 22),
 * and compiling was the largest part of the way to the first screen. A
 * CommonJS bundle runs through `vm.Script`, which takes the cached data of
 * an earlier start (`runCommonJsBundle` in @lug/core).
 */
import * as approvals from '@lug/approvals';
import * as core from '@lug/core';
import * as luaBridge from '@lug/lua-bridge';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VENDOR_BUNDLES } from './vendor-bundles.js';

/** One instance of each, for the bundle and for every plugin that imports them itself. */
const SHARED: Readonly<Record<string, unknown>> = { '@lug/core': core, '@lug/lua-bridge': luaBridge, '@lug/approvals': approvals };

/** How long after a bundle first runs its code cache is written: by then the start-up's functions are compiled. */
const SAVE_AFTER_MS = 1000;

type Main = (argv: string[]) => Promise<number>;

/** Load the bundle (from its code cache when there is one) and run `main(argv)`. */
export function start(argv: string[]): Promise<number> {
  const cacheDir = join(core.cacheDir(process.env), 'v8');
  const vendors = new Map<string, unknown>();
  let saveTimer: NodeJS.Timeout | undefined;
  const saveSoon = () => {
    if (saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      core.saveCodeCaches();
    }, SAVE_AFTER_MS);
    saveTimer.unref();
  };

  const resolveModule = (id: string): unknown => {
    if (Object.hasOwn(SHARED, id)) return SHARED[id];
    if (!Object.hasOwn(VENDOR_BUNDLES, id)) return undefined;
    const vendor = VENDOR_BUNDLES[id]!;
    if (!vendors.has(id)) {
      vendors.set(id, core.runCommonJsBundle(fileURLToPath(new URL(vendor, import.meta.url)), { cacheDir, resolveModule }));
      saveSoon();
    }
    return vendors.get(id);
  };

  const { main } = core.runCommonJsBundle<{ main: Main }>(fileURLToPath(new URL('./lug.cjs', import.meta.url)), { cacheDir, resolveModule });
  saveSoon();
  // A short run (lug -p, lug --help) ends before the timer: its caches are written as it exits.
  process.once('exit', () => core.saveCodeCaches());
  return main(argv);
}
