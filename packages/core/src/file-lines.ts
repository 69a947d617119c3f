/**
 * A file's lines one at a time, read in chunks: a session file of hundreds of
 * megabytes is never held whole in memory, as a buffer or as a string.
 * Lines are split on the newline byte before they are decoded, so a
 * character cut by a chunk's end is whole again in its line.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

const CHUNK_BYTES = 1 << 20;

/** A file's node is not a regular file (a directory, a named pipe, a device): reading it as lines would fail, hang or never end. */
export class NotARegularFileError extends Error {
  override name = 'NotARegularFileError';
}

function kindOfNode(stats: ReturnType<typeof fstatSync>): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Open `path` for reading only if it is a regular file. O_NONBLOCK: opening a
 * named pipe without it waits for a writer that may never come (a FIFO in
 * the sessions folder hung `lug -c`); the check is on the handle, so a path
 * swapped between a stat and the open is caught too.
 */
export function openRegularFile(path: string): number {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotARegularFileError(`${path} is ${kindOfNode(stats)}, not a file`);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  return fd;
}

/** Call `fn` with each line (without its newline) and its number (1-based), and the byte offset where it begins. */
export function forEachLine(path: string, fn: (line: string, number: number, offset: number) => void): void {
  forEachLineBytes(path, (data, start, end, number, offset) => fn(data.toString('utf8', start, end), number, offset));
}

/**
 * Each line as bytes, undecoded: `data.subarray(start, end)` (valid only
 * during the call), for a reader that looks at a line's first bytes and
 * decodes only the lines it needs.
 */
export function forEachLineBytes(path: string, fn: (data: Buffer, start: number, end: number, number: number, offset: number) => void): void {
  const fd = openRegularFile(path);
  try {
    let carry: Buffer = Buffer.alloc(0);
    let carryOffset = 0;
    let position = 0;
    let number = 0;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const n = readSync(fd, chunk, 0, CHUNK_BYTES, position);
      if (n === 0) break;
      position += n;
      const data = carry.length ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
      let start = 0;
      for (let nl = data.indexOf(0x0a, start); nl !== -1; nl = data.indexOf(0x0a, start)) {
        fn(data, start, nl, ++number, carryOffset + start);
        start = nl + 1;
      }
      carryOffset += start;
      // Copied: the chunk's buffer is read into again.
      carry = Buffer.from(data.subarray(start));
    }
    if (carry.length) fn(carry, 0, carry.length, ++number, carryOffset);
  } finally {
    closeSync(fd);
  }
}

/** The line that begins at byte `offset` of the file (without its newline). */
export function readLineAt(path: string, offset: number): string {
  const fd = openRegularFile(path);
  try {
    const parts: Buffer[] = [];
    let position = offset;
    const chunk = Buffer.allocUnsafe(1 << 16);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, position);
      if (n === 0) break;
      const nl = chunk.subarray(0, n).indexOf(0x0a);
      if (nl !== -1) {
        parts.push(Buffer.from(chunk.subarray(0, nl)));
        break;
      }
      parts.push(Buffer.from(chunk.subarray(0, n)));
      position += n;
    }
    return Buffer.concat(parts).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
