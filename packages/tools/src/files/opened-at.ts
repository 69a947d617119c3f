/**
 * The decision is bound to what runs, up to the open itself: decidedPath checks where a path leads just before the
 * tool opens it, and a directory on the way swapped for a symlink in between would still send the open elsewhere.
 * So once the file is open, the handle is asked where it really is (on Linux, its /proc/self/fd link; elsewhere,
 * whether it is the very file the approved path names now, that path having no symlink left in it), and anything
 * else is refused before a byte is read. Asked by openRegularFile (and readRegularFile, readTextBytes) with
 * `approved`, as read and edit open their file; write's own write step does not yet (atomic-write.ts).
 */
import { readlink, realpath, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { FileError } from './file-error.js';

/** Where an open handle's file is, as the kernel names it; undefined where it cannot say (no /proc). */
async function handlePath(handle: FileHandle): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return undefined;
  }
}

/** Whether the handle is the file `expected` names, `expected` holding no symlink (the check where /proc cannot say). */
async function sameFile(handle: FileHandle, expected: string): Promise<boolean> {
  try {
    const [opened, named, real] = await Promise.all([handle.stat(), stat(expected), realpath(expected)]);
    return real === expected && opened.dev === named.dev && opened.ino === named.ino;
  } catch {
    return false;
  }
}

/** Throws, saying so, unless `handle` is the file at `expected` (the real path its call was approved on). */
export async function checkOpenedAt(handle: FileHandle, expected: string, shownPath: string, undone = 'read'): Promise<void> {
  const where = await handlePath(handle);
  if (where === expected) return;
  if (where === undefined && (await sameFile(handle, expected))) return;
  const opened = where === undefined ? 'another file' : `the file opened was ${where}`;
  throw new FileError(
    'path_changed',
    `${shownPath} led to ${expected} when this call was approved, but ${opened} (a directory on the way was swapped for a symlink in between), so nothing was ${undone}. ` +
      'Make the call again if you mean the new place: it will be judged there.',
  );
}
