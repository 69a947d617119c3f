/**
 * Markdown that fits the terminal, in a real one: the real `lug` binary in
 * tmux at 80 and 120 columns, its `:help keys` page and a model answer with a
 * table wider than the screen drawn with every table row whole.
 */
import { describe, expect, it } from 'vitest';
import { text } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux, type TmuxScreen } from './tmux.js';

const lugs = lugsInTmux();

async function startLug(answer: string, width: number): Promise<TmuxScreen> {
  const { screen } = await lugs.start([text(answer)], sandbox(), { env: { CI: 'true' }, width, height: 45 });
  return screen;
}

/** The screen's table rows: each must start and end with a border, all of one table as wide as its top. */
function expectTablesWhole(shown: string, width: number): number {
  const rows = shown.split('\n').map((row) => row.trim());
  let tableRows = 0;
  for (const row of rows) {
    if (!/^[│┌├└]/.test(row)) continue;
    tableRows++;
    expect(row, `a table row cut at ${width} columns:\n${shown}`).toMatch(/[│┐┤┘]$/);
    expect([...row].length).toBeLessThanOrEqual(width);
  }
  // No row of a table's text wrapped onto a line of its own (a row that starts inside a cell).
  for (let i = 1; i < rows.length - 1; i++) {
    if (/^[│├]/.test(rows[i - 1]!) && /^[│├└]/.test(rows[i + 1]!)) expect(rows[i], `a broken border at ${width} columns:\n${shown}`).toMatch(/^[│├]/);
  }
  return tableRows;
}

describe.skipIf(!hasTmux())('Markdown that fits a real terminal', () => {
  for (const width of [80, 120]) {
    it(`draws :help keys inside ${width} columns with its tables whole`, async () => {
      const s = await startLug('unused', width);
      await s.submit(':help keys');
      // The page's end is on screen once it is drawn; its tables are above, in the scrollback.
      await s.waitFor(/It runs again whenever one of them changes\./, 15_000);
      const shown = s.scrollback();
      expect(shown).toMatch(/│ Key +│ Does/);
      expect(expectTablesWhole(shown, width)).toBeGreaterThan(20);
    });

    it(`draws a model answer's wide table inside ${width} columns`, async () => {
      const answer = [
        'The options:',
        '',
        '| Option | Default | What it does |',
        '|---|---|---|',
        `| \`max_turns\` | 50 | ${'How many model turns one task may take before lug stops it and says so. '.repeat(3)}|`,
        '| `auto` | false | Runs every call without asking; rules may still deny. |',
        '',
        'That is all.',
      ].join('\n');
      const s = await startLug(answer, width);
      await s.submit('which options?');
      const shown = await s.waitFor(/That is all\./, 15_000);
      expect(expectTablesWhole(shown, width)).toBeGreaterThan(5);
      expect(shown).toMatch(/│ max_turns/);
    });
  }
});
