/**
 * Paths as git gives them, byte for byte. A file name need not be UTF-8
 * (`printf 'bad\377.txt'`), and decoded as UTF-8 it became U+FFFD, a name
 * git could not find when it was handed back: `git add` failed and stopped
 * every checkpoint of the project. So a path that goes back to git is read
 * as latin1 (one character per byte, which round-trips) and written back the
 * same way; only what is shown is decoded as UTF-8.
 */
import { join } from 'node:path';

/** A NUL-separated list of byte-string paths, for `--pathspec-from-file=- --pathspec-file-nul` or `--stdin -z`. */
export function pathList(paths: readonly string[], terminated = false): Buffer {
  return Buffer.from(paths.join('\0') + (terminated ? '\0' : ''), 'latin1');
}

/** A byte-string path as the user reads it. */
export function shownPath(path: string): string {
  return Buffer.from(path, 'latin1').toString('utf8');
}

/** A byte-string path under `dir`, for the file system. */
export function fsPath(dir: string, path: string): Buffer {
  return Buffer.concat([Buffer.from(join(dir, '/')), Buffer.from(path, 'latin1')]);
}
