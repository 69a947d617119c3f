/**
 * Putting the project's files back to a state of the shadow: only the paths
 * that differ from now are written or deleted (a file that is the same is not
 * touched, nor are ignored or large files, which no state holds). Git only
 * reads the shadow here (`diff-tree`, then the contents in one
 * `cat-file --batch`); the files are written and deleted by confined-tree.ts,
 * never through a symbolic link, whatever a running process swaps in
 * meanwhile (`git rm` deleted through a directory swapped for a link, and
 * `git checkout` wrote through one swapped in between its check and its
 * write). A path that cannot be written or deleted safely is left as it is
 * and reported. The shadow's index is brought up to date by the snapshot that
 * follows every restore. A gitlink (a nested repository as a shadow made
 * before nested-repos.ts recorded it) is never written or removed, nor is
 * anything below it: that state does not know those files.
 */
import { shownPath } from './byte-paths.js';
import { streamBlobs } from './blob-stream.js';
import { ConfinedTree } from './confined-tree.js';
import { belowGitlinks } from './nested-repos.js';
import { nulFields, type ShadowGit } from './shadow-git.js';

/** What a restore did, as shown paths (byte-paths.ts). */
export interface RestoredFiles {
  /** Written or deleted. */
  written: string[];
  /** Left as they are: writing or deleting them would have gone through a symbolic link, or past something in the way. */
  unsafe: string[];
}

interface Change {
  path: string;
  deleted: boolean;
  mode: string;
  oid: string;
}

/** The paths that differ from `now` to `target`, but for gitlinks, what is below them, and `leaveAlone` (as shown). */
async function changesBetween(git: ShadowGit, now: string, target: string, leaveAlone: ReadonlySet<string>): Promise<Change[]> {
  // Raw output: ":<mode now> <mode target> <oid now> <oid target> <status>", then the path.
  const f = nulFields(await git.ok(['diff-tree', '-r', '-z', '--no-renames', now, target]), 'latin1');
  const changes: Change[] = [];
  const links: string[] = [];
  for (let i = 0; i + 1 < f.length; i += 2) {
    const [modeNow, mode, , oid, status] = f[i]!.slice(1).split(' ');
    const path = f[i + 1]!;
    if (modeNow === '160000' || mode === '160000') links.push(path);
    else if (!leaveAlone.has(shownPath(path))) changes.push({ path, deleted: status!.startsWith('D'), mode: mode!, oid: oid! });
  }
  const inLink = belowGitlinks(links);
  return changes.filter((c) => !inLink(c.path));
}

/**
 * Make the work tree hold `target`'s files where it holds `now`'s, but for the
 * paths in `leaveAlone` (as shown). Never throws for one file: a file it could
 * not write or delete is in `unsafe`, and the others are restored.
 */
export async function restoreFiles(git: ShadowGit, now: string, target: string, leaveAlone: ReadonlySet<string> = new Set()): Promise<RestoredFiles> {
  if (now === target) return { written: [], unsafe: [] };
  const changes = await changesBetween(git, now, target, leaveAlone);
  if (!changes.length) return { written: [], unsafe: [] };
  const written: string[] = [];
  const unsafe: string[] = [];
  const attempt = (path: string, act: () => void) => {
    try {
      act();
      written.push(path);
    } catch {
      // UnsafePath, or any other failure of this one file: the others go on, and it is reported.
      unsafe.push(path);
    }
  };
  const tree = new ConfinedTree(git.workTree);
  try {
    // Deletions first: a file that becomes a directory (or the other way) needs its place free.
    for (const c of changes) if (c.deleted) attempt(c.path, () => tree.remove(c.path));
    const byOid = new Map<string, Change[]>();
    for (const c of changes) if (!c.deleted) byOid.set(c.oid, [...(byOid.get(c.oid) ?? []), c]);
    await streamBlobs(git, [...byOid.keys()], (oid, content) => {
      for (const c of byOid.get(oid) ?? []) attempt(c.path, () => tree.write(c.path, content, c.mode === '120000' ? 'link' : c.mode === '100755' ? 'executable' : 'file'));
      byOid.delete(oid);
    });
    // What git could not hand over (it failed, or an object is missing) is not written either.
    for (const left of byOid.values()) unsafe.push(...left.map((c) => c.path));
  } finally {
    tree.close();
  }
  return { written: written.map(shownPath).sort(), unsafe: unsafe.map(shownPath).sort() };
}
