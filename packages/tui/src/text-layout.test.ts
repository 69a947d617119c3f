import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { inputRows } from './input-rows.js';
import { layoutTable } from './markdown-table.js';
import { codePointColumns, displayWidth, stripAnsi } from './text-layout.js';

/** What models write, and what a terminal draws in other than one column a code point. */
const SAMPLES = [
  'plain ASCII',
  '✅ done, ❌ failed, ⭐ starred, ⚡ fast, ☕ break', // wide symbols: two columns each
  '👩‍💻 a ZWJ sequence, 👍🏽 a skin tone, 🇫🇷 a flag', // clusters: two columns each
  'e\u0301 combining, a\u200bb a zero-width space, ❤️ with VS16, 1️⃣ a keycap',
  '漢字 and 한국어, ｶﾀｶﾅ halfwidth, ＡＢ fullwidth',
  'prose — with a dash, “quotes”, → arrows, • bullets, ✓ checks',
  '\x1b[1mbold\x1b[22m and \x1b[33m✅ coloured\x1b[39m',
  '\u1100\u1161\u11a8 Hangul jamo',
];

describe('displayWidth', () => {
  it('measures a line as ink lays it out (string-width), clusters and wide symbols included', () => {
    // A code point at a time, ✅ took one column and 👩‍💻 five.
    for (const line of SAMPLES) expect(displayWidth(line), line).toBe(stringWidth(stripAnsi(line)));
  });

  it('agrees with string-width on every code point measured one at a time', () => {
    for (let code = 0x20; code < 0x32000; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const ch = String.fromCodePoint(code);
      if (displayWidth(ch) !== stringWidth(ch)) expect({ code: code.toString(16), width: displayWidth(ch) }).toEqual({ code: code.toString(16), width: stringWidth(ch) });
    }
  });
});

describe('codePointColumns', () => {
  it('gives wide symbols two columns, and marks, joiners and selectors none', () => {
    expect(['✅', '❌', '⭐', '漢', '👍'].map((c) => codePointColumns(c.codePointAt(0)!))).toEqual([2, 2, 2, 2, 2]);
    expect([0x301, 0x200d, 0xfe0f, 0x200b].map(codePointColumns)).toEqual([0, 0, 0, 0]);
    expect(['a', 'é', '—', '→'].map((c) => codePointColumns(c.codePointAt(0)!))).toEqual([1, 1, 1, 1]);
  });
});

describe('what the columns decide', () => {
  it("draws a table of ✅ and ❌ whose borders stand at the same columns on every row", () => {
    const table = layoutTable({ header: ['Feature', 'lug', 'other'], rows: [['Lua config', '✅', '❌'], ['Rules 👩‍💻', '✅ yes', '❌ no']], align: [null, null, null] }, 60);
    const lines = stripAnsi(table).split('\n');
    const borderColumns = (line: string) => {
      const at: number[] = [];
      let column = 0;
      for (const { segment } of new Intl.Segmenter().segment(line)) {
        if ('│┌┐└┘├┤┬┴┼'.includes(segment)) at.push(column);
        column += stringWidth(segment);
      }
      return at;
    };
    for (const line of lines) {
      expect(stringWidth(line), line).toBe(stringWidth(lines[0]!));
      expect(borderColumns(line), line).toEqual(borderColumns(lines[0]!));
    }
  });

  it('wraps a typed line of wide symbols where the terminal would', () => {
    // Ten ✅ take twenty columns: at a width of 10, five a row.
    const rows = inputRows('✅'.repeat(10), 10);
    expect(rows.map((r) => r.end - r.start)).toEqual([5, 5]);
  });
});
