/**
 * Small text measurements for budgeting the live region: how many terminal
 * rows a text takes once ink wraps it, and cutting a one-line summary to fit.
 */

import { withoutControlCharacters } from '@lug/core';
import wrapAnsi from 'wrap-ansi';

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Columns a code point takes: East Asian wide and emoji ones take two, the rest one. */
export function codePointColumns(code: number): 1 | 2 {
  return (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
    ? 2
    : 1;
}

/** Columns a line takes on screen (ANSI sequences take none). */
export function displayWidth(line: string): number {
  let width = 0;
  for (const ch of stripAnsi(line)) width += codePointColumns(ch.codePointAt(0)!);
  return width;
}

/** Terminal rows a text takes at a width, once wrapped. */
export function rowsOf(text: string, width: number): number {
  const w = Math.max(1, width);
  let rows = 0;
  for (const line of text.split('\n')) rows += Math.max(1, Math.ceil(displayWidth(line) / w));
  return rows;
}

/** The last lines of a text that fit in `rows` rows, and how many lines were left out. */
export function lastRows(text: string, rows: number, width: number): { text: string; hidden: number } {
  const lines = text.split('\n');
  let used = 0;
  let first = lines.length;
  while (first > 0) {
    const need = rowsOf(lines[first - 1]!, width);
    if (used + need > rows) break;
    used += need;
    first--;
  }
  if (first === lines.length && lines.length > 0) first = lines.length - 1;
  return { text: lines.slice(first).join('\n'), hidden: first };
}

/** One line, cut with an ellipsis to `max` columns; newlines shown as ⏎. */
export function oneLine(text: string, max: number): string {
  const flat = sanitizeText(text).replace(/\n/g, ' ⏎ ').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * Text from a model or a command, made safe to print: escape sequences and
 * control characters removed (they could move the cursor, recolour the
 * screen or reverse what follows), tabs expanded, line and paragraph
 * separators made newlines (ink and the row budget count them as one row
 * with the text around them; a terminal may break the line there).
 */
export function sanitizeText(text: string): string {
  // The control set is core's (DEL and C1, U+009B being CSI to a terminal reading 8-bit controls, and the bidi controls, which draw the text around them reversed).
  return withoutControlCharacters(stripAnsi(text).replace(/\t/g, '    ').replace(/\r\n/g, '\n'));
}

/**
 * Rows that fit `width`. ink wraps a long line itself, but without trimming,
 * so a word that ends on the last column leaves the space after it at the
 * start of the next row (a ragged left edge in every few paragraphs).
 * Wrapped here the same way, minus that space, the rows fit and ink leaves
 * them alone. Each line's own indentation is kept.
 */
export function wrapRows(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => wrapAnsi(line, width, { hard: true, trim: false }).replace(/\n((?:\x1b\[[0-9;]*m)*) /g, '\n$1'))
    .join('\n');
}

/** A line's indentation and list marker ("  * ", "  12. ", "  * [ ] "): where its wrapped rows start. */
const HANG = /^( *(?:(?:[*•-]|\d+\.) +(?:\[[ xX]\] +)?)?)/;

/**
 * Rows that fit `width`, as wrapRows, with each line's wrapped rows starting
 * under its text: under the text of a list item rather than its marker,
 * under the indentation of code. An indent wider than half the width is not
 * kept (the rows would be too narrow to read).
 */
export function wrapHanging(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => {
      if (displayWidth(line) <= width) return line;
      const plain = stripAnsi(line);
      const hang = HANG.exec(plain)![1]!.length;
      if (hang === 0 || hang > width / 2 || !line.startsWith(plain.slice(0, hang))) return wrapRows(line, width);
      const rows = wrapRows(line.slice(hang), width - hang).split('\n');
      return rows.map((row, i) => (i === 0 ? plain.slice(0, hang) : ' '.repeat(hang)) + row).join('\n');
    })
    .join('\n');
}
