import { describe, expect, it } from 'vitest';
import {
  backspace,
  deleteForward,
  deleteWordBack,
  editorOf,
  insertText,
  killToLineEnd,
  killToLineStart,
  moveDown,
  moveLineEnd,
  moveLineStart,
  moveUp,
  moveWordLeft,
  moveWordRight,
  normalizePastedText,
  tokenBeforeCursor,
} from './editor.js';

describe('editor', () => {
  it('inserts at the cursor', () => {
    expect(insertText(editorOf('ac', 1), 'b')).toEqual({ text: 'abc', cursor: 2 });
  });

  it('erases a whole emoji (a surrogate pair) with one Backspace', () => {
    expect(backspace(editorOf('a😀'))).toEqual({ text: 'a', cursor: 1 });
    expect(deleteForward(editorOf('😀b', 0))).toEqual({ text: 'b', cursor: 0 });
  });

  it('moves to the start and end of the current line only (Ctrl-A, Ctrl-E)', () => {
    const s = editorOf('one\ntwo three', 6);
    expect(moveLineStart(s).cursor).toBe(4);
    expect(moveLineEnd(s).cursor).toBe(13);
  });

  it('kills to the end of the line, and joins the next line at its end (Ctrl-K)', () => {
    expect(killToLineEnd(editorOf('ab\ncd', 1))).toEqual({ text: 'a\ncd', cursor: 1 });
    expect(killToLineEnd(editorOf('ab\ncd', 2))).toEqual({ text: 'abcd', cursor: 2 });
  });

  it('kills to the start of the line (Ctrl-U)', () => {
    expect(killToLineStart(editorOf('ab\ncd', 4))).toEqual({ text: 'ab\nd', cursor: 3 });
  });

  it('deletes the word before the cursor, spaces first (Ctrl-W)', () => {
    expect(deleteWordBack(editorOf('run the  tests  '))).toEqual({ text: 'run the  ', cursor: 9 });
  });

  it('moves by words', () => {
    expect(moveWordLeft(editorOf('one two', 7)).cursor).toBe(4);
    expect(moveWordRight(editorOf('one two', 0)).cursor).toBe(3);
  });

  it('keeps the column moving up and down, clamped to shorter lines', () => {
    const s = editorOf('abcdef\nab\nabcdef', 5);
    expect(moveDown(s).cursor).toBe(9);
    expect(moveDown(moveDown(s)).cursor).toBe(12);
    expect(moveUp(editorOf('abcdef\nab', 9)).cursor).toBe(2);
  });

  it('finds the token before the cursor', () => {
    expect(tokenBeforeCursor(editorOf('see @src/ap', 11))).toEqual({ token: '@src/ap', start: 4 });
  });

  it('turns pasted CRs into newlines and tabs into spaces', () => {
    expect(normalizePastedText('a\r\nb\rc\td')).toBe('a\nb\nc    d');
  });
});
