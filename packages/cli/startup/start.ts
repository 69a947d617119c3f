/**
 * How the binary starts (bin/lug.js imports this file for all but --version and --help):
 * the bundle `dist/lug.cjs` runs from a V8 code cache, and so does each
 * package it shares (shared-bundles.ts: a CommonJS copy of each ES module
 * package it shares with what it loads), each vendor bundle
 * (vendor-bundles.ts) on first use, and the Lua bridge's fengari bundle when
 * the first Lua state is made (the loader handed to `main`).
 *
 * Why CommonJS: Node 20 compiles every ES module from its source on every
 * start (it has no compile cache; `module.enableCompileCache` is Node 22),
 * and compiling was the largest part of the way to the first screen. A
 * CommonJS bundle runs through `vm.Script`, which takes the cached data of
 * an earlier start (code-cache.ts). Code run that way cannot `import()`
 * (Node 20 asks for a flag): the bundles `require` instead, and the one
 * import that must stay one, of a JavaScript plugin (which may await at its
 * top level), is handed to the Lua bridge from here.
 *
 * This file is CommonJS too (`dist/start.cjs`, `@lug/core/state-paths`
 * bundled in): a start that imports no ES module never starts Node's ES
 * module loader, whose first import (even of a two-line module) cost
 * 11-14 ms on Node 20. Hence `__dirname`, and package-entry.ts where
 * `import.meta.resolve` would be.
 */
import { cacheDir as lugCacheDir } from '@lug/core/state-paths';
import { join } from 'node:path';
import { LAYOUT_TIERING_FLAG } from '../src/layout-tiering.js';
import type { main as Main } from '../src/main.js';
import { runCommonJsBundle, saveCodeCaches, setV8Flags } from './code-cache.js';
import { resolvePackageEntry } from './package-entry.js';
import { runKindOf } from './run-kind.js';
import { SHARED_BUNDLES } from './shared-bundles.js';
import { VENDOR_BUNDLES } from './vendor-bundles.js';

/** Both true in a real build; false only in a build that measures what they save (interventions.ts). */
declare const __LUG_CODE_CACHE__: boolean;
declare const __LUG_FENGARI_CODE_CACHE__: boolean;
declare const __LUG_SHARED_BUNDLES__: boolean;

/**
 * How long after the start's first bundle runs the start-up's code caches are
 * written: by then its functions are compiled. A bundle first run after that
 * (the Markdown renderer and the SDK, loaded when the user starts typing) has
 * its cache written when the caller says it is idle (the interface: once its
 * first turn is over; StartupOptions.saveCodeCaches), or at exit: a second
 * after loading was while the first answer streamed (V8's createCachedData:
 * 14 ms of the first turn, in the bench's first session after an install).
 */
const SAVE_AFTER_MS = 1000;

/** Load the bundle (from its code cache when there is one) and run `main(argv)`. */
export async function start(argv: string[]): Promise<number> {
  // Each kind of run its own caches (run-kind.ts): $XDG_CACHE_HOME/lug/v8/interface/, …/v8/headless/; and the same
  // beside lug's own files (.cache/v8/interface/, …), shared by every user of this install who may write there.
  // Asked of the descriptor: `process.stdin` is made only when it is read (src/main.ts), and /dev/null or a file never is.
  const runKind = runKindOf(argv, process.getBuiltinModule('node:tty').isatty(0));
  // The interface's layout engine stays on V8's baseline WebAssembly compiler (src/layout-tiering.ts: idle memory), set before anything is compiled.
  if (runKind === 'interface') setV8Flags(LAYOUT_TIERING_FLAG);
  const cacheDir = __LUG_CODE_CACHE__ ? join(lugCacheDir(process.env), 'v8', runKind) : undefined;
  const sharedCacheDir = __LUG_CODE_CACHE__ ? join(__dirname, '..', '.cache', 'v8', runKind) : undefined;
  /**
   * The shared and vendor packages run so far: one instance of each, whoever requires it. A build that
   * measures what the shared copies save (interventions.ts) imports the packages themselves, as lug did before them.
   */
  const loaded = new Map<string, unknown>(__LUG_SHARED_BUNDLES__ ? [] : await Promise.all(Object.keys(SHARED_BUNDLES).map(async (id) => [id, await import(id)] as const)));
  // Armed once, by the start's first bundle; bundles run after it fired wait for saveCodeCaches or the exit.
  let saveTimer: NodeJS.Timeout | undefined;
  const saveSoon = () => {
    if (saveTimer) return;
    saveTimer = setTimeout(() => saveCodeCaches(), SAVE_AFTER_MS);
    saveTimer.unref();
  };
  /** A CommonJS bundle run from its code cache; the cache is written a moment after the start, or at exit (SAVE_AFTER_MS). */
  const runBundle = <T>(file: string, resolveModule?: (id: string) => unknown, standsFor?: string): T => {
    const exports = runCommonJsBundle<T>(file, { cacheDir, sharedCacheDir, resolveModule, standsFor });
    saveSoon();
    return exports;
  };

  const bundleFile = (path: string) => join(__dirname, path);
  const resolveModule = (id: string): unknown => {
    if (loaded.has(id)) return loaded.get(id);
    let exports: unknown;
    // A shared package's copy stands for the package's own entry: it finds the files beside it from there.
    if (Object.hasOwn(SHARED_BUNDLES, id)) exports = runBundle(bundleFile(SHARED_BUNDLES[id]!), resolveModule, resolvePackageEntry(id, __dirname));
    else if (Object.hasOwn(VENDOR_BUNDLES, id)) exports = runBundle(bundleFile(VENDOR_BUNDLES[id]!), resolveModule);
    else return undefined;
    loaded.set(id, exports);
    return exports;
  };

  const { main } = runBundle<{ main: typeof Main }>(bundleFile('lug.cjs'), resolveModule);
  // A short run (lug -p, lug --help) ends before the timer: its caches are written as it exits.
  process.once('exit', () => saveCodeCaches());
  // Compiling fengari is a large part of a cold start with Lua: its bundle starts from a code cache too.
  const importModule = (url: string): Promise<unknown> => import(url);
  const later = { importModule, saveCodeCaches: () => saveCodeCaches(), setV8Flags };
  return main(argv, __LUG_FENGARI_CODE_CACHE__ ? { loadFengari: (file) => runBundle(file), ...later } : later);
}

