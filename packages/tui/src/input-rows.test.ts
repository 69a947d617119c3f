import { describe, expect, it } from 'vitest';
import { cursorRowOf, firstShownRow, inputRows, textColumns } from './input-rows.js';

const rowTexts = (text: string, width: number) => inputRows(text, width).map((r) => text.slice(r.start, r.end));

describe('inputRows', () => {
  it('is one empty row for an empty text, and one per line of a short one', () => {
    expect(rowTexts('', 10)).toEqual(['']);
    expect(rowTexts('ab\n\ncd', 10)).toEqual(['ab', '', 'cd']);
  });

  it('wraps after a space, leaving the space at the end of the row it ends', () => {
    expect(rowTexts('one two three', 8)).toEqual(['one two ', 'three']);
    expect(inputRows('one two three', 8).map((r) => r.lineStart)).toEqual([true, false]);
  });

  it('cuts a word longer than the row mid-word', () => {
    expect(rowTexts('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('keeps every character of a 3,000-character paste exactly once, no row wider than the width', () => {
    const text = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ').slice(0, 3000);
    const rows = inputRows(text, 77);
    expect(rows.map((r) => text.slice(r.start, r.end)).join('')).toBe(text);
    // A space that overflows hangs in the column kept for the cursor: one more than the width at most.
    for (const r of rows) expect(r.end - r.start).toBeLessThanOrEqual(78);
    for (const r of rows) expect(text[r.start]).not.toBe(' ');
  });

  it('counts wide characters as two columns', () => {
    expect(rowTexts('日本語テキスト', 6)).toEqual(['日本語', 'テキス', 'ト']);
  });
});

describe('cursorRowOf', () => {
  const text = 'one two three';
  const rows = inputRows(text, 8);

  it('puts a cursor at a soft break on the row that starts there', () => {
    expect(cursorRowOf(rows, 8)).toEqual({ row: 1, offset: 0 });
  });

  it('puts a cursor at the end of the text on the last row', () => {
    expect(cursorRowOf(rows, text.length)).toEqual({ row: 1, offset: 5 });
  });

  it('puts a cursor at the end of a line before a newline on that line', () => {
    const t = 'ab\ncd';
    expect(cursorRowOf(inputRows(t, 10), 2)).toEqual({ row: 0, offset: 2 });
  });
});

describe('firstShownRow and textColumns', () => {
  it('keeps the cursor row in view, near the middle, and never scrolls past the end', () => {
    expect(firstShownRow(40, 39, 10)).toBe(30);
    expect(firstShownRow(40, 0, 10)).toBe(0);
    expect(firstShownRow(40, 20, 10)).toBe(15);
    expect(firstShownRow(3, 2, 10)).toBe(0);
  });

  it('leaves two columns for the marker and one for the cursor', () => {
    expect(textColumns(80)).toBe(77);
  });
});
