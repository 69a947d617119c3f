import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSection, helpFor, helpTopics } from './help.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-help-'));
fs.writeFileSync(path.join(dir, 'keys.md'), '# Keys\n\n## The dialog\n\ny allows.\n\n```\n# not a heading\n```\n\n## The input\n\nEnter sends.\n');
fs.writeFileSync(path.join(dir, 'tools.md'), '# Tools\n');
fs.writeFileSync(path.join(dir, 'README.md'), '# index\n');
fs.writeFileSync(path.join(dir, 'lua-api.md'), '# The Lua API\n\n### lug.on\n\nListen to an event.\n\n### lug.opt\n\nThe options.\n');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('help in Neovim\'s words', () => {
  it('shows lug\'s equivalent of a Neovim term, saying so', () => {
    const page = helpFor(dir, 'autocmd');
    expect(page).toMatchObject({ title: 'lua-api: lug.on' });
    expect((page as { markdown: string }).markdown).toMatch(/^Neovim's `autocmd` is `lug.on` in lug\.\n\n### lug.on\n\nListen to an event\./);
    expect(helpFor(dir, 'vim.opt')).toMatchObject({ title: 'lua-api: lug.opt' });
  });
});

describe('help', () => {
  it('lists the pages, README aside', () => {
    expect(helpTopics(dir)).toEqual(['keys', 'lua-api', 'tools']);
  });

  it('finds a page by name or unique prefix', () => {
    expect(helpFor(dir, 'keys')).toMatchObject({ title: 'keys' });
    expect(helpFor(dir, 'too')).toMatchObject({ title: 'tools' });
  });

  it('finds a section by its heading and stops at the next one', () => {
    expect(findSection(fs.readFileSync(path.join(dir, 'keys.md'), 'utf8'), 'dialog')).toBe('## The dialog\n\ny allows.\n\n```\n# not a heading\n```');
    expect(helpFor(dir, 'input')).toMatchObject({ title: 'keys: input', markdown: '## The input\n\nEnter sends.' });
  });

  it('names the topics when nothing matches, and says when there are no pages', () => {
    expect(helpFor(dir, 'zzz')).toEqual({ error: 'no help for "zzz"; the topics are: keys, lua-api, tools (or any heading inside them)' });
    expect(helpFor(undefined, 'keys')).toMatchObject({ error: expect.stringContaining('no manual pages') });
  });
});
