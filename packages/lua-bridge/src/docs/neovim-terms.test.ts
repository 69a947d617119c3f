/** lua_docs and lug.docs.search in Neovim's words: the alias table of @lug/core puts lug's equivalent first. */
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

describe('searching the docs with Neovim terms', () => {
  it.each([
    ['autocmd', 'lug.on'],
    ['nvim_create_user_command', 'lug.cmd.register'],
    ['user command', 'lug.cmd.register'],
    ['vim.opt', 'lug.opt'],
    ['vim.keymap.set', 'lug.keymap.set'],
    ['vim.notify', 'lug.ui.notify'],
    ['mapleader', 'lug.g'],
    ['checkhealth', 'lug.config'],
  ])('"%s" finds %s first', (term, name) => {
    s = setup();
    expect(s.runtime.docs.search(term)[0]?.name).toBe(name);
  });
});
