/**
 * A Markdown table laid out to fit a width: the columns are sized to their
 * text when it fits, else narrowed (widest first, words kept whole when they
 * can be) and each cell wrapped inside its column, so no row is ever wider
 * than the terminal and no border breaks. When even narrow columns cannot
 * fit, the table becomes a list: one item a row, "header: value" a line.
 */
import wrapAnsi from 'wrap-ansi';
import { displayWidth, stripAnsi } from './text-layout.js';

export type Align = 'left' | 'right' | 'center' | null;

export interface TableCells {
  /** The header row's cells, rendered (they may hold ANSI styles). */
  header: string[];
  rows: string[][];
  align: Align[];
}

/** Narrowest a column is made before the table gives up on columns and becomes a list. */
export const MIN_COLUMN = 6;

const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;
const dim = (s: string) => `\x1b[2m${s}\x1b[22m`;

function linesOf(cell: string): string[] {
  return cell.split('\n');
}

function naturalWidth(cell: string): number {
  return Math.max(0, ...linesOf(cell).map(displayWidth));
}

function longestWord(cell: string): number {
  return Math.max(0, ...stripAnsi(cell).split(/\s+/).map(displayWidth));
}

/** Cell text wrapped to `width` columns. */
function wrapCell(cell: string, width: number): string[] {
  // wrap-ansi measures every word with string-width, slow: lines that fit are left alone.
  return linesOf(cell).flatMap((line) => (displayWidth(line) <= width ? [line.trim()] : wrapAnsi(line, width, { hard: true, trim: true }).split('\n')));
}

function pad(line: string, width: number, align: Align): string {
  const room = Math.max(0, width - displayWidth(line));
  if (align === 'right') return ' '.repeat(room) + line;
  if (align === 'center') return ' '.repeat(Math.floor(room / 2)) + line + ' '.repeat(Math.ceil(room / 2));
  return line + ' '.repeat(room);
}

const total = (ws: number[]) => ws.reduce((a, b) => a + b, 0);

/**
 * Widths within `avail` when every column can have its floor: the room left
 * is shared in proportion to what each column still wants (largest
 * remainders first), so a long text column gets more than a short one.
 */
function share(natural: number[], floors: number[], avail: number): number[] | undefined {
  if (total(floors) > avail) return undefined;
  const want = natural.map((n, i) => n - floors[i]!);
  const room = avail - total(floors);
  const exact = want.map((w) => (w * room) / Math.max(1, total(want)));
  const widths = floors.map((f, i) => f + Math.floor(exact[i]!));
  let left = avail - total(widths);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left === 0) break;
    if (widths[i]! < natural[i]!) {
      widths[i]!++;
      left--;
    }
  }
  return widths;
}

/**
 * Widths within `avail`, none below its floor: every column capped at one
 * level (the widest narrowed first), as high as fits. Undefined when the
 * floors alone do not fit.
 */
function level(wanted: number[], floors: number[], avail: number): number[] | undefined {
  if (total(floors) > avail) return undefined;
  const at = (cap: number) => wanted.map((n, i) => Math.max(floors[i]!, Math.min(n, cap)));
  let lo = 0;
  let hi = Math.max(...wanted);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(at(mid)) <= avail) lo = mid;
    else hi = mid - 1;
  }
  return at(lo);
}

/** Column widths that fit `width` once the borders are drawn, or undefined when no columns can. */
export function columnWidths(table: TableCells, width: number): number[] | undefined {
  const columns = table.header.length;
  const all = [table.header, ...table.rows];
  const natural = Array.from({ length: columns }, (_, i) => Math.max(1, ...all.map((row) => naturalWidth(row[i] ?? ''))));
  // "│ a │ b │": one border a column plus one, and a space each side of every cell.
  const avail = width - (3 * columns + 1);
  if (total(natural) <= avail) return natural;
  const words = Array.from({ length: columns }, (_, i) => Math.max(1, ...all.map((row) => longestWord(row[i] ?? ''))));
  // Words kept whole when they all fit; else the longest words are broken, as few as can be.
  const wholeWords = natural.map((n, i) => Math.min(n, words[i]!));
  return share(natural, wholeWords, avail) ?? level(wholeWords, natural.map((n) => Math.min(n, MIN_COLUMN)), avail);
}

function gridOf(table: TableCells, widths: number[]): string {
  const rule = (l: string, m: string, r: string) => dim(l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r);
  const row = (cells: string[], style: (s: string) => string) => {
    const wrapped = widths.map((w, i) => wrapCell(cells[i] ?? '', w));
    const height = Math.max(1, ...wrapped.map((lines) => lines.length));
    const out: string[] = [];
    for (let r = 0; r < height; r++) {
      const parts = widths.map((w, i) => ` ${pad(style(wrapped[i]![r] ?? ''), w, table.align[i] ?? null)} `);
      out.push(dim('│') + parts.join(dim('│')) + dim('│'));
    }
    return out.join('\n');
  };
  const lines = [rule('┌', '┬', '┐'), row(table.header, bold)];
  for (const cells of table.rows) lines.push(rule('├', '┼', '┤'), row(cells, (s) => s));
  lines.push(rule('└', '┴', '┘'));
  return lines.join('\n');
}

/** Rows as list items: "• header: value", the other cells under it, each wrapped under its text. */
function listOf(table: TableCells, width: number): string {
  const indent = 2;
  const inner = Math.max(1, width - indent);
  const items = table.rows.map((cells) =>
    table.header
      .map((head, i) => {
        const value = cells[i] ?? '';
        const line = stripAnsi(head).trim() ? `${bold(`${head}:`)} ${value}` : value;
        return wrapCell(line, inner).map((row, r) => (r === 0 && i === 0 ? '• ' : ' '.repeat(indent)) + row);
      })
      .flat()
      .join('\n'),
  );
  return items.join('\n\n');
}

/** The table drawn with borders inside `width` columns, or as a list when columns cannot fit. */
export function layoutTable(table: TableCells, width: number): string {
  const widths = columnWidths(table, width);
  return widths ? gridOf(table, widths) : listOf(table, width);
}
