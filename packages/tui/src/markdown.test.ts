import v8 from 'node:v8';
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createMarkdownRenderer } from './markdown.js';
import { displayWidth, stripAnsi, wrapHanging, wrapRows } from './text-layout.js';

const DOCS = new URL('../../../docs/', import.meta.url);

/** The rows of each table drawn in rendered text: from a ┌ row to its └ row. */
function tablesIn(rows: string[]): string[][] {
  const tables: string[][] = [];
  let table: string[] | undefined;
  for (const row of rows) {
    if (row.startsWith('┌')) table = [];
    table?.push(row);
    if (row.startsWith('└') && table) {
      tables.push(table);
      table = undefined;
    }
  }
  return tables;
}

describe('createMarkdownRenderer', () => {
  it('shows the text as written until marked is loaded, and loads it only when asked', () => {
    const md = createMarkdownRenderer();
    expect(md.ready()).toBe(false);
    expect(md.render('**bold**', 80)).toBe('**bold**');
  });

  it('renders headings, emphasis, lists with inline code, tables, links and code blocks', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const out = stripAnsi(
      md.render(
        '# Title\n\nSome **bold** and *em*.\n\n- item with `code` and **strong**\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [docs](https://example.com/d).\n\n```ts\nconst x = 1;\n```',
        80,
      ),
    );
    expect(out).toContain('Title');
    expect(out).not.toContain('# Title');
    expect(out).toContain('Some bold and em.');
    expect(out).toContain('item with code and strong');
    expect(out).not.toContain('`code`');
    expect(out).toMatch(/│ 1 +│ 2 +│/);
    expect(out).toContain('docs (https://example.com/d)');
    expect(out).not.toContain('\x1b]8;');
    expect(out).toContain('const x = 1;');
    expect(out.startsWith('\n')).toBe(false);
    expect(out.endsWith('\n')).toBe(false);
  });

  it('wraps to the width with no row starting with the space after a word that filled the row above', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    // "without" ends exactly on column 20 of the first row.
    const paragraph = 'a file written right without a dialog, and **bold words** that go on and on past the edge.';
    const rows = stripAnsi(md.render(paragraph, 20)).split('\n');
    expect(rows[0]).toBe('a file written right');
    for (const row of rows) {
      expect(row.length).toBeLessThanOrEqual(20);
      expect(row.startsWith(' ')).toBe(false);
    }
    expect(rows.join(' ').replace(/ +/g, ' ')).toBe(paragraph.replace(/\*\*/g, ''));
  });

  it('keeps the indentation of code and lists when it wraps', () => {
    expect(wrapRows('    const longName = compute(alpha, beta);\n  * item', 24)).toBe('    const longName = \ncompute(alpha, beta);\n  * item');
    const rows = wrapRows('\x1b[1mbold words fill\x1b[22m rows here', 10).split('\n');
    expect(rows.map(stripAnsi)).toEqual(['bold words', 'fill rows', 'here']);
    expect(rows[1]!.startsWith('\x1b[1mfill')).toBe(true);
  });

  it('draws every manual page inside the width, each table with its borders whole', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const pages = fs.readdirSync(DOCS).filter((f) => f.endsWith('.md'));
    expect(pages).toContain('keys.md');
    for (const width of [80, 120]) {
      for (const page of pages) {
        const rows = stripAnsi(md.render(fs.readFileSync(new URL(page, DOCS), 'utf8'), width)).split('\n');
        for (const row of rows) expect(displayWidth(row), `${page} at ${width}: ${row}`).toBeLessThanOrEqual(width);
        for (const table of tablesIn(rows)) {
          for (const row of table) expect(displayWidth(row), `${page} at ${width}`).toBe(displayWidth(table[0]!));
        }
      }
    }
  });

  it('draws a model answer\'s table wider than the terminal with its cells wrapped in their columns', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const answer = [
      'Here is the comparison:',
      '',
      '| Option | Default | What it does |',
      '|---|---|---|',
      `| \`max_turns\` | 50 | ${'How many model turns one task may take before lug stops it and says so. '.repeat(3)}|`,
      '| `auto` | false | Runs every call without asking; rules may still deny. |',
    ].join('\n');
    const rows = stripAnsi(md.render(answer, 80)).split('\n');
    const [table] = tablesIn(rows);
    expect(table!.length).toBeGreaterThan(7);
    for (const row of table!) expect(displayWidth(row)).toBe(80);
    expect(table!.join('\n')).toContain('│ max_turns');
    expect(table!.join('\n')).not.toContain('`');
  });

  it('wraps a list item under its text, not under its marker', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const rows = stripAnsi(md.render('- a list item long enough to wrap over more than one row here\n- two', 30)).split('\n');
    expect(rows[0]).toMatch(/^ {2}\* a list item long enough/);
    expect(rows[1]).toMatch(/^ {4}\S/);
    for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(30);
  });

  it('starts the wrapped rows of a line under its text: a list item\'s, code\'s indent', () => {
    expect(wrapHanging('  12. numbered item that wraps', 16)).toBe('  12. numbered \n      item that \n      wraps');
    expect(wrapHanging('  * [ ] task to do soon', 18)).toBe('  * [ ] task to do\n        soon');
    expect(wrapHanging('    const longName = compute(alpha, beta);', 24)).toBe('    const longName = \n    compute(alpha, \n    beta);');
    expect(wrapHanging('plain words that wrap', 10)).toBe(wrapRows('plain words that wrap', 10));
    // An indent wider than half the row is not kept.
    expect(wrapHanging(`${' '.repeat(12)}deep code here`, 20)).toBe(wrapRows(`${' '.repeat(12)}deep code here`, 20));
  });
});

// Stop 43 set V8's --no-regexp-tier-up around each render and unset it after. Changing V8's flags while node runs
// may crash it (node's docs for v8.setFlagsFromString): an expression matched under one tiering and then the other
// does (SIGSEGV within 200 renders in a bare node), and a tmux test's lug died with signal 11 under it.
describe('rendering', () => {
  it('changes no V8 flag', async () => {
    const set = vi.spyOn(v8, 'setFlagsFromString');
    try {
      const r = createMarkdownRenderer();
      await r.load();
      expect(stripAnsi(r.render('## A heading\n\nSome **bold** and `code`.\n\n```ts\nconst x = 1;\n```\n', 60))).toContain('const x = 1;');
      expect(set).not.toHaveBeenCalled();
    } finally {
      set.mockRestore();
    }
  });
});
