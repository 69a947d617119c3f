/**
 * Opening a file as text: the checks every file tool makes first (it exists,
 * it is a regular file, not a directory) and the strict decoding, with errors
 * that say what the path is instead and what to do.
 */
import { isUtf8 } from 'node:buffer';
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { FileError } from './file-error.js';
import { checkOpenedAt } from './opened-at.js';
import { missingPathMessage } from './missing-path.js';
import { decodeUtf8Strict } from './utf8.js';

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? (err as NodeJS.ErrnoException).code : undefined;
}

/**
 * Turn a file-system error on `absPath` into a FileError the model can act on;
 * other errors are returned unchanged.
 */
export async function explainFileSystemError(err: unknown, absPath: string, shownPath: string): Promise<unknown> {
  switch (errnoCode(err)) {
    case 'ENOENT':
      return new FileError('missing', await missingPathMessage(absPath, shownPath));
    case 'ENOTDIR':
      return new FileError('parent_not_directory', `${shownPath} cannot exist: a part of the path before its last name is a file, not a directory.`);
    case 'EISDIR':
      return directoryError(shownPath);
    case 'EACCES':
    case 'EPERM':
      return new FileError('permission', `permission denied on ${shownPath} (${absPath}): lug runs with your permissions, and they do not allow this.`);
    case 'ELOOP':
      return new FileError('symlink_loop', `${shownPath} is a loop of symbolic links; fix the links, or pass the path of the file itself.`);
    case 'ENAMETOOLONG':
      return new FileError('bad_path', `${shownPath.length > 80 ? `${shownPath.slice(0, 80)}…` : shownPath} is too long for a path (${shownPath.length} characters; a name may have 255 bytes, a whole path 4,096).`);
    case 'ERR_INVALID_ARG_VALUE':
    case 'ERR_INVALID_ARG_TYPE':
      // Node refuses a path holding a NUL byte before asking the system: no file name can hold one.
      if (shownPath.includes('\0')) return new FileError('bad_path', `${JSON.stringify(shownPath)} holds a NUL byte ("\\u0000"), which no path can hold; pass the path without it.`);
      return err;
    case 'ENXIO':
    case 'EAGAIN':
      // A socket cannot be opened (ENXIO); a special file with nothing to read yet answers EAGAIN to a read that must not wait.
      return notRegularFileError(shownPath);
    default:
      return err;
  }
}

export function directoryError(shownPath: string): FileError {
  // An empty path resolves to the working directory: say so rather than name nothing.
  if (shownPath === '') return new FileError('directory', 'path is empty, which names the working directory, not a file; pass the path of a file, or use ls to see what the directory holds.');
  return new FileError('directory', `${shownPath} is a directory, not a file; to see what it holds, use ls with path ${JSON.stringify(shownPath)}.`);
}

/**
 * Stat a path that must be a regular file (links followed), or throw a
 * FileError saying what it is instead.
 */
export async function statRegularFile(absPath: string, shownPath: string): Promise<Stats> {
  let info: Stats;
  try {
    info = await stat(absPath);
  } catch (err) {
    throw await explainFileSystemError(err, absPath, shownPath);
  }
  checkRegularFile(info, shownPath);
  return info;
}

function notRegularFileError(shownPath: string): FileError {
  return new FileError('not_file', `${shownPath} is not a regular file (it is a device, socket or pipe); only regular files can be read or changed.`);
}

function checkRegularFile(info: Stats, shownPath: string): void {
  if (info.isDirectory()) throw directoryError(shownPath);
  if (!info.isFile()) throw notRegularFileError(shownPath);
}

export interface OpenOptions {
  /** `absPath` is the real path the call was approved on: the file opened must be it (checkOpenedAt). */
  approved?: boolean;
}

/**
 * `absPath` opened for reading when it is a regular file (links followed), with its stat; else a FileError.
 *
 * Never a plain open: one for reading blocks on a named pipe with no writer for good (holding one of libuv's four
 * file-system threads), and a path checked with a stat first can have become a pipe by the open. O_NONBLOCK makes
 * the open return at once whatever the path is (for a regular file it changes nothing), and the open handle itself
 * is checked, which leaves no moment for the path to change. A device such as /dev/urandom is refused before a
 * byte is read (callers stat first, so a device is not even opened) (read whole, it never ends: write's line counts read one to Node's 2 GiB limit, 14 s and 1 GB).
 * With `approved`, `absPath` is the real path a call was approved on, and the open file must be that one
 * (checkOpenedAt: a directory on the way swapped for a symlink since decidedPath looked is refused).
 * The caller closes the handle.
 */
export async function openRegularFile(absPath: string, shownPath: string, opts: OpenOptions = {}): Promise<{ handle: FileHandle; stats: Stats }> {
  let handle: FileHandle;
  try {
    handle = await open(absPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    throw await explainFileSystemError(err, absPath, shownPath);
  }
  try {
    const stats = await handle.stat();
    checkRegularFile(stats, shownPath);
    if (opts.approved) await checkOpenedAt(handle, absPath, shownPath);
    return { handle, stats };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** A regular file's stat and its whole bytes, read through a handle checked to be one (openRegularFile), or a FileError. */
export async function readRegularFile(absPath: string, shownPath: string, opts: OpenOptions = {}): Promise<{ stats: Stats; bytes: Buffer }> {
  // A stat first, so a device is never opened at all (opening some acts: /dev/watchdog arms a reboot); the handle's check is what holds.
  await statRegularFile(absPath, shownPath);
  const { handle, stats } = await openRegularFile(absPath, shownPath, opts);
  try {
    return { stats, bytes: await handle.readFile() };
  } catch (err) {
    throw await explainFileSystemError(err, absPath, shownPath);
  } finally {
    await handle.close();
  }
}

export interface TextFile {
  /** The decoded text, without a byte order mark. */
  text: string;
  /** Whether the file starts with a UTF-8 byte order mark (kept when written back). */
  bom: boolean;
  /** The file's stat, links followed. */
  stats: Stats;
}

/** Read a whole file as strict UTF-8 (see StrictUtf8Decoder), or throw a FileError. */
export async function readTextFile(absPath: string, shownPath: string): Promise<TextFile> {
  const { stats, bytes } = await readRegularFile(absPath, shownPath);
  const { text, bom } = decodeUtf8Strict(bytes, shownPath);
  return { text, bom, stats };
}

export interface TextBytes {
  /** The file's bytes as they are, byte order mark included. */
  bytes: Buffer;
  /** Whether it starts with a UTF-8 byte order mark. */
  bom: boolean;
  stats: Stats;
}

/**
 * Read a whole file and check that it is strict UTF-8 text (the test of
 * readTextFile, with the same errors) without decoding it: for a tool that
 * works on the bytes, so a large file is in memory once, not also as a string.
 */
export async function readTextBytes(absPath: string, shownPath: string, opts: OpenOptions = {}): Promise<TextBytes> {
  const { stats, bytes } = await readRegularFile(absPath, shownPath, opts);
  // Both checks are native and allocate nothing; the decoder runs only to name the first bad byte.
  if (bytes.indexOf(0) !== -1 || !isUtf8(bytes)) {
    decodeUtf8Strict(bytes, shownPath);
    // The decoder found nothing wrong where the check did: refuse anyway.
    throw new FileError('not_utf8', `${shownPath} is not valid UTF-8; only UTF-8 text can be shown or edited.`);
  }
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { bytes, bom, stats };
}

/** The bytes to write for `text`, with the byte order mark back when the file had one. */
export function encodeText(text: string, bom: boolean): Buffer {
  return Buffer.from(bom ? `\ufeff${text}` : text, 'utf8');
}
