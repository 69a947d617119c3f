/**
 * Putting the project's files back to a state of the shadow: only the paths
 * that differ from now are written or deleted (a file that is the same is not
 * touched, nor are ignored or large files, which no state holds). Git writes
 * them through the shadow's index, and refuses to write through a symbolic
 * link or outside the work tree.
 */
import { pathList, shownPath } from './byte-paths.js';
import { nulFields, type ShadowGit } from './shadow-git.js';

/** Make the work tree hold `target`'s files where it holds `now`'s; returns the paths written or deleted (as shown: byte-paths.ts). */
export async function restoreFiles(git: ShadowGit, now: string, target: string): Promise<string[]> {
  if (now === target) return [];
  const f = nulFields(await git.ok(['diff-tree', '-r', '-z', '--no-renames', '--name-status', now, target]), 'latin1');
  const remove: string[] = [];
  const write: string[] = [];
  for (let i = 0; i + 1 < f.length; i += 2) (f[i]!.startsWith('D') ? remove : write).push(f[i + 1]!);
  // Deletions first: a file that becomes a directory (or the other way) needs its place free.
  if (remove.length) await git.ok(['rm', '-q', '-f', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], pathList(remove));
  if (write.length) await git.ok(['checkout', target, '--pathspec-from-file=-', '--pathspec-file-nul'], pathList(write));
  return [...remove, ...write].map(shownPath).sort();
}
