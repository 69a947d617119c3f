/**
 * Putting the project's files back to a state of the shadow: only the paths
 * that differ from now are written or deleted (a file that is the same is not
 * touched, nor are ignored or large files, which no state holds). Git writes
 * them through the shadow's index, and refuses to write through a symbolic
 * link or outside the work tree. A gitlink (a nested repository as a shadow
 * made before nested-repos.ts recorded it) is never written or removed, nor
 * is anything below it: that state does not know those files.
 */
import { pathList, shownPath } from './byte-paths.js';
import { belowGitlinks } from './nested-repos.js';
import { nulFields, type ShadowGit } from './shadow-git.js';

/**
 * Make the work tree hold `target`'s files where it holds `now`'s, but for the
 * paths in `leaveAlone` (as shown); returns the paths written or deleted (as
 * shown: byte-paths.ts).
 */
export async function restoreFiles(git: ShadowGit, now: string, target: string, leaveAlone: ReadonlySet<string> = new Set()): Promise<string[]> {
  if (now === target) return [];
  // Raw output: ":<mode now> <mode target> <oid> <oid> <status>", then the path.
  const f = nulFields(await git.ok(['diff-tree', '-r', '-z', '--no-renames', now, target]), 'latin1');
  const changes: Array<{ path: string; deleted: boolean }> = [];
  const links: string[] = [];
  for (let i = 0; i + 1 < f.length; i += 2) {
    const [modeNow, modeTarget, , , status] = f[i]!.slice(1).split(' ');
    if (modeNow === '160000' || modeTarget === '160000') links.push(f[i + 1]!);
    else if (!leaveAlone.has(shownPath(f[i + 1]!))) changes.push({ path: f[i + 1]!, deleted: status!.startsWith('D') });
  }
  const inLink = belowGitlinks(links);
  const remove = changes.filter((c) => c.deleted && !inLink(c.path)).map((c) => c.path);
  const write = changes.filter((c) => !c.deleted && !inLink(c.path)).map((c) => c.path);
  // Deletions first: a file that becomes a directory (or the other way) needs its place free.
  if (remove.length) await git.ok(['rm', '-q', '-f', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], pathList(remove));
  if (write.length) await git.ok(['checkout', target, '--pathspec-from-file=-', '--pathspec-file-nul'], pathList(write));
  return [...remove, ...write].map(shownPath).sort();
}
