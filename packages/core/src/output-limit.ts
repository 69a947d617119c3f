/**
 * Cutting tool output to a byte budget at a UTF-8 boundary, keeping the start
 * or the end, with a line that says what was cut.
 */
import { formatCount } from './format-count.js';

export type Keep = 'start' | 'end';

export interface CutResult {
  text: string;
  /** Bytes removed; 0 when the text fit. */
  cutBytes: number;
}

/** Largest index ≤ i that does not fall inside a multi-byte UTF-8 sequence. */
function boundaryAtOrBefore(buf: Uint8Array, i: number): number {
  while (i > 0 && i < buf.length && (buf[i]! & 0xc0) === 0x80) i--;
  return i;
}

/** Smallest index ≥ i that does not fall inside a multi-byte UTF-8 sequence. */
function boundaryAtOrAfter(buf: Uint8Array, i: number): number {
  while (i < buf.length && (buf[i]! & 0xc0) === 0x80) i++;
  return i;
}

/** Keep at most `maxBytes` bytes of `text` from its start. No marker is added. */
export function cutKeepingStart(text: string, maxBytes: number): CutResult {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= maxBytes) return { text, cutBytes: 0 };
  const end = boundaryAtOrBefore(buf, maxBytes);
  return { text: buf.subarray(0, end).toString('utf8'), cutBytes: buf.length - end };
}

/** Keep at most `maxBytes` bytes of `text` from its end. No marker is added. */
export function cutKeepingEnd(text: string, maxBytes: number): CutResult {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= maxBytes) return { text, cutBytes: 0 };
  const start = boundaryAtOrAfter(buf, buf.length - maxBytes);
  return { text: buf.subarray(start).toString('utf8'), cutBytes: start };
}

const formatBytes = formatCount;

/**
 * Cap `text` to `maxBytes` including the marker line, keeping the start or the end.
 * The marker says how many bytes were cut so the model knows it saw only part.
 */
export function truncateOutput(text: string, maxBytes: number, keep: Keep, hint = ''): CutResult {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return { text, cutBytes: 0 };
  const total = Buffer.byteLength(text, 'utf8');
  const marker = (cut: number) =>
    keep === 'start'
      ? `\n[output cut: ${formatBytes(cut)} of ${formatBytes(total)} bytes not shown after this point${hint ? `; ${hint}` : ''}]`
      : `[output cut: the first ${formatBytes(cut)} of ${formatBytes(total)} bytes are not shown${hint ? `; ${hint}` : ''}]\n`;
  // The marker's length depends on the number it holds; reserve for the longest.
  const budget = Math.max(0, maxBytes - Buffer.byteLength(marker(total), 'utf8'));
  const cut = keep === 'start' ? cutKeepingStart(text, budget) : cutKeepingEnd(text, budget);
  const line = marker(cut.cutBytes);
  return { text: keep === 'start' ? cut.text + line : line + cut.text, cutBytes: cut.cutBytes };
}

/** Cut one line to `maxChars` characters (code points), with a visible mark. */
export function cutLine(line: string, maxChars: number): string {
  if (line.length <= maxChars) return line;
  const chars = Array.from(line);
  if (chars.length <= maxChars) return line;
  return `${chars.slice(0, maxChars).join('')}… [line cut: ${chars.length - maxChars} more characters]`;
}
