/**
 * Lines of UTF-8 text held as bytes: edit works on the file's bytes, so that a
 * large file is in memory once (as a Buffer) and never also as a string.
 * Valid UTF-8 never has a 0x0A or 0x0D byte inside a multi-byte character, so
 * counting those bytes counts line breaks.
 */
import type { LineEnding } from '@lug/tools';

const LF = 0x0a;
const CR = 0x0d;

/** Line breaks in `bytes[from, to)`. */
export function countNewlines(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let n = 0;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = buf.indexOf(LF, from); i !== -1 && i < to; i = buf.indexOf(LF, i + 1)) n++;
  return n;
}

/** CRLF when most line breaks are CRLF, else LF (also without any): detectLineEnding on bytes. */
export function detectLineEndingOfBytes(bytes: Buffer, from = 0): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let i = bytes.indexOf(LF, from); i !== -1; i = bytes.indexOf(LF, i + 1)) {
    if (i > from && bytes[i - 1] === CR) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** The 1-based line of each byte offset (offsets in ascending order), in one pass. */
export function lineNumbersAtBytes(bytes: Buffer, offsets: readonly number[], from = 0): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = from;
  for (const offset of offsets) {
    line += countNewlines(bytes, scanned, offset);
    scanned = Math.max(scanned, offset);
    lines.push(line);
  }
  return lines;
}

/** Start of the line holding byte `at`. */
export function lineStart(bytes: Buffer, at: number): number {
  return at <= 0 ? 0 : bytes.lastIndexOf(LF, at - 1) + 1;
}

/** Go `count` lines back from the line start `start` (stopping at `floor`); returns that line's start. */
export function linesBack(bytes: Buffer, start: number, count: number, floor = 0): number {
  let at = start;
  for (let i = 0; i < count && at > floor; i++) at = Math.max(floor, lineStart(bytes, at - 1));
  return at;
}

/** The end (the offset of its LF, or the end of the bytes) of the line `count` lines after the one holding `at`. */
export function linesForward(bytes: Buffer, at: number, count: number): number {
  let end = bytes.indexOf(LF, at);
  for (let i = 0; i < count && end !== -1; i++) end = bytes.indexOf(LF, end + 1);
  return end === -1 ? bytes.length : end;
}
