import React from 'react';
import { Box, Text, renderToString } from 'ink';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './markdown.js';
import { FRAME_ROWS, LARGE_MARKDOWN, PIECE_ROWS, StaticPieces, directRows, piecesOf, piecesThisFrame, type RowsPiece, type StaticPiece } from './static-pieces.js';
import { sanitizeText } from './text-layout.js';
import { endRow } from './ansi-rows.js';
import type { TranscriptItem } from './transcript-items.js';

const codeLine = (i: number) => `const value${i} = compute(${i}, "some string here", { option: true }); // comment ${i}`;
const largeAnswer = (kb: number) => {
  let body = '';
  for (let i = 0; body.length < kb * 1024; i++) body += `${codeLine(i)}\n`;
  return '```ts\n' + body + '```';
};

/** What ink draws for a text in a box of `width` columns: each row as ink writes it. */
const inkRows = (text: string, width: number) => renderToString(React.createElement(Box, { width }, React.createElement(Text, null, text)), { columns: width }).split('\n');

describe('piecesOf', () => {
  it('keeps a small block, and any other item, whole', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const item: TranscriptItem = { key: 3, kind: 'markdown', text: 'short **answer**' };
    expect(piecesOf(item, 80, md)).toEqual([{ key: '3', item, rows: 1 }]);
    const notice: TranscriptItem = { key: 4, kind: 'notice', text: 'x'.repeat(LARGE_MARKDOWN * 2), level: 'info' };
    expect(piecesOf(notice, 80, md)).toHaveLength(1);
  });

  it('cuts a large block into runs of its rendered rows, the gap on the first', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const text = largeAnswer(40);
    const pieces = piecesOf({ key: 7, kind: 'markdown', text, gap: true }, 100, md) as RowsPiece[];
    const rendered = md.render(sanitizeText(text), 100);
    expect(pieces.map((p) => p.text).join('\n')).toBe(rendered);
    expect(pieces.length).toBe(Math.ceil(rendered.split('\n').length / PIECE_ROWS));
    expect(pieces.map((p) => p.gap)).toEqual(pieces.map((_, i) => i === 0));
    expect(pieces.every((p) => p.text.split('\n').length === p.rows && p.direct)).toBe(true);
    expect(new Set(pieces.map((p) => p.key)).size).toBe(pieces.length);
  });

  it('never leaves a run that is one empty row (ink would draw it as none)', () => {
    const rows = [...Array.from({ length: PIECE_ROWS }, (_, i) => `row ${i}`), ''].join('\n');
    const md = { ready: () => true, load: async () => {}, render: () => rows };
    const pieces = piecesOf({ key: 1, kind: 'markdown', text: 'x'.repeat(LARGE_MARKDOWN + 1) }, 80, md) as RowsPiece[];
    expect(pieces).toHaveLength(1);
    expect(pieces[0]!.text).toBe(rows);
    expect(pieces[0]!.rows).toBe(PIECE_ROWS + 1);
  });

  it('leaves a run with an escape sequence other than SGR to ink', () => {
    const md = { ready: () => true, load: async () => {}, render: () => 'a \x1b[1mbold\x1b[22m row\nan \x1b]0;title\x07 osc' };
    const [piece] = piecesOf({ key: 1, kind: 'markdown', text: 'x'.repeat(LARGE_MARKDOWN + 1) }, 80, md) as RowsPiece[];
    expect(piece!.direct).toBe(false);
  });
});

describe('piecesThisFrame', () => {
  const rows = (n: number, direct = true): StaticPiece => ({ key: String(Math.random()), text: '', gap: false, rows: n, direct });
  const item = (): StaticPiece => ({ key: String(Math.random()), item: { key: 1, kind: 'notice', text: 'n', level: 'info' }, rows: 1 });

  it('takes pieces while their rows fit the budget, at least one', () => {
    const pieces = [rows(100), rows(100), rows(100), rows(100), rows(100)];
    expect(piecesThisFrame(pieces, 0)).toBe(FRAME_ROWS / 100);
    expect(piecesThisFrame([rows(FRAME_ROWS * 3)], 0)).toBe(1);
    expect(piecesThisFrame(pieces, 5)).toBe(5);
  });

  it('gives no fewer pieces when more come at the end (<Static> items only grow)', () => {
    const pieces = [item(), rows(150), item(), rows(150)];
    for (let n = 1; n <= pieces.length; n++)
      for (const direct of [false, true]) expect(piecesThisFrame(pieces.slice(0, n + 1), 0, direct)).toBeGreaterThanOrEqual(piecesThisFrame(pieces.slice(0, n), 0, direct));
  });

  it('with direct, keeps rows written as they are and <Static> items in frames of their own', () => {
    const pieces = [item(), item(), rows(10), rows(10, false), item()];
    expect(piecesThisFrame(pieces, 0, false)).toBe(5);
    expect(piecesThisFrame(pieces, 0, true)).toBe(2);
    expect(piecesThisFrame(pieces, 2, true)).toBe(3);
    expect(piecesThisFrame(pieces, 3, true)).toBe(5);
  });
});

describe('StaticPieces', () => {
  it('works each committed item out once, and only grows', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    let renders = 0;
    const counting = { ...md, render: (text: string, width: number) => (renders++, md.render(text, width)) };
    const pieces = new StaticPieces();
    const first: TranscriptItem[] = [{ key: 1, kind: 'markdown', text: largeAnswer(20) }];
    const a = pieces.update(first, 80, counting);
    expect(pieces.update(first, 80, counting)).toBe(a);
    const b = pieces.update([...first, { key: 2, kind: 'notice', text: 'done', level: 'info' }], 80, counting);
    expect(b.slice(0, a.length)).toEqual(a);
    expect(b).toHaveLength(a.length + 1);
    expect(renders).toBe(1);
  });
});

describe('directRows', () => {
  it('writes each row as ink draws it, styles ended at each row, and ink draws it the same', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const width = 60;
    const sample = [
      '\x1b[33mopened on one row',
      'and closed on the next\x1b[39m, plain   ',
      '\x1b[42m  green background  ',
      'wide ✅ and 漢字 text',
      'x'.repeat(width + 15),
      '',
      md.render('# Title\n\n- a **bold** item with `code`\n\n```ts\nconst x = "y"; // c\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |', width),
    ].join('\n');
    const piece: RowsPiece = { key: 'k', text: sample, gap: true, rows: sample.split('\n').length, direct: true };
    const written = directRows(piece, width);
    expect(written.startsWith('\n')).toBe(true);
    expect(written.endsWith('\n')).toBe(true);
    const rows = written.slice(1, -1).split('\n');
    // Each row drawn alone by ink (so nothing carries from the row before) is the row ink draws for the whole text.
    expect(rows.map((row) => inkRows(row, width).join('\n'))).toEqual(inkRows(sample, width));
    expect(rows.every((row) => !row.includes('\x1b') || row.endsWith('\x1b[0m'))).toBe(true);
  });
});

describe('endRow', () => {
  it('cuts trailing whitespace where no style is on, keeps it where one is, and ends the styles', () => {
    expect(endRow('plain   ')).toBe('plain');
    expect(endRow('\x1b[33mword\x1b[39m   ')).toBe('\x1b[33mword\x1b[0m');
    expect(endRow('word \x1b[0m')).toBe('word\x1b[0m');
    expect(endRow('\x1b[42mgreen  ')).toBe('\x1b[42mgreen  \x1b[0m');
    expect(endRow('\x1b[4munder \x1b[24m ')).toBe('\x1b[4munder \x1b[0m');
    expect(endRow('\x1b[38;2;1;2;3mtrue colour\x1b[39m  ')).toBe('\x1b[38;2;1;2;3mtrue colour\x1b[0m');
    expect(endRow('\x1b[1mbold\x1b[22m and \x1b[33m')).toBe('\x1b[1mbold\x1b[22m and\x1b[0m');
  });

  it('ends a row as ink draws it', () => {
    const rows = ['\x1b[33mword\x1b[39m   ', 'word \x1b[0m', '\x1b[42mgreen  ', '\x1b[4munder \x1b[24m ', '\x1b[7minverse \x1b[27m\x1b[41m \x1b[49m  '];
    for (const row of rows) expect(inkRows(endRow(row), 40)).toEqual(inkRows(row, 40));
  });
});
