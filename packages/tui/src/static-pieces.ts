/**
 * What the scrollback is written as: the committed items, with a large
 * Markdown block cut into runs of its rendered rows, given to ink's <Static>
 * a frame's worth of rows at a time.
 *
 * ink draws each frame's new static output through one `Output`: a grid of
 * an object per cell plus one per character, all alive until the frame is
 * a string. A finished answer of 1 MB (a code block of 13,000 rows) made one
 * grid of ~2.5 million objects; V8's collector, tracing that growing heap
 * again and again, took 3.5 of the 5 s ink spent on it (0.2 s a 100 KB
 * block, 5 s a MB: worse than linear). Cut into runs and written a few
 * hundred rows a frame, each frame's objects die young, and keys typed
 * meanwhile are read between the frames.
 *
 * Cutting at line boundaries draws the same: ink lays out, wraps and styles
 * a text line by line (its `Output` tokenizes each line alone), and a column
 * of texts stacks their lines as one text does.
 */
import type { MarkdownRenderer } from './markdown.js';
import wrapAnsi from 'wrap-ansi';
import { endRow } from './ansi-rows.js';
import { displayWidth, sanitizeText } from './text-layout.js';
import type { TranscriptItem } from './transcript-items.js';

/** A committed item drawn as it always is, or a run of a large Markdown block's rendered rows. */
export type StaticPiece = { key: string; item: TranscriptItem; rows: number } | RowsPiece;

/**
 * A run of a large Markdown block's rendered rows; `gap` on the block's first
 * run, as the block's own. `direct`: it holds no escape sequence but SGR
 * (colours, bold…), so it may be written to a terminal as it is (directRows).
 */
export interface RowsPiece {
  key: string;
  text: string;
  gap: boolean;
  rows: number;
  direct: boolean;
}

// eslint-disable-next-line no-control-regex
const NOT_SGR = /\x1b(?!\[[\d;:]*m)/;

/** Markdown source longer than this is rendered once and cut into runs; shorter blocks draw as before. */
export const LARGE_MARKDOWN = 16 * 1024;
/** Rendered rows a run holds. */
export const PIECE_ROWS = 100;
/** Rows of new static output a frame gives ink (at least one piece). */
export const FRAME_ROWS = 400;

/** A committed item as pieces: one for the item itself, or runs of rows for a large Markdown block. */
export function piecesOf(item: TranscriptItem, width: number, markdown: MarkdownRenderer): StaticPiece[] {
  if (item.kind !== 'markdown' || item.text.length <= LARGE_MARKDOWN || !markdown.ready()) return [{ key: String(item.key), item, rows: 1 }];
  const lines = markdown.render(sanitizeText(item.text), width).split('\n');
  const pieces: RowsPiece[] = [];
  for (let start = 0; start < lines.length; start += PIECE_ROWS) {
    const end = Math.min(lines.length, start + PIECE_ROWS);
    pieces.push({ key: `${item.key}.${start}`, text: lines.slice(start, end).join('\n'), gap: start === 0 && item.gap === true, rows: end - start, direct: false });
  }
  // A run of one empty line would be an empty text, which ink draws as no row at all: it joins the run before.
  if (pieces.length > 1 && pieces.at(-1)!.text === '') {
    pieces.pop();
    pieces.at(-1)!.text += '\n';
    pieces.at(-1)!.rows++;
  }
  for (const piece of pieces) piece.direct = !NOT_SGR.test(piece.text);
  return pieces;
}

/** Whether a piece is written to the terminal as it is, when a frame's pieces are (see PacedStatic). */
export function isDirect(piece: StaticPiece): piece is RowsPiece {
  return 'direct' in piece && piece.direct;
}

/**
 * How many pieces may be drawn when the first `from` were drawn in earlier
 * frames: those and the next ones while their rows stay within `budget`, at
 * least one. With `direct`, a frame's new pieces are all written as they are
 * or all go through <Static>, never both (so the two keep their order). Only
 * the pieces decide it, so more pieces at the end never give fewer
 * (<Static> needs its items only to grow).
 */
export function piecesThisFrame(pieces: readonly StaticPiece[], from: number, direct = false, budget = FRAME_ROWS): number {
  let end = from;
  let rows = 0;
  const same = (piece: StaticPiece) => !direct || isDirect(piece) === isDirect(pieces[from]!);
  while (end < pieces.length && (end === from || (rows + pieces[end]!.rows <= budget && same(pieces[end]!)))) rows += pieces[end++]!.rows;
  return end;
}

/**
 * Rows as ink writes them to the scrollback, for a terminal: the gap's empty
 * row, each row wrapped as ink's <Text> wraps a row wider than the width
 * (there should be none), and ended as ink ends it (ansi-rows.ts); then a
 * newline, as ink ends a frame's static output.
 */
export function directRows(piece: RowsPiece, width: number): string {
  const rows = piece.text.split('\n').flatMap((line) => (displayWidth(line) > width ? wrapAnsi(line, width, { trim: false, hard: true }).split('\n') : [line]));
  return `${piece.gap ? '\n' : ''}${rows.map(endRow).join('\n')}\n`;
}

/**
 * The committed items as pieces, worked out once each: `update` takes the
 * committed list (which only grows) and returns the pieces, a new array when
 * they changed.
 */
export class StaticPieces {
  private items: readonly TranscriptItem[] = [];
  private pieces: StaticPiece[] = [];

  update(items: readonly TranscriptItem[], width: number, markdown: MarkdownRenderer): readonly StaticPiece[] {
    if (items === this.items) return this.pieces;
    let seen = this.items.length;
    // The list only grows; anything else (never seen) starts again.
    if (items.length < seen || (seen > 0 && items[seen - 1] !== this.items[seen - 1])) seen = 0;
    const added = items.slice(seen).flatMap((item) => piecesOf(item, width, markdown));
    this.pieces = seen === 0 ? added : this.pieces.concat(added);
    this.items = items;
    return this.pieces;
  }
}
