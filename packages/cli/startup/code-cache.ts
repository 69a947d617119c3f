/**
 * Running a CommonJS bundle from a V8 code cache.
 *
 * Node 20's module loader keeps no compile cache (`module.enableCompileCache`
 * is Node 22), and compiling is a large share of a start: lug's interface
 * bundle takes ~21 ms to compile and ~5 ms to start from the cached data of an
 * earlier start. A bundle run here is compiled by `vm.Script` with the cached
 * data when there is some; V8 checks that the data fits (its version, its
 * flags, the source) and compiles from the source when it does not.
 *
 * The cache of a bundle is written by `saveCodeCaches`, once the program has
 * run for a while, so the functions a start compiled are in it. A cache that
 * cannot be read or written only costs time.
 *
 * Caches are the user's ($XDG_CACHE_HOME), and also kept beside lug's own
 * files when it may write there (`sharedCacheDir`, start.ts), as Python keeps
 * `__pycache__` beside its modules: a start whose own directory has no cache
 * of a bundle runs it from the shared one, and keeps a copy in its own, so a
 * new $XDG_CACHE_HOME (a new user, a container's fresh home, a test's) does
 * not compile lug from source again. Whoever may write lug's files may write
 * its caches: they are trusted as much as the bundles beside them.
 *
 * V8 also hashes its flags into every cache it writes, and rejects a cache
 * written under other flags, even flags set while the process runs
 * (`v8.setFlagsFromString`). So the flags are part of a cache's name, and a
 * flag lug sets at run time goes through `setV8Flags`. With one name for all,
 * the interface's caches of the Markdown renderer and the SDK were rejected
 * and written again at every other start: loaded before the interface set
 * `--optimize-for-size` (settle-heap.ts, a second after the first frame) when
 * the first prompt came quickly, after it when the prompt came later, and
 * written after it either way.
 */
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

export interface CommonJsBundleOptions {
  /** Where the code cache is read and written; none: compile every time. */
  cacheDir?: string;
  /** Where a cache is read when `cacheDir` has none, and written as well (beside lug's own files; absent or unwritable: only costs time). */
  sharedCacheDir?: string;
  /** What the bundle's `require` returns for an id; `undefined` falls through to Node's require beside the file. */
  resolveModule?: (id: string) => unknown;
  /**
   * The file the bundle stands for, when it is a copy of a package's entry
   * (start.ts's shared bundles): its `import.meta.url`, and where Node's
   * `require` resolves from, so that the copy finds the files and packages
   * beside the original. Default: the bundle itself.
   */
  standsFor?: string;
}

/**
 * A bundle whose code cache is missing or stale, kept until saveCodeCaches writes it (into `cacheFile`, and
 * `sharedFile` when there is one), with the flags it ran under; or one run from the shared cache, whose data
 * is copied into the user's own at the same moment.
 */
interface PendingCache {
  cacheFile: string;
  sharedFile?: string;
  flags: string;
  data: () => Buffer;
}
const pending = new Map<string, PendingCache>();

/** The flags the process started with (its command line, NODE_OPTIONS), and those lug set since (setV8Flags). */
const v8Flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].filter(Boolean);
/** They, as a cache name's suffix: none for none. */
let flagsTag = tagOf(v8Flags);

/** The suffix of the caches' names under `flags` (the command line's and NODE_OPTIONS', then those set since): none for none. */
export function tagOf(flags: readonly string[]): string {
  return flags.length === 0 ? '' : `-f${createHash('sha1').update(flags.join('\0')).digest('hex').slice(0, 8)}`;
}

/**
 * Set V8 flags for the rest of the process, the code caches following: the
 * bundles waiting for a cache have it written first, under the flags they
 * ran with, and each cache read or written after is one of the new flags.
 */
export function setV8Flags(more: string): void {
  if (v8Flags.includes(more)) return;
  saveCodeCaches();
  // Loaded here, not at the top: node:v8 costs ~1 ms to load, and a headless run sets no flag (the interface sets one at its start, src/layout-tiering.ts).
  process.getBuiltinModule('node:v8').setFlagsFromString(more);
  v8Flags.push(more);
  flagsTag = tagOf(v8Flags);
}

/** The cache file of `file`, named by everything that makes V8 reject a cache (the build, V8, the flags now). */
export function codeCacheFile(file: string, cacheDir: string): string {
  const { size, mtimeMs } = statSync(file);
  const stamp = [process.versions.v8, process.arch, file, size, Math.floor(mtimeMs)].join('\0');
  const name = basename(file).replace(/\.[cm]?js$/, '');
  return join(cacheDir, `${name}-${createHash('sha1').update(stamp).digest('hex').slice(0, 16)}${flagsTag}.v8cache`);
}

function readCache(cacheFile: string | undefined): Buffer | undefined {
  if (!cacheFile) return undefined;
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined; // none yet
  }
}

/**
 * Run the CommonJS bundle `file` (its `module.exports` is returned), inside
 * the usual wrapper (`exports, require, module, __filename, __dirname`) plus
 * `__lugImportMetaUrl`, the file's URL, for bundles built from ES modules that
 * read `import.meta.url`.
 */
export function runCommonJsBundle<T = Record<string, unknown>>(file: string, opts: CommonJsBundleOptions = {}): T {
  const cacheFile = opts.cacheDir ? codeCacheFile(file, opts.cacheDir) : undefined;
  const sharedFile = cacheFile && opts.sharedCacheDir ? join(opts.sharedCacheDir, basename(cacheFile)) : undefined;
  const ownData = readCache(cacheFile);
  const cachedData = ownData ?? readCache(sharedFile);
  const bytes = readFileSync(file);
  // A bundle is mostly ASCII (esbuild escapes strings), which decodes fastest as latin1.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const wrapper = `(function (exports, require, module, __filename, __dirname, __lugImportMetaUrl) {${source}\n})`;
  const script = new Script(wrapper, { filename: file, cachedData });
  const nodeRequire = createRequire(opts.standsFor ?? file);
  const resolveModule = opts.resolveModule;
  const bundleRequire = resolveModule
    ? Object.assign((id: string) => resolveModule(id) ?? nodeRequire(id), { resolve: nodeRequire.resolve, cache: nodeRequire.cache, main: nodeRequire.main })
    : nodeRequire;
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, bundleRequire, module, file, dirname(file), pathToFileURL(opts.standsFor ?? file).href);
  if (cacheFile) rememberCache(file, script, { cacheFile, sharedFile, cachedData, own: ownData !== undefined });
  return module.exports;
}

/**
 * Keep what saveCodeCaches is to write of the bundle `file` just run: a new cache when it ran without a usable
 * one, the shared cache's data for its own directory when it ran from that. A function of its own, not closures
 * in runCommonJsBundle: those would put `cachedData` in the context its `require` keeps for as long as the
 * bundle lives, and every bundle held its cache's bytes after it ran (lug's interface bundle ~0.9 MB, the
 * Markdown renderer 0.3 MB: idle RSS 1.1 MiB more, a heap snapshot's retainers showed).
 */
function rememberCache(file: string, script: Script, cache: { cacheFile: string; sharedFile?: string; cachedData?: Buffer; own: boolean }): void {
  const { cacheFile, sharedFile, cachedData } = cache;
  if (!cachedData || script.cachedDataRejected) pending.set(file, { cacheFile, sharedFile, flags: flagsTag, data: () => script.createCachedData() });
  else if (!cache.own) pending.set(file, { cacheFile, flags: flagsTag, data: () => cachedData });
}

/** `bundle-<build stamp>[-f<flags>].v8cache`, as codeCacheFile names a cache. */
const CACHE_NAME = /^(.+)-([0-9a-f]{16})(?:-f[0-9a-f]{8})?\.v8cache$/;

/** The bundle and the build a cache file (its base name) is of, whatever its flags; undefined for another file. */
export function cacheFileOf(name: string): { bundle: string; build: string } | undefined {
  const match = CACHE_NAME.exec(name);
  return match ? { bundle: match[1]!, build: match[2]! } : undefined;
}

/** Remove the caches an earlier build of the same bundle left, under any flags (an upgrade would otherwise leave one each time). */
function removeOlderCaches(cacheFile: string): void {
  const own = cacheFileOf(basename(cacheFile));
  for (const other of readdirSync(dirname(cacheFile))) {
    const of = cacheFileOf(other);
    if (of && of.bundle === own?.bundle && of.build !== own.build) rmSync(join(dirname(cacheFile), other), { force: true });
  }
}

/**
 * Write the code cache of each bundle (of `files`, or all) that ran without a
 * usable one. Atomic (a temp file renamed), so two processes never read half a
 * cache; caches of the same bundle's earlier builds are removed (under any flags).
 */
export function saveCodeCaches(files?: readonly string[]): void {
  for (const file of files ?? [...pending.keys()]) {
    const entry = pending.get(file);
    if (!entry) continue;
    pending.delete(file);
    // Written now, its data would carry today's flags under the name of those it ran with (setV8Flags writes first).
    if (entry.flags !== flagsTag) continue;
    let data: Buffer;
    try {
      data = entry.data();
    } catch {
      continue;
    }
    writeCache(entry.cacheFile, data, 0o700, 0o600);
    // Readable by everyone, as the bundles beside it are.
    if (entry.sharedFile) writeCache(entry.sharedFile, data, 0o755, 0o644);
  }
}

/** Write `data` to `cacheFile` atomically (a temp file renamed), and remove the caches of the bundle's earlier builds there. */
function writeCache(cacheFile: string, data: Buffer, dirMode: number, fileMode: number): void {
  try {
    mkdirSync(dirname(cacheFile), { recursive: true, mode: dirMode });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, data, { mode: fileMode });
    renameSync(tmp, cacheFile);
    removeOlderCaches(cacheFile);
  } catch {
    // a cache that cannot be written only costs time
  }
}
