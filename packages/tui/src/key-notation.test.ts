import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { keyNotation } from './key-notation.js';

const none: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

describe('keyNotation', () => {
  it('writes Ctrl and Meta letters in Vim notation', () => {
    expect(keyNotation('g', { ...none, ctrl: true })).toBe('<C-g>');
    expect(keyNotation('x', { ...none, meta: true })).toBe('<M-x>');
  });

  it('names special keys, with their modifiers', () => {
    expect(keyNotation('', { ...none, tab: true, shift: true })).toBe('<S-Tab>');
    expect(keyNotation('', { ...none, escape: true, meta: true })).toBe('<Esc>');
    expect(keyNotation('', { ...none, upArrow: true, ctrl: true })).toBe('<C-Up>');
    expect(keyNotation('', { ...none, return: true })).toBe('<CR>');
  });

  it('gives a plain character as itself and a paste as nothing', () => {
    expect(keyNotation('x', none)).toBe('x');
    expect(keyNotation('A', { ...none, shift: true })).toBe('A');
    expect(keyNotation('pasted text', none)).toBeUndefined();
  });
});
