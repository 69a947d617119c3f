import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './markdown.js';
import { stripAnsi, wrapRows } from './text-layout.js';

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
});
