/**
 * Git's meaning of "ignored", for the walker: the `.gitignore` files of the
 * directories from the repository root (or, outside a repository, from the
 * walk root) down to a path, deepest first, then `.git/info/exclude`, then
 * the global excludes file. The first of them with a rule matching the path
 * itself decides (the last matching rule within a file); a negation
 * (`!keep.log`) un-ignores. A directory that is ignored is never entered, so
 * nothing below it can be un-ignored: git's own rule.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { findGitRoot } from '../ignore/git-root.js';
import { globalExcludesFile } from '../ignore/global-excludes.js';

interface TestResult {
  ignored: boolean;
  unignored: boolean;
}

/** One rules file, and the directory (relative to the rules root, '' or 'a/b/') its paths are relative to. */
export interface RuleSet {
  base: string;
  ig: Ignore;
}

/**
 * The rules that apply inside one directory: its own and its ancestors'
 * `.gitignore` files (deepest first), and the repository-wide ones.
 */
export class IgnoreChain {
  private constructor(
    private readonly gitignores: readonly RuleSet[],
    private readonly repositoryWide: readonly RuleSet[],
  ) {}

  static empty(repositoryWide: readonly RuleSet[]): IgnoreChain {
    return new IgnoreChain([], repositoryWide);
  }

  /** The chain for a subdirectory that has a `.gitignore` with `text`. */
  withGitignore(dirBase: string, text: string): IgnoreChain {
    return new IgnoreChain([{ base: dirBase, ig: compile(text) }, ...this.gitignores], this.repositoryWide);
  }

  /**
   * Whether `rel` (relative to the rules root; ending in '/' for a directory)
   * is ignored.
   */
  ignores(rel: string): boolean {
    for (const set of this.gitignores) {
      const r = testDirectly(set.ig, rel.slice(set.base.length));
      if (r.ignored || r.unignored) return r.ignored;
    }
    for (const set of this.repositoryWide) {
      const r = testDirectly(set.ig, rel.slice(set.base.length));
      if (r.ignored || r.unignored) return r.ignored;
    }
    return false;
  }
}

function compile(text: string): Ignore {
  // git on Linux matches case-sensitively; `ignore` does not unless told.
  return ignore({ ignorecase: false }).add(text);
}

interface RuleManager {
  test(path: string, mode: string): TestResult;
}

/**
 * Test a path against one file's rules only, not against its parent
 * directories. `Ignore.test` also reports a path ignored when one of its
 * parents is, which is wrong here: the walker only reaches a path whose
 * parents were let through, possibly by a deeper file's negation
 * (`a/.gitignore: !b/` beats the root's `a/b/`). ignore@7.0.17 keeps that
 * direct test in its private rule manager (`_rules`); walk-files.test.ts
 * guards the assumption, and an `ignore` without it is an error naming what
 * to update (the public test would silently give other answers).
 */
export function testDirectly(ig: Ignore, rel: string): TestResult {
  const rules = (ig as unknown as { _rules?: Partial<RuleManager> })._rules;
  if (!rules || typeof rules.test !== 'function') {
    throw new Error(
      "the ignore package has no private _rules.test, which the walker's direct test reads (written for ignore@7.0.17): " +
        'update testDirectly in packages/tools/src/walker/ignore-rules.ts for the installed ignore',
    );
  }
  return rules.test(rel, 'regex');
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

export interface WalkRules {
  /** The directory rule paths are relative to: the repository root, or the walk root. */
  rulesRoot: string;
  /** The walk root relative to rulesRoot: '' or 'a/b/'. */
  rootBase: string;
  /** The chain that applies to the walk root's entries, before its own `.gitignore`. */
  chain: IgnoreChain;
}

/** The global excludes file's rules (read once per walk), if there is one. */
export async function globalRules(env: Record<string, string | undefined>): Promise<RuleSet[]> {
  const file = globalExcludesFile(env);
  const text = file ? await readText(file) : undefined;
  return text ? [{ base: '', ig: compile(text) }] : [];
}

/** The repository-wide rule sets of the repository at `gitRoot`: its info/exclude, then the global ones. */
export async function repositoryRules(gitRoot: string, global: readonly RuleSet[]): Promise<RuleSet[]> {
  const exclude = await readText(path.join(gitRoot, '.git', 'info', 'exclude'));
  return exclude ? [{ base: '', ig: compile(exclude) }, ...global] : [...global];
}

/**
 * Where the rules for a walk of `root` come from, with the `.gitignore` files
 * between the repository root and `root` (exclusive) already read.
 */
export async function walkRules(root: string, global: readonly RuleSet[]): Promise<WalkRules> {
  const gitRoot = await findGitRoot(root);
  const rulesRoot = gitRoot ?? root;
  let chain = IgnoreChain.empty(gitRoot ? await repositoryRules(gitRoot, global) : global);
  const rel = path.relative(rulesRoot, root);
  const parts = rel === '' ? [] : rel.split(path.sep);
  let base = '';
  for (const part of parts) {
    const text = await readText(path.join(rulesRoot, base, '.gitignore'));
    if (text) chain = chain.withGitignore(base, text);
    base += `${part}/`;
  }
  return { rulesRoot, rootBase: base, chain };
}
