/**
 * Opening a file as text: the checks every file tool makes first (it exists,
 * it is a regular file, not a directory) and the strict decoding, with errors
 * that say what the path is instead and what to do.
 */
import { isUtf8 } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { FileError } from './file-error.js';
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
    default:
      return err;
  }
}

export function directoryError(shownPath: string): FileError {
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
  if (info.isDirectory()) throw directoryError(shownPath);
  if (!info.isFile()) {
    throw new FileError('not_file', `${shownPath} is not a regular file (it is a device, socket or pipe); only regular files can be read or changed.`);
  }
  return info;
}

/** A regular file's stat and its whole bytes, or a FileError that says why not. */
async function readRegularFile(absPath: string, shownPath: string): Promise<{ stats: Stats; bytes: Buffer }> {
  const stats = await statRegularFile(absPath, shownPath);
  try {
    return { stats, bytes: await readFile(absPath) };
  } catch (err) {
    throw await explainFileSystemError(err, absPath, shownPath);
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
export async function readTextBytes(absPath: string, shownPath: string): Promise<TextBytes> {
  const { stats, bytes } = await readRegularFile(absPath, shownPath);
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
