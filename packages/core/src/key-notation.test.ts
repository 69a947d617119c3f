import { describe, expect, it } from 'vitest';
import { KeyNotationError, parseKeys } from './key-notation.js';

describe('parseKeys', () => {
  it('reads sequences of characters and named keys in one canonical spelling', () => {
    expect(parseKeys('gg')).toEqual(['g', 'g']);
    expect(parseKeys('<c-G>')).toEqual(['<C-g>']);
    expect(parseKeys('<s-tab>')).toEqual(['<S-Tab>']);
    expect(parseKeys('<A-x>')).toEqual(['<M-x>']);
    expect(parseKeys('<Enter><esc>')).toEqual(['<CR>', '<Esc>']);
    expect(parseKeys('<lt>a <Bar>')).toEqual(['<lt>', 'a', '<Space>', '|']);
  });

  it('puts the leader in place of <leader>, the backslash by default as in Neovim', () => {
    expect(parseKeys('<leader>x')).toEqual(['\\', 'x']);
    expect(parseKeys('<Leader>ff', { leader: ' ' })).toEqual(['<Space>', 'f', 'f']);
    expect(parseKeys('<leader>x', { leader: ',' })).toEqual([',', 'x']);
  });

  it.each([
    ['', 'the key notation is empty: give at least one key'],
    ['<C-x', 'opens a key name that is not closed with >'],
    ['a<b<C-x>', 'opens a key name that is not closed with >'],
    ['<F5>', '<F5> cannot be bound: function keys (F1…F12) are not reported'],
    ['<Del>', '<Del> cannot be bound'],
    ['<Foo>', 'unknown key name <Foo>; the keys are: a printable character, <leader>'],
    ['<X-a>', 'unknown modifier "X-" in <X-a>'],
    ['<C-i>', '<C-i> is the same key as <Tab> to a terminal'],
    ['<C-c>', 'Ctrl-C always interrupts'],
    ['<S-a>', 'write "A"'],
    ['<>', '<> names no key'],
    ['\x07', 'control character'],
  ])('refuses %j, saying what is wrong and what is allowed', (lhs, message) => {
    expect(() => parseKeys(lhs)).toThrow(KeyNotationError);
    expect(() => parseKeys(lhs)).toThrow(message);
  });
});
