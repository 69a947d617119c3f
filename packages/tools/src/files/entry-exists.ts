/**
 * Whether a path names something in the file system: the entry itself, a
 * symbolic link included, not where it leads. Synchronous: one `lstat` costs
 * less than a trip through the thread pool, and the callers ask it level by
 * level (git-root.ts, glob-root.ts) or between two lines of output (grep).
 */
import { lstatSync } from 'node:fs';

/** true when `p` names an entry; false when it names none or cannot be looked at (a name too long, under a file, in an unreadable directory). */
export function entryExists(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // lstat throws ENAMETOOLONG, ENOTDIR's kin and EACCES even with throwIfNoEntry: false
  }
}
