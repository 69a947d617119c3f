/**
 * The `.gitignore` files glob-root.ts reads at every grep and ls with a path
 * glob, kept parsed between calls while they are unchanged: one `stat` a
 * file instead of a read and a parse, and no exception thrown for the many
 * that do not exist.
 *
 * Unchanged means the same device, inode, size, and modification and change
 * times in nanoseconds. As git does for its index ("racy git"), a file
 * changed less than RACY_MS before it was read is not kept: a second change
 * within the file system's timestamp granularity could leave all of those
 * equal. A file kept was older than that, so any later write gives it a
 * change time after the one kept; a clock that runs backwards, or timestamps
 * in the future (a network file system), only make a file read each time.
 */
import { readFileSync, statSync, type BigIntStats } from 'node:fs';
import { BoundedMap } from '../bounded-map.js';
import { parseGitignore, type GitignoreRule } from '../ignore/gitignore-rules.js';

const RACY_MS = 2000n;
/** A bound on memory in a long session that visits many trees; the oldest entry goes first. */
const MAX_FILES = 2000;

interface Kept {
  readonly identity: string;
  readonly rules: readonly GitignoreRule[];
}

const kept = new BoundedMap<string, Kept>(MAX_FILES);
const NONE: readonly GitignoreRule[] = Object.freeze([]);

function statOf(file: string): BigIntStats | undefined {
  try {
    return statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined; // unreadable (a parent without search permission): ripgrep skips it as well
  }
}

/** The rules of the ignore file `file` (absolute), none when it is missing, unreadable or not a regular file. The array is shared: do not change it. */
export function readIgnoreRules(file: string): readonly GitignoreRule[] {
  const nowNs = BigInt(Date.now()) * 1_000_000n;
  const info = statOf(file);
  if (!info?.isFile()) {
    kept.delete(file);
    return NONE;
  }
  const identity = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  const hit = kept.get(file);
  if (hit?.identity === identity) return hit.rules;
  let rules: readonly GitignoreRule[];
  try {
    rules = Object.freeze(parseGitignore(readFileSync(file, 'utf8')));
  } catch {
    kept.delete(file);
    return NONE;
  }
  const changedNs = info.mtimeNs > info.ctimeNs ? info.mtimeNs : info.ctimeNs;
  kept.delete(file);
  if (nowNs - changedNs > RACY_MS * 1_000_000n) kept.set(file, { identity, rules });
  return rules;
}
