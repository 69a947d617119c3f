/**
 * A placeholder's marks (git-placeholder.ts): each lug holding one keeps an
 * empty file `lug-sandbox-hold.PID.START` in it, so that lugs share it and
 * the last to let go removes it; the next start's sweep lets go for a lug
 * killed with SIGKILL (leftover-registry.ts).
 */
import { readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Owner } from '../process/process-marker.js';

const MARK_PREFIX = 'lug-sandbox-hold.';

export const holdMarkName = (owner: Pick<Owner, 'pid' | 'start'>) => `${MARK_PREFIX}${owner.pid}.${owner.start}`;

/** An empty directory, or one with only lugs' marks in it: a placeholder, never a repository. */
export function isPlaceholder(path: string): boolean {
  try {
    return readdirSync(path).every((name) => name.startsWith(MARK_PREFIX));
  } catch {
    return false;
  }
}

/** Remove `owner`'s mark, then the directory if nothing else is in it (another lug's mark, the user's repository). */
export function letGo(path: string, owner: Pick<Owner, 'pid' | 'start'>): void {
  try {
    unlinkSync(join(path, holdMarkName(owner)));
  } catch {
    // gone already (a user's rm -r)
  }
  try {
    rmdirSync(path);
  } catch {
    // not empty, or gone
  }
}
