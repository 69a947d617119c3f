/**
 * Strict UTF-8: a file is text only if every byte sequence is valid UTF-8 and
 * it holds no NUL byte (the mark git and ripgrep use for binary files). The
 * errors say where the first bad byte is, so the model can tell a binary file
 * from a text file in another encoding.
 */
import { FileError } from './file-error.js';

/**
 * Index of the first byte that does not begin (or continue) a valid UTF-8
 * sequence, or -1. A sequence cut off by the end of `buf` counts as invalid
 * unless `allowIncompleteEnd` is set (streaming: the rest is in the next chunk).
 */
export function findInvalidUtf8(buf: Uint8Array, allowIncompleteEnd = false): number {
  let i = 0;
  const n = buf.length;
  while (i < n) {
    const b = buf[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // overlong
      if (b === 0xed) hi = 0x9f; // UTF-16 surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90; // overlong
      if (b === 0xf4) hi = 0x8f; // above U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return allowIncompleteEnd ? -1 : i;
      const c = buf[i + k]!;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

function countNewlines(buf: Uint8Array, end: number): number {
  let lines = 0;
  for (let i = 0; i < end; i++) if (buf[i] === 0x0a) lines++;
  return lines;
}

export function binaryFileError(shownPath: string, byteOffset: number): FileError {
  return new FileError(
    'binary',
    `${shownPath} is a binary file (it has a NUL byte at byte ${byteOffset}), not UTF-8 text; ` +
      `only text files can be shown or edited. Inspect it with bash instead (e.g. file ${shownPath}, or xxd ${shownPath} | head).`,
  );
}

export function notUtf8Error(shownPath: string, byteOffset: number, line: number): FileError {
  return new FileError(
    'not_utf8',
    `${shownPath} is not valid UTF-8 (the first invalid byte is byte ${byteOffset}, on line ${line}); ` +
      `only UTF-8 text can be shown or edited. Check its encoding with bash (file ${shownPath}) and convert it if it is text (e.g. iconv -f latin1 -t utf-8).`,
  );
}

/**
 * The error for text in UTF-16 or UTF-32, told by its byte order mark (FF FE or FE FF first); undefined for
 * anything else. Such a file has a NUL byte in every other character, and was called binary.
 */
export function wideUnicodeError(shownPath: string, start: Uint8Array): FileError | undefined {
  const [a, b, c, d] = start;
  const le = a === 0xff && b === 0xfe;
  const be = a === 0xfe && b === 0xff;
  const be32 = a === 0 && b === 0 && c === 0xfe && d === 0xff;
  if (!le && !be && !be32) return undefined;
  const encoding = be32 || (le && c === 0 && d === 0) ? 'UTF-32' : 'UTF-16';
  const mark = Array.from(start.subarray(0, encoding === 'UTF-32' ? 4 : 2), (x) => x.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  return new FileError(
    'not_utf8',
    `${shownPath} is ${encoding} text (it starts with the byte order mark ${mark}), not UTF-8; only UTF-8 text can be shown or edited. ` +
      `Convert it with bash if it should be UTF-8 (e.g. iconv -f ${encoding} -t UTF-8 ${shownPath} > ${shownPath}.utf8).`,
  );
}

/**
 * Decodes a file chunk by chunk, failing on the first NUL byte or invalid
 * sequence with a FileError that names the byte and the line. A UTF-8 byte
 * order mark is dropped from the text and reported in `bom`.
 */
export class StrictUtf8Decoder {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  /** Bytes of the previous chunk that may start a sequence completed by the next. */
  private carry: Uint8Array = new Uint8Array(0);
  private bytesSeen = 0;
  private newlinesSeen = 0;
  private started = false;
  bom = false;

  constructor(private readonly shownPath: string) {}

  /** Decode one chunk; pass `final` with the last one (or call end()). */
  push(chunk: Uint8Array, final = false): string {
    if (!this.started && chunk.length > 0) {
      this.started = true;
      this.bom = chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
      const wide = wideUnicodeError(this.shownPath, chunk);
      if (wide) throw wide;
    }
    const nul = chunk.indexOf(0);
    if (nul !== -1) throw binaryFileError(this.shownPath, this.bytesSeen + nul);
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: !final });
    } catch {
      throw this.invalidError(chunk, final);
    }
    this.newlinesSeen += countNewlines(chunk, chunk.length);
    this.bytesSeen += chunk.length;
    this.carry = chunk.subarray(Math.max(0, chunk.length - 3));
    return text;
  }

  end(): string {
    return this.push(new Uint8Array(0), true);
  }

  private invalidError(chunk: Uint8Array, final: boolean): FileError {
    const joined = new Uint8Array(this.carry.length + chunk.length);
    joined.set(this.carry, 0);
    joined.set(chunk, this.carry.length);
    // The carry may begin mid-sequence: start at its first byte that is not a continuation.
    let start = 0;
    while (start < this.carry.length && (joined[start]! & 0xc0) === 0x80) start++;
    let at = findInvalidUtf8(joined.subarray(start), !final);
    if (at === -1) at = joined.length - start; // cannot happen once the decoder has failed; stay safe
    const inJoined = start + at;
    const offset = this.bytesSeen - this.carry.length + inJoined;
    const line = this.newlinesSeen - countNewlines(this.carry, this.carry.length) + countNewlines(joined, inJoined) + 1;
    return notUtf8Error(this.shownPath, offset, line);
  }
}

/** Decode a whole buffer strictly (see StrictUtf8Decoder). */
export function decodeUtf8Strict(buf: Uint8Array, shownPath: string): { text: string; bom: boolean } {
  const decoder = new StrictUtf8Decoder(shownPath);
  const text = decoder.push(buf, true);
  return { text, bom: decoder.bom };
}
