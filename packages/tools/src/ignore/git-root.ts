/**
 * The repository a path belongs to: the nearest directory at or above it that
 * holds `.git` (a directory, or the file a worktree or submodule has). Which
 * `.gitignore` files count depends on it: from the repository root down, or,
 * outside any repository, from the search root down.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { entryExists } from '../files/entry-exists.js';

/** The directory to start from: `p` itself, or its parent when `p` is not a directory. */
function directoryOf(p: string): string {
  try {
    if (statSync(p, { throwIfNoEntry: false })?.isDirectory()) return p;
  } catch {
    // unreadable: look from its parent
  }
  return path.dirname(p);
}

/**
 * The root of the git repository holding absolute path `p`, or undefined.
 * Synchronous: one `lstat` a level, cheaper than as many trips through the
 * thread pool (each call of grep and ls asks it).
 */
export function findGitRootSync(p: string): string | undefined {
  let dir = directoryOf(path.resolve(p));
  for (;;) {
    if (entryExists(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The root of the git repository holding absolute path `p`, or undefined. */
export async function findGitRoot(p: string): Promise<string | undefined> {
  return findGitRootSync(p);
}
