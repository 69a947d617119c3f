import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './markdown.js';
import { stripAnsi } from './text-layout.js';

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
});
