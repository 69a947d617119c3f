/**
 * Small text measurements for budgeting the live region: how many terminal
 * rows a text takes once ink wraps it, and cutting a one-line summary to fit.
 */

import { withoutControlCharacters } from '@lug/core';
import { eastAsianWidth } from 'get-east-asian-width';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Code points that take no column: combining marks, joiners, variation selectors, other format and ignorable ones. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;

/**
 * Columns a code point takes, as ink measures it (string-width): East Asian
 * wide and fullwidth ones two (CJK, Hangul, emoji, and symbols like ✅ ❌ ⭐
 * ⚡), marks, joiners and variation selectors none, the rest one. Alone: a
 * cluster of several (👩‍💻, a flag) is displayWidth's to measure.
 */
export function codePointColumns(code: number): 0 | 1 | 2 {
  if (code < 0x300) return 1;
  if (ZERO_WIDTH.test(String.fromCodePoint(code))) return 0;
  return eastAsianWidth(code) === 2 ? 2 : 1;
}

/** A line of printable ASCII only: one column a character, measured without string-width. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * What makes a cluster of code points take other than the sum of their
 * widths, or a code point other than its East Asian width: marks, format and
 * control characters, joiners and selectors, flags' regional indicators, skin
 * tones, Hangul jamo, lone surrogates, unassigned code points. A line without
 * any is measured a code point at a time (every code point from U+0020 to
 * U+31FFF outside this class was checked against string-width: the same);
 * string-width takes ~65 µs a line of prose with a dash in it, this ~1.
 */
const NEEDS_CLUSTERS = /[\p{M}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\p{Regional_Indicator}\p{Emoji_Modifier}\p{Cs}\p{Cn}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]/u;

/**
 * Columns a line takes on screen (ANSI sequences take none), as ink lays it
 * out: ink measures with string-width, whose clusters (👩‍💻, 🇫🇷, e + U+0301)
 * and emoji (✅ takes two) this must agree with, or a table's borders and the
 * live region's rows are off. Counted a code point at a time, ✅ took one
 * column and 👩‍💻 five.
 */
export function displayWidth(line: string): number {
  const text = stripAnsi(line);
  if (PRINTABLE_ASCII.test(text)) return text.length;
  if (NEEDS_CLUSTERS.test(text)) return stringWidth(text);
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    width += code < 0x300 ? 1 : eastAsianWidth(code);
  }
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
