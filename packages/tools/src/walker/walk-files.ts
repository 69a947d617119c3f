/**
 * The ignore-aware walker: every file and directory under a root that git
 * would not ignore (see ignore-rules.ts), hidden ones included, `.git`
 * skipped, ignored directories never entered. Used for the TUI's `@path`
 * completion; it agrees with `rg --files` run with grep's flags (tested).
 *
 * Breadth first, so shallow paths come first (what completion wants), with a
 * few directories read at once to hide the file system's latency. Symbolic
 * links are reported, never followed.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { IgnoreChain, globalRules, repositoryRules, walkRules, type RuleSet } from './ignore-rules.js';

export interface WalkEntry {
  /** Relative to the walk root, with `/` separators. */
  path: string;
  kind: 'file' | 'dir' | 'symlink';
}

export interface WalkOptions {
  /** Stops the walk (the generator returns). */
  signal?: AbortSignal;
  /** Where HOME and XDG_CONFIG_HOME come from (the global excludes file). Default process.env. */
  env?: Record<string, string | undefined>;
  /** Directories read at once. Default 16. */
  concurrency?: number;
}

interface PendingDir {
  abs: string;
  /** Relative to the walk root: '' or 'a/b/'. */
  walkRel: string;
  /** Relative to the rules root: '' or 'a/b/'. */
  ruleRel: string;
  chain: IgnoreChain;
}

interface ListedDir extends PendingDir {
  entries: Dirent[];
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Read a directory and settle which rules apply inside it: its own
 * `.gitignore`, and, when it holds a `.git` of its own (a nested
 * repository), that repository's rules instead of those above it.
 */
async function listDir(dir: PendingDir, isRoot: boolean, global: readonly RuleSet[]): Promise<ListedDir> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir.abs, { withFileTypes: true });
  } catch {
    entries = []; // unreadable: skipped, as ripgrep skips it
  }
  let { chain, ruleRel } = dir;
  if (!isRoot && entries.some((e) => e.name === '.git')) {
    chain = IgnoreChain.empty(await repositoryRules(dir.abs, global));
    ruleRel = '';
  }
  if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
    const text = await readOptional(path.join(dir.abs, '.gitignore'));
    if (text) chain = chain.withGitignore(ruleRel, text);
  }
  return { ...dir, chain, ruleRel, entries };
}

function kindOf(entry: Dirent): WalkEntry['kind'] | undefined {
  if (entry.isDirectory()) return 'dir';
  if (entry.isFile()) return 'file';
  if (entry.isSymbolicLink()) return 'symlink';
  return undefined; // sockets, fifos, devices: not files anyone edits
}

/** Walk `root` (absolute, or relative to process.cwd()). */
export async function* walkFiles(root: string, opts: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const abs = path.resolve(root);
  const global = await globalRules(opts.env ?? process.env);
  const rules = await walkRules(abs, global);
  const concurrency = opts.concurrency ?? 16;
  const waiting: PendingDir[] = [{ abs, walkRel: '', ruleRel: rules.rootBase, chain: rules.chain }];
  const reading: Array<Promise<ListedDir>> = [];
  let first = true;
  const fill = () => {
    while (reading.length < concurrency && waiting.length > 0) {
      reading.push(listDir(waiting.shift()!, first, global));
      first = false;
    }
  };
  fill();
  while (reading.length > 0) {
    if (opts.signal?.aborted) return;
    const dir = await reading.shift()!;
    for (const entry of dir.entries) {
      const name = entry.name;
      if (name === '.git') continue;
      const kind = kindOf(entry);
      if (!kind) continue;
      const isDir = kind === 'dir';
      if (dir.chain.ignores(isDir ? `${dir.ruleRel}${name}/` : dir.ruleRel + name)) continue;
      yield { path: dir.walkRel + name, kind };
      if (isDir) {
        waiting.push({
          abs: path.join(dir.abs, name),
          walkRel: `${dir.walkRel}${name}/`,
          ruleRel: `${dir.ruleRel}${name}/`,
          chain: dir.chain,
        });
        fill();
      }
    }
    fill();
  }
}

/** Every file (not directory, not symlink) under `root` the walker yields, sorted. */
export async function listFilesByWalking(root: string, opts: WalkOptions = {}): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of walkFiles(root, opts)) if (entry.kind === 'file') files.push(entry.path);
  return files.sort();
}
