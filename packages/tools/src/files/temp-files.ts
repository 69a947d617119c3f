/**
 * The temporary files of atomic writes (`.NAME.PID.HEX.lug-tmp`, beside the
 * file being written): the ones in progress, so that exit can remove them,
 * and the name pattern by which a later lug recognises those a killed one
 * left behind.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';

/** Keep temporary names well under the 255-byte limit of a file name. */
const MAX_NAME_PART = 100;
const SUFFIX = '.lug-tmp';
/** `.NAME.PID.HEX.lug-tmp`: HEX is 12 lowercase hex digits. */
const TEMP_NAME = /^\..*\.(\d+)\.[0-9a-f]{12}\.lug-tmp$/s;

export function temporaryPathBeside(target: string): string {
  const name = path.basename(target).slice(0, MAX_NAME_PART);
  return path.join(path.dirname(target), `.${name}.${process.pid}.${randomBytes(6).toString('hex')}${SUFFIX}`);
}

/** The pid in a temporary file's name; undefined when the name is not one of lug's temporary names. */
export function temporaryFileOwner(fileName: string): number | undefined {
  const m = TEMP_NAME.exec(fileName);
  return m ? Number(m[1]) : undefined;
}

const KEY = Symbol.for('lug.tools.tempFilesInProgress');
type WithSet = typeof globalThis & { [KEY]?: Set<string> };

/** Temporary files being written now, process-wide (also across two copies of this package). */
export const tempFilesInProgress: Set<string> = ((globalThis as WithSet)[KEY] ??= new Set());

/** Remove every temporary file still in progress (exit cleanup: synchronous, best effort). */
export function removeTempFilesInProgress(): void {
  for (const file of tempFilesInProgress) {
    try {
      unlinkSync(file);
    } catch {
      // gone already (renamed into place, or removed)
    }
  }
  tempFilesInProgress.clear();
}

/**
 * Remove the temporary files a dead lug (`deadPid`) left in `dir`: only
 * regular files with lug's name pattern and that pid, and only when no
 * process has that pid now (a new lug given the same pid may be writing).
 * Returns the files removed.
 */
export function removeTempFilesOf(dir: string, deadPid: number, pidInUse: (pid: number) => boolean): string[] {
  if (pidInUse(deadPid)) return [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.endsWith(SUFFIX) || temporaryFileOwner(name) !== deadPid) continue;
    const file = path.join(dir, name);
    try {
      if (!lstatSync(file).isFile()) continue;
      unlinkSync(file);
      removed.push(file);
    } catch {
      // removed meanwhile, or not ours to remove
    }
  }
  return removed;
}
