/**
 * Where ripgrep can start the walk for a path glob: the deepest directory
 * its literal leading components name (`test/built-ins/Array/**\/*.js` →
 * test/built-ins/Array), so that a glob costs what its subtree costs rather
 * than a walk of the whole tree filtered in Node. The file set must be the
 * one the walk from the search root gives, so the walk stops short of a
 * directory where that could differ:
 *
 * - a directory that a rule above it may ignore (whitelists are not
 *   counted, so a re-included directory only stops the descent early):
 *   walked from the root, ripgrep would not enter it, while a path handed
 *   to ripgrep is always walked;
 * - `.git`, a directory holding `.git` (another repository, with its own
 *   rules), a symbolic link (ripgrep does not follow them), and every
 *   directory when the repository's `.git` is a file (a worktree, whose
 *   `info/exclude` is elsewhere);
 * - a rule our glob matcher cannot read (it may ignore anything).
 *
 * Inside a repository ripgrep reads the `.gitignore` files above the new
 * start itself (up to the repository root). Outside one, lug passes
 * `--no-ignore-parent` (ripgrep-ignore-args.ts), so the `.gitignore` files
 * from the search root down to the new start's parent are handed to ripgrep
 * as one ignore file, their rules rebased on the search root (ripgrep reads
 * an `--ignore-file` relative to its working directory, which is the search
 * root, and gives later lines precedence, as deeper files have). One order
 * differs there: ripgrep ranks such a file below the global excludes file,
 * so when both the rebased rules re-include something and the global file
 * has rules, the walk starts at the root.
 */
import { lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '@lug/core';
import { entryExists } from '../files/entry-exists.js';
import type { GlobMatcher } from '../glob/compile-glob.js';
import { findGitRootSync } from '../ignore/git-root.js';
import { globalExcludesFile } from '../ignore/global-excludes.js';
import { directoryMatcher, rebaseGitignore, type GitignoreRule } from '../ignore/gitignore-rules.js';
import { ignoreRulesFile } from './ignore-rules-file.js';
import { readIgnoreRules } from './rule-file-cache.js';

export interface GlobWalkRoot {
  /** Where ripgrep starts, relative to the search root with `/` separators; '' for the root itself. */
  readonly dir: string;
  /** Outside a repository, the rules of the `.gitignore` files between the root and `dir`, rebased on the root. */
  readonly ignoreRules?: string;
  /** The file holding `ignoreRules`, for `--ignore-file` (ignore-rules-file.ts). */
  readonly ignoreFile?: string;
  /** A literal directory of the glob is missing or a file: nothing can match. */
  readonly empty: boolean;
}

interface RuleLayer {
  /** The absolute directory the rules are relative to. */
  readonly base: string;
  readonly rules: readonly GitignoreRule[];
}

const AT_ROOT: GlobWalkRoot = { dir: '', empty: false };

/** Each rule's matcher, compiled once for as long as its file is unchanged (the cache hands back the same rules). */
const compiledMatchers = new WeakMap<GitignoreRule, GlobMatcher | null>();
function compiledDirectoryMatcher(rule: GitignoreRule): GlobMatcher | undefined {
  let matcher = compiledMatchers.get(rule);
  if (matcher === undefined) compiledMatchers.set(rule, (matcher = directoryMatcher(rule) ?? null));
  return matcher ?? undefined;
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

/** A directory's entry without following a link: null when missing, undefined when unreadable. */
function entryOf(p: string): ReturnType<typeof lstatSync> | null | undefined {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) ?? null;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOTDIR' ? null : undefined;
  }
}

/** The directories from `top` down to `bottom` (both included); `bottom` is at or under `top`. */
function chain(top: string, bottom: string): string[] {
  const dirs = [top];
  const rel = path.relative(top, bottom);
  if (rel === '') return dirs;
  for (const name of rel.split(path.sep)) dirs.push(path.join(dirs.at(-1)!, name));
  return dirs;
}

const posixRelative = (from: string, to: string) => path.relative(from, to).split(path.sep).join('/');

/** May a rule of these layers ignore the directory `dir` (absolute)? Whitelists are not counted. */
function mayBeIgnored(layers: readonly RuleLayer[], dir: string): boolean {
  for (const { base, rules } of layers) {
    const rel = posixRelative(base, dir);
    for (const rule of rules) {
      if (rule.whitelist) continue;
      const matcher = compiledDirectoryMatcher(rule);
      if (!matcher || matcher.test(rel)) return true;
    }
  }
  return false;
}

/** The rules in force above the search root, and the root's own, as layers; the global excludes file's rules come first. */
function layersAtRoot(root: string, gitRoot: string | undefined, global: string | undefined): RuleLayer[] {
  const top = gitRoot ?? root;
  const layers: RuleLayer[] = [];
  if (global) layers.push({ base: top, rules: readIgnoreRules(global) });
  if (gitRoot) layers.push({ base: gitRoot, rules: readIgnoreRules(path.join(gitRoot, '.git', 'info', 'exclude')) });
  for (const dir of chain(top, root)) layers.push({ base: dir, rules: readIgnoreRules(path.join(dir, '.gitignore')) });
  return layers;
}

/** Where to start ripgrep for `matcher` under the absolute directory `root`. */
export async function globWalkRoot(root: string, matcher: GlobMatcher | undefined, env: Env = process.env): Promise<GlobWalkRoot> {
  const names = matcher?.literalDirectories ?? [];
  if (names.length === 0) return AT_ROOT;
  const gitRoot = findGitRootSync(root);
  if (gitRoot && !isDirectory(path.join(gitRoot, '.git'))) return AT_ROOT;
  const global = globalExcludesFile(env);
  const layers = layersAtRoot(root, gitRoot, global);
  const rootLayers = layers.length;
  let dir = root;
  for (const name of names) {
    const next = path.join(dir, name);
    const info = entryOf(next);
    if (info === null || info?.isFile()) return { dir: '', empty: true };
    if (!info?.isDirectory() || name === '.git' || entryExists(path.join(next, '.git')) || mayBeIgnored(layers, next)) break;
    layers.push({ base: next, rules: readIgnoreRules(path.join(next, '.gitignore')) });
    dir = next;
  }
  if (dir === root) return AT_ROOT;
  const rel = posixRelative(root, dir);
  if (gitRoot) return { dir: rel, empty: false };
  // Outside a repository: the layers from the root down to dir's parent (dir's own ripgrep reads).
  const between = layers.slice(rootLayers - 1, -1);
  const lines = between.flatMap(({ base, rules }) => rebaseGitignore(rules, posixRelative(root, base)));
  const globalRules = global ? layers[0]!.rules : [];
  if (globalRules.length > 0 && between.some(({ rules }) => rules.some((r) => r.whitelist))) return AT_ROOT;
  if (lines.length === 0) return { dir: rel, empty: false };
  const ignoreRules = `${lines.join('\n')}\n`;
  const ignoreFile = await ignoreRulesFile(ignoreRules, env);
  return ignoreFile ? { dir: rel, empty: false, ignoreRules, ignoreFile } : AT_ROOT;
}

/** The ripgrep arguments for a walk from `walk` (its ignore file), and the path to walk, relative to the search root. */
export function globWalkArgs(walk: GlobWalkRoot): { args: string[]; path: string } {
  return { args: walk.ignoreFile ? ['--ignore-file', walk.ignoreFile] : [], path: walk.dir === '' ? '.' : walk.dir };
}
