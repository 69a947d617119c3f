import { describe, expect, it } from 'vitest';
import { columnWidths, layoutTable, MIN_COLUMN, type TableCells } from './markdown-table.js';
import { displayWidth, stripAnsi } from './text-layout.js';

const long = 'Allow this tool for the rest of the session: this call, the calls to it already waiting, and every later one.';
const keys: TableCells = { header: ['Key', 'Does'], rows: [['y', 'Allow this call, once.'], ['A', long]], align: [null, null] };

function rows(table: TableCells, width: number): string[] {
  return stripAnsi(layoutTable(table, width)).split('\n');
}

/** Every row of a drawn table is as wide as its top border, and its borders stand at the same columns. */
function expectWholeBorders(lines: string[]): void {
  const borderAt = (line: string) => [...line].flatMap((ch, i) => ('│┌┐└┘├┤┬┴┼'.includes(ch) ? [i] : []));
  for (const line of lines) {
    expect(displayWidth(line)).toBe(displayWidth(lines[0]!));
    expect(borderAt(line)).toEqual(borderAt(lines[0]!));
  }
}

describe('layoutTable', () => {
  it('sizes the columns to their text when the table fits', () => {
    expect(rows({ header: ['a', 'bb'], rows: [['1', '2']], align: [null, null] }, 80)).toEqual([
      '┌───┬────┐',
      '│ a │ bb │',
      '├───┼────┤',
      '│ 1 │ 2  │',
      '└───┴────┘',
    ]);
  });

  it('wraps a long cell inside its column, the table exactly as wide as the terminal', () => {
    for (const width of [30, 50, 80]) {
      const lines = rows(keys, width);
      expect(displayWidth(lines[0]!)).toBe(width);
      expectWholeBorders(lines);
      expect(lines.join(' ').replace(/[│─┌┐└┘├┤┬┴┼]/g, ' ').replace(/\s+/g, ' ')).toContain(long);
    }
  });

  it('gives the room to the column whose text wants it, keeping every word whole while they fit', () => {
    const table: TableCells = { header: ['Up / Down, k / j', 'Does'], rows: [['y', long]], align: [null, null] };
    const [key, does] = columnWidths(table, 40)!;
    expect(key! + does! + 7).toBe(40);
    expect(does!).toBeGreaterThan(key!);
    expect(key!).toBeGreaterThanOrEqual('Down,'.length);
  });

  it('breaks long words, down to narrow columns, before it gives up on columns', () => {
    const table: TableCells = { header: ['Name', 'Type', 'Default', 'Where'], rows: [['max_turns', 'number', '50', 'init.lua']], align: [null, null, null, null] };
    const widths = columnWidths(table, 4 * MIN_COLUMN + 13)!;
    expect(widths).toEqual([MIN_COLUMN, MIN_COLUMN, MIN_COLUMN, MIN_COLUMN]);
    expectWholeBorders(rows(table, 4 * MIN_COLUMN + 13));
  });

  it('becomes a list, one item a row and each cell under its header, when even narrow columns cannot fit', () => {
    const table: TableCells = { header: ['Name', 'Type', 'Default', 'Where'], rows: [['max_turns', 'number', '50', 'init.lua'], ['b', 'c', 'd', 'e']], align: [null, null, null, null] };
    expect(columnWidths(table, 30)).toBeUndefined();
    expect(rows(table, 30)).toEqual(['• Name: max_turns', '  Type: number', '  Default: 50', '  Where: init.lua', '', '• Name: b', '  Type: c', '  Default: d', '  Where: e']);
  });

  it('wraps a list cell under the text, inside the width', () => {
    const lines = rows({ header: ['a', 'b', 'c', 'd', 'e', 'f'], rows: [['1', '2', '3', '4', '5', long]], align: Array(6).fill(null) }, 24);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(24);
    expect(lines.slice(1).every((line) => line.startsWith('  '))).toBe(true);
  });

  it('aligns cells as the delimiter row says', () => {
    const lines = rows({ header: ['left', 'mid', 'right'], rows: [['a', 'b', 'c']], align: ['left', 'center', 'right'] }, 80);
    expect(lines[3]).toBe('│ a    │  b  │     c │');
  });

  it('keeps a cell\'s styles on every row it wraps to', () => {
    const lines = layoutTable({ header: ['k'], rows: [['\x1b[1mbold words that wrap\x1b[22m']], align: [null] }, 14).split('\n');
    const body = lines.filter((line) => stripAnsi(line).includes('wrap') || stripAnsi(line).includes('words'));
    for (const line of body) expect(line).toContain('\x1b[1m');
  });
});
