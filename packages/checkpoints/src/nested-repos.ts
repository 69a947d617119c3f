/**
 * Git repositories nested in the project (a vendored clone, a sub-project, a
 * submodule). Git's walk stops at a directory holding a .git of its own: status
 * shows it as one untracked `dir/`, and `git add` records it as a gitlink (one
 * commit id, none of its files), so what a turn changed in there could not be
 * undone. Git walks into such a directory like any other once the index holds
 * an entry below it, though: a stand-in entry (a file that does not exist) is
 * put there and status asked again, which then reports the files inside, with
 * their own .gitignore files honoured; they are added like any other file and
 * the stand-in goes with them (`add -A` drops an entry whose file is gone).
 * The nested .git is skipped by name, and git refuses a path with a .git in
 * it, so it is never captured nor written by a restore. Once a file of it is
 * in the shadow's index, status walks in unaided: only a repository not seen
 * before costs more (one update-index and one status per level of nesting).
 */
import { pathList } from './byte-paths.js';
import { nulFields, type ShadowGit } from './shadow-git.js';

/** The stand-in's name: a path ending in it is never taken for a file of the project. */
export const STAND_IN = '.lug-checkpoint-stand-in';

/** The empty blob (the shadow is sha1: it is made with no configuration). Git does not read it: the entry's file is missing. */
const EMPTY_BLOB = 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391';

/** Repositories nested deeper than this are left out rather than walked forever. */
const MAX_DEPTH = 32;

/** A status entry that is a nested repository: with `--untracked-files=all` no other directory is reported. */
export function isNestedRepo(path: string): boolean {
  return path.endsWith('/');
}

export function isStandIn(path: string): boolean {
  return path === STAND_IN || path.endsWith(`/${STAND_IN}`);
}

/** What `walkInto` needs of a status: the nested repositories it reports. */
export interface NestedView {
  nested: string[];
}

/** Put a stand-in into every nested repository `view` reports and ask `status` again, until none is left (each pass finds the next level). */
export async function walkInto<V extends NestedView>(git: ShadowGit, view: V, status: () => Promise<V>): Promise<V> {
  for (let depth = 0; view.nested.length && depth < MAX_DEPTH; depth++) {
    const entries = view.nested.map((dir) => `100644 ${EMPTY_BLOB}\t${dir}${STAND_IN}`);
    await git.ok(['update-index', '-z', '--index-info'], pathList(entries, true));
    view = await status();
  }
  return view;
}

/**
 * Written in the shadow once its index holds no gitlink: a shadow made before
 * lug walked into nested repositories recorded each as one, which status
 * (`--ignore-submodules=all`) never reports again, so their files would stay
 * out for good. Checked at each open; looked for once per shadow.
 */
export const NESTED_MARK = 'lug-nested-repos';

/** Take the gitlinks out of the shadow's index: status then reports each as a nested repository, and the next checkpoint walks in. */
export async function dropGitlinks(git: ShadowGit): Promise<void> {
  const links = nulFields(await git.ok(['ls-files', '-z', '--stage']), 'latin1')
    .filter((entry) => entry.startsWith('160000 '))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
  if (links.length) await git.ok(['update-index', '-z', '--force-remove', '--stdin'], pathList(links, true));
}

/** Paths a restore leaves alone: those at or below a gitlink of either state (a shadow's older states hold them), whose files no state has. */
export function belowGitlinks(links: readonly string[]): (path: string) => boolean {
  return (path) => links.some((link) => path === link || path.startsWith(`${link}/`));
}
