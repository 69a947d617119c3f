/**
 * The repository a path belongs to: the nearest directory at or above it that
 * holds `.git` (a directory, or the file a worktree or submodule has). Which
 * `.gitignore` files count depends on it: from the repository root down, or,
 * outside any repository, from the search root down.
 */
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}

/** The directory to start from: `p` itself, or its parent when `p` is not a directory. */
async function directoryOf(p: string): Promise<string> {
  try {
    if ((await stat(p)).isDirectory()) return p;
  } catch {
    // a missing path: look from where it would be
  }
  return path.dirname(p);
}

/** The root of the git repository holding absolute path `p`, or undefined. */
export async function findGitRoot(p: string): Promise<string | undefined> {
  let dir = await directoryOf(path.resolve(p));
  for (;;) {
    if (await exists(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
