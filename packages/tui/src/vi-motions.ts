/**
 * Vi's motions and text objects over the input's text, as pure functions:
 * where a motion takes the cursor, and the range an operator (d, c, y) acts
 * on. Lines are the text's lines; words are runs of word characters
 * (letters, digits, _) or of other non-blank characters, as in Vim.
 */
import { lineEndOf, lineStartOf } from './editor.js';

/** Where a motion lands; an operator acts up to it (and on it when `inclusive`). */
export interface MotionResult {
  target: number;
  inclusive: boolean;
}

export type CharClass = 0 | 1 | 2;

/** 0 blank (newline included), 1 word character, 2 other. */
export function charClass(ch: string | undefined): CharClass {
  if (ch === undefined || /\s/.test(ch)) return 0;
  return /[\p{L}\p{N}_]/u.test(ch) ? 1 : 2;
}

/** The start of the next word (w). */
export function nextWordStart(text: string, i: number): number {
  const n = text.length;
  if (i >= n) return n;
  const cls = charClass(text[i]);
  let j = i;
  if (cls !== 0) while (j < n && charClass(text[j]) === cls) j++;
  while (j < n && charClass(text[j]) === 0) j++;
  return j;
}

/** The end of the word at or after the next character (e). */
export function wordEnd(text: string, i: number): number {
  const n = text.length;
  let j = i + 1;
  while (j < n && charClass(text[j]) === 0) j++;
  if (j >= n) return Math.max(0, n - 1);
  const cls = charClass(text[j]);
  while (j + 1 < n && charClass(text[j + 1]) === cls) j++;
  return j;
}

/** The start of the word before (b). */
export function previousWordStart(text: string, i: number): number {
  let j = i - 1;
  while (j > 0 && charClass(text[j]) === 0) j--;
  if (j <= 0) return 0;
  const cls = charClass(text[j]);
  while (j > 0 && charClass(text[j - 1]) === cls) j--;
  return j;
}

/** The last character of the cursor's line (where normal mode's cursor may stand), or its start when empty. */
export function lastCharOfLine(text: string, i: number): number {
  const start = lineStartOf(text, i);
  return Math.max(start, lineEndOf(text, i) - 1);
}

function repeat(times: number, from: number, step: (i: number) => number): number {
  let i = from;
  for (let k = 0; k < times; k++) {
    const next = step(i);
    if (next === i) break;
    i = next;
  }
  return i;
}

/** f t F T: the `count`-th `ch` on the line after (before) the cursor; undefined when there is none. */
export function findOnLine(text: string, i: number, ch: string, kind: 'f' | 't' | 'F' | 'T', count: number): MotionResult | undefined {
  const start = lineStartOf(text, i);
  const end = lineEndOf(text, i);
  const forward = kind === 'f' || kind === 't';
  let at = i;
  for (let k = 0; k < count; k++) {
    const found = forward ? text.indexOf(ch, at + 1) : at > 0 ? text.lastIndexOf(ch, at - 1) : -1;
    if (found === -1 || found >= end || found < start) return undefined;
    at = found;
  }
  if (kind === 'f') return { target: at, inclusive: true };
  if (kind === 't') return { target: Math.max(i, at - 1), inclusive: true };
  if (kind === 'F') return { target: at, inclusive: false };
  return { target: Math.min(i, at + 1), inclusive: false };
}

/**
 * A motion key's result from `i`, `count` times; undefined when the key is not
 * a motion (f t F T are handled by findOnLine, as they need a character).
 * `forOperator`: `w` stops at the end of the line rather than crossing it, as dw does in Vim.
 */
export function motion(text: string, i: number, key: string, count: number, forOperator = false): MotionResult | undefined {
  const start = lineStartOf(text, i);
  const end = lineEndOf(text, i);
  switch (key) {
    case 'h':
      return { target: Math.max(start, i - count), inclusive: false };
    case 'l':
      return { target: Math.min(forOperator ? end : lastCharOfLine(text, i), i + count), inclusive: false };
    case '0':
      return { target: start, inclusive: false };
    case '^': {
      let j = start;
      while (j < end && /[ \t]/.test(text[j]!)) j++;
      return { target: j, inclusive: false };
    }
    case '$':
      return forOperator ? { target: end, inclusive: false } : { target: lastCharOfLine(text, i), inclusive: true };
    case 'w': {
      const target = repeat(count, i, (j) => nextWordStart(text, j));
      // dw on the last word of a line deletes to its end, not into the next line.
      if (forOperator) {
        const lastLineEnd = lineEndOf(text, repeat(count - 1, i, (j) => nextWordStart(text, j)));
        return { target: Math.min(target, lastLineEnd), inclusive: false };
      }
      return { target, inclusive: false };
    }
    case 'e':
      return { target: repeat(count, i, (j) => wordEnd(text, j)), inclusive: true };
    case 'b':
      return { target: repeat(count, i, (j) => previousWordStart(text, j)), inclusive: false };
    default:
      return undefined;
  }
}

/** `iw` / `aw`: the word (or run of blanks) under the cursor, with `aw` taking the blanks after it (or before, at a line's end). */
export function wordObject(text: string, i: number, around: boolean): { from: number; to: number } {
  if (text.length === 0) return { from: 0, to: 0 };
  const at = Math.min(i, text.length - 1);
  const cls = charClass(text[at]);
  const same = (j: number) => j >= 0 && j < text.length && text[j] !== '\n' && charClass(text[j]) === cls;
  let from = at;
  let to = at + 1;
  while (same(from - 1)) from--;
  while (same(to)) to++;
  if (!around || cls === 0) return { from, to };
  const blank = (j: number) => j >= 0 && j < text.length && (text[j] === ' ' || text[j] === '\t');
  let after = to;
  while (blank(after)) after++;
  if (after > to) return { from, to: after };
  let before = from;
  while (blank(before - 1)) before--;
  return { from: before, to };
}

/** The lines from the cursor's, `count` of them: their range, the newline after the last included when there is one. */
export function lineRange(text: string, i: number, count: number): { from: number; to: number; last: number } {
  const from = lineStartOf(text, i);
  let end = lineEndOf(text, i);
  for (let k = 1; k < count && end < text.length; k++) end = lineEndOf(text, end + 1);
  return { from, to: end, last: end };
}
