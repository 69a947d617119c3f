/**
 * The ripgrep flags that give the page's meaning of "ignored" (checked
 * against a hand-written tree in ripgrep-ignore-args.test.ts):
 *
 * - `--no-config`: a user's ripgrep config cannot change the tool.
 * - `--hidden` and `--glob !.git`: hidden files are searched, `.git` is not.
 * - `--no-ignore-dot`: `.ignore` and `.rgignore` files do not count.
 * - Inside a repository ripgrep's defaults are right: `.gitignore` files from
 *   the repository root down (also those above the search root, up to the
 *   repository root, and never above it), `.git/info/exclude`, the global
 *   excludes file.
 * - Outside a repository, `--no-require-git` honours `.gitignore` all the
 *   same, and `--no-ignore-parent` keeps ripgrep from reading those above the
 *   search root (a home directory whose `.gitignore` is `*` must not hide a
 *   project in it). In a repository `--no-require-git` must not be given: it
 *   makes ripgrep read `.gitignore` files above the repository root too.
 */
import { findGitRootSync } from './git-root.js';

const ALWAYS = ['--no-config', '--hidden', '--no-ignore-dot', '--glob', '!.git'] as const;
const OUTSIDE_REPOSITORY = ['--no-require-git', '--no-ignore-parent'] as const;

/** Flags for searching (or listing) under the absolute path `searchRoot`. */
export async function ripgrepIgnoreArgs(searchRoot: string): Promise<string[]> {
  const inRepository = findGitRootSync(searchRoot) !== undefined;
  return inRepository ? [...ALWAYS] : [...ALWAYS, ...OUTSIDE_REPOSITORY];
}
