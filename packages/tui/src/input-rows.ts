/**
 * The input's text cut into the rows the terminal shows: each line of the
 * text wrapped at the box's width (after a space where there is one, else
 * mid-word), so the box knows how many rows it takes, which row holds the
 * cursor, and can draw each row behind its own marker or indent. ink wrapping
 * one long line itself would start continuation rows at column 0 and count
 * one row where the terminal shows thirty.
 */
import { codePointColumns } from './text-layout.js';

/** One row: `text.slice(start, end)`, newline excluded. */
export interface InputRow {
  start: number;
  end: number;
  /** The first row of a line of the text (false for a wrapped continuation). */
  lineStart: boolean;
}

/** Wrap one line of the text, text[from, to), into rows of at most `width` columns. */
function wrapLine(text: string, from: number, to: number, width: number, rows: InputRow[]): void {
  let start = from;
  let used = 0;
  /** Index just after the last space in the current row: where a soft break goes. */
  let breakAfter = -1;
  let i = from;
  while (i < to) {
    const code = text.codePointAt(i)!;
    const units = code > 0xffff ? 2 : 1;
    const cols = codePointColumns(code);
    if (used + cols > width && i > start) {
      // A space that overflows hangs at the row's end (in the column kept for the cursor), so no row starts with one.
      const end = code === 0x20 ? i + 1 : breakAfter > start ? breakAfter : i;
      rows.push({ start, end, lineStart: start === from });
      start = end;
      breakAfter = -1;
      used = 0;
      // Measure again from the new row's start (the characters after the break move down).
      i = start;
      continue;
    }
    used += cols;
    i += units;
    if (code === 0x20) breakAfter = i;
  }
  rows.push({ start, end: to, lineStart: start === from });
}

/**
 * The rows of `text` at `width` columns. An empty text, and an empty line,
 * is one empty row.
 */
export function inputRows(text: string, width: number): InputRow[] {
  const w = Math.max(1, Math.floor(width));
  const rows: InputRow[] = [];
  let from = 0;
  for (;;) {
    const nl = text.indexOf('\n', from);
    const to = nl === -1 ? text.length : nl;
    wrapLine(text, from, to, w, rows);
    if (nl === -1) break;
    from = nl + 1;
  }
  return rows;
}

/**
 * The row and the offset within it of the cursor. A cursor at a soft break
 * belongs to the row that starts there; at the end of a line, to the row the
 * line ends in.
 */
export function cursorRowOf(rows: readonly InputRow[], cursor: number): { row: number; offset: number } {
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const next = rows[r + 1];
    const softBreakAfter = next !== undefined && !next.lineStart;
    if (cursor >= row.start && (cursor < row.end || (cursor === row.end && !softBreakAfter))) return { row: r, offset: cursor - row.start };
  }
  const last = rows.length - 1;
  return { row: last, offset: Math.max(0, cursor - rows[last]!.start) };
}

/** The first row shown when at most `maxRows` fit: the cursor's row stays in view, near the middle. */
export function firstShownRow(rowCount: number, cursorRow: number, maxRows: number): number {
  return Math.max(0, Math.min(cursorRow - Math.floor(maxRows / 2), rowCount - maxRows));
}

/**
 * Columns the input's text gets in a box `width` wide: two for the marker
 * ("› " or the indent of the rows below it) and one kept free so the cursor
 * can stand after the last character of a full row.
 */
export function textColumns(width: number): number {
  return Math.max(1, width - 3);
}
