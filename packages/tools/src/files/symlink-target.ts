/**
 * Where a write to a path really lands: the final target of a chain of
 * symlinks, even when that target does not exist yet, so that writing through
 * a link changes the file it points to and leaves the link in place.
 */
import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { FileError } from './file-error.js';

/** Linux gives up after 40 links (ELOOP); so do we. */
const MAX_LINKS = 40;

function isCode(err: unknown, ...codes: string[]): boolean {
  return typeof err === 'object' && err !== null && codes.includes((err as NodeJS.ErrnoException).code ?? '');
}

/** The directory part resolved physically (so `..` in a link means what the OS means). */
async function physical(p: string): Promise<string> {
  const dir = path.dirname(p);
  try {
    return path.join(await realpath(dir), path.basename(p));
  } catch (err) {
    if (isCode(err, 'ENOENT', 'ENOTDIR')) return p;
    throw err;
  }
}

/**
 * The absolute path a write to `absPath` changes: links followed to the end,
 * directories resolved physically. A path that does not exist resolves to
 * itself (in its real directory, when that exists).
 */
export async function resolveSymlinkTarget(absPath: string): Promise<string> {
  let current = await physical(path.resolve(absPath));
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    let isLink: boolean;
    try {
      isLink = (await lstat(current)).isSymbolicLink();
    } catch (err) {
      if (isCode(err, 'ENOENT', 'ENOTDIR')) return current;
      throw err;
    }
    if (!isLink) return current;
    const link = await readlink(current);
    current = await physical(path.resolve(path.dirname(current), link));
  }
  throw new FileError(
    'symlink_loop',
    `${absPath} is a chain of more than ${MAX_LINKS} symbolic links (probably a loop); fix the links, or pass the path of the file itself.`,
  );
}
