/** The input's vi mode through the real key handling (ink-testing-library): what a Neovim user types. */
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { InputBox } from './input-box.js';
import { InputStore } from './input-store.js';
import { PromptHistory } from './history.js';
import { KEY, settle } from './test-support/ink.js';

afterEach(() => cleanup());

function setup(text = '') {
  const sent: string[] = [];
  const history = new PromptHistory(undefined);
  const store = new InputStore({ history, viMode: () => true });
  if (text) store.setText(text);
  const ui = render(<InputBox store={store} onSubmit={(t) => sent.push(t)} />);
  /** Each argument arrives on its own, as keys a person types; a string of several characters is one chunk (typed ahead). */
  const type = async (...chunks: string[]) => {
    for (const c of chunks) {
      ui.stdin.write(c);
      await settle(1);
    }
  };
  /** Keys in normal mode, one at a time. */
  const keys = async (seq: string) => {
    for (const ch of seq) await type(ch);
  };
  const at = () => ({ text: store.text, cursor: store.getSnapshot().editor.cursor, mode: store.viMode() });
  return { store, sent, history, type, keys, at };
}

describe('vi mode: modes', () => {
  it('starts in insert mode, where keys type; Esc is normal mode with the cursor one left', async () => {
    const t = setup();
    expect(t.at().mode).toBe('insert');
    await t.type('hello');
    await t.type(KEY.esc);
    expect(t.at()).toEqual({ text: 'hello', cursor: 4, mode: 'normal' });
    await t.keys('x');
    expect(t.at().text).toBe('hell');
  });

  it('enters insert mode with i a I A o O at their places', async () => {
    const t = setup('  one two');
    await t.type(KEY.esc);
    await t.keys('0');
    await t.type('i', 'X', KEY.esc, 'A', '!', KEY.esc, 'I', '>', KEY.esc);
    // I goes to the first non-blank, which the X typed at column 0 now is.
    expect(t.at().text).toBe('>X  one two!');
    await t.type('o', 'below', KEY.esc, 'O', 'above', KEY.esc);
    expect(t.at().text).toBe('>X  one two!\nabove\nbelow');
  });

  it('sends the prompt with Enter in normal mode too, and starts the next in insert mode', async () => {
    const t = setup();
    await t.type('ship it', KEY.esc, KEY.enter);
    expect(t.sent).toEqual(['ship it']);
    expect(t.at()).toEqual({ text: '', cursor: 0, mode: 'insert' });
  });
});

describe('vi mode: motions and operators', () => {
  it('moves with h l w b e 0 ^ $ and counts', async () => {
    const t = setup('  alpha beta gamma delta');
    await t.type(KEY.esc);
    await t.keys('0');
    expect(t.at().cursor).toBe(0);
    await t.keys('^');
    expect(t.at().cursor).toBe(2);
    await t.keys('w');
    expect(t.at().cursor).toBe(8);
    await t.keys('2w');
    expect(t.at().cursor).toBe(19);
    await t.keys('b');
    expect(t.at().cursor).toBe(13);
    await t.keys('e');
    expect(t.at().cursor).toBe(17);
    await t.keys('$');
    expect(t.at().cursor).toBe(23);
    await t.keys('3h');
    expect(t.at().cursor).toBe(20);
    await t.keys('l');
    expect(t.at().cursor).toBe(21);
  });

  it('finds on the line with f and t', async () => {
    const t = setup('call(a, b)');
    await t.type(KEY.esc);
    await t.keys('0fa');
    expect(t.at().cursor).toBe(1);
    await t.keys('2fa');
    expect(t.at().cursor).toBe(1); // only one more "a" after it: the motion fails and the cursor stays
    await t.keys('t)');
    expect(t.at().cursor).toBe(8);
    await t.keys('0dt(');
    expect(t.at().text).toBe('(a, b)');
  });

  it('changes the word under the cursor with ciw', async () => {
    const t = setup('fix the parser now');
    await t.type(KEY.esc);
    await t.keys('0ww');
    await t.type('c', 'i', 'w', 'lexer', KEY.esc);
    expect(t.at().text).toBe('fix the lexer now');
    expect(t.at().mode).toBe('normal');
  });

  it('takes ciw typed ahead in one chunk, text and all', async () => {
    const t = setup('fix the parser now');
    await t.type(KEY.esc);
    await t.keys('0ww');
    await t.type('ciwlexer');
    await t.type(KEY.esc);
    expect(t.at().text).toBe('fix the lexer now');
  });

  it('deletes with dw, d2w, 2dw, daw, d$ and D, and x with a count', async () => {
    const t = setup('one two three four five six');
    await t.type(KEY.esc);
    await t.keys('0dw');
    expect(t.at().text).toBe('two three four five six');
    await t.keys('d2w');
    expect(t.at().text).toBe('four five six');
    await t.keys('w2dw');
    expect(t.at().text).toBe('four ');
    await t.keys('0daw');
    expect(t.at().text).toBe('');
    const u = setup('abcdef ghi');
    await u.type(KEY.esc);
    await u.keys('03x');
    expect(u.at().text).toBe('def ghi');
    await u.keys('wD');
    expect(u.at().text).toBe('def ');
  });

  it('deletes, changes and yanks whole lines with dd cc yy, with counts, and puts them with p P', async () => {
    const t = setup('one\ntwo\nthree\nfour');
    await t.type(KEY.esc);
    await t.keys('k');
    // From the r of "four" (column 3) to column 3 of "three".
    expect(t.at().cursor).toBe('one\ntwo\n'.length + 3);
    await t.keys('dd');
    expect(t.at().text).toBe('one\ntwo\nfour');
    await t.keys('2k2dd');
    expect(t.at().text).toBe('four');
    await t.keys('P');
    expect(t.at().text).toBe('one\ntwo\nfour');
    await t.keys('yyjp');
    expect(t.at().text).toBe('one\ntwo\none\nfour');
    await t.type('c', 'c', 'replaced', KEY.esc);
    expect(t.at().text).toBe('one\ntwo\nreplaced\nfour');
  });

  it('yanks with a motion and puts after and before the cursor', async () => {
    const t = setup('ab cd');
    await t.type(KEY.esc);
    await t.keys('0yw$p');
    expect(t.at().text).toBe('ab cdab ');
    await t.keys('0P');
    expect(t.at().text).toBe('ab ab cdab ');
  });
});

describe('vi mode: undo, redo and repeat', () => {
  it('undoes with u (a count undoes more) and redoes with Ctrl-R', async () => {
    const t = setup('one two three');
    await t.type(KEY.esc);
    await t.keys('0dwdw');
    expect(t.at().text).toBe('three');
    await t.keys('u');
    expect(t.at().text).toBe('two three');
    await t.type(KEY.ctrl('r'));
    expect(t.at().text).toBe('three');
    await t.keys('2u');
    expect(t.at().text).toBe('one two three');
  });

  it('undoes an insertion as one change', async () => {
    const t = setup('base');
    await t.type(KEY.esc, 'A', ' more', ' words', KEY.esc);
    expect(t.at().text).toBe('base more words');
    await t.keys('u');
    expect(t.at().text).toBe('base');
  });

  it('repeats the last change with ., a change with an insertion included', async () => {
    const t = setup('a b c d');
    await t.type(KEY.esc);
    await t.keys('0dw.');
    expect(t.at().text).toBe('c d');
    const u = setup('red red red');
    await u.type(KEY.esc);
    await u.keys('0');
    await u.type('c', 'w', 'blue', KEY.esc);
    await u.keys('w.w.');
    expect(u.at().text).toBe('blue blue blue');
  });
});

describe('vi mode: history', () => {
  it('walks the history with k and j on the first and last lines', async () => {
    const t = setup();
    t.history.add('earlier prompt');
    await t.type(KEY.esc);
    await t.keys('k');
    expect(t.at().text).toBe('earlier prompt');
  });
});
