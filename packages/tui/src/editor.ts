/**
 * The text of the input box and its cursor, with the Emacs-style edits a shell
 * user expects. Pure functions over an immutable state, so every edit is easy
 * to test and the component only draws.
 */

export interface EditorState {
  text: string;
  /** Index into `text`, 0..text.length. */
  cursor: number;
}

export const emptyEditor: EditorState = { text: '', cursor: 0 };

export function editorOf(text: string, cursor = text.length): EditorState {
  return { text, cursor: Math.max(0, Math.min(cursor, text.length)) };
}

export function insertText(s: EditorState, text: string): EditorState {
  return { text: s.text.slice(0, s.cursor) + text + s.text.slice(s.cursor), cursor: s.cursor + text.length };
}

/** Index of the first character of the line holding `index`. */
export function lineStartOf(text: string, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1;
}

/** Index of the newline ending the line holding `index` (or text.length). */
export function lineEndOf(text: string, index: number): number {
  const nl = text.indexOf('\n', index);
  return nl === -1 ? text.length : nl;
}

/** Length of the character (one or two UTF-16 units) ending at `index`. */
function charBefore(text: string, index: number): number {
  if (index <= 0) return 0;
  const code = text.charCodeAt(index - 1);
  return code >= 0xdc00 && code <= 0xdfff && index >= 2 ? 2 : 1;
}

function charAt(text: string, index: number): number {
  if (index >= text.length) return 0;
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
}

export function backspace(s: EditorState): EditorState {
  const n = charBefore(s.text, s.cursor);
  if (n === 0) return s;
  return { text: s.text.slice(0, s.cursor - n) + s.text.slice(s.cursor), cursor: s.cursor - n };
}

export function deleteForward(s: EditorState): EditorState {
  const n = charAt(s.text, s.cursor);
  if (n === 0) return s;
  return { text: s.text.slice(0, s.cursor) + s.text.slice(s.cursor + n), cursor: s.cursor };
}

export function moveLeft(s: EditorState): EditorState {
  return { ...s, cursor: s.cursor - charBefore(s.text, s.cursor) };
}

export function moveRight(s: EditorState): EditorState {
  return { ...s, cursor: s.cursor + charAt(s.text, s.cursor) };
}

/** Ctrl-A: start of the current line. */
export function moveLineStart(s: EditorState): EditorState {
  return { ...s, cursor: lineStartOf(s.text, s.cursor) };
}

/** Ctrl-E: end of the current line. */
export function moveLineEnd(s: EditorState): EditorState {
  return { ...s, cursor: lineEndOf(s.text, s.cursor) };
}

/** Ctrl-K: delete to the end of the line; at the end of a line, join the next one. */
export function killToLineEnd(s: EditorState): EditorState {
  const end = lineEndOf(s.text, s.cursor);
  const to = end === s.cursor && end < s.text.length ? end + 1 : end;
  return { text: s.text.slice(0, s.cursor) + s.text.slice(to), cursor: s.cursor };
}

/** Ctrl-U: delete to the start of the line. */
export function killToLineStart(s: EditorState): EditorState {
  const start = lineStartOf(s.text, s.cursor);
  return { text: s.text.slice(0, start) + s.text.slice(s.cursor), cursor: start };
}

/** Where the word before `index` starts (skipping spaces first), as Ctrl-W and Alt-B see it. */
function wordStartBefore(text: string, index: number): number {
  let i = index;
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  while (i > 0 && !/\s/.test(text[i - 1]!)) i--;
  return i;
}

function wordEndAfter(text: string, index: number): number {
  let i = index;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  while (i < text.length && !/\s/.test(text[i]!)) i++;
  return i;
}

/** Ctrl-W: delete the word before the cursor. */
export function deleteWordBack(s: EditorState): EditorState {
  const start = wordStartBefore(s.text, s.cursor);
  return { text: s.text.slice(0, start) + s.text.slice(s.cursor), cursor: start };
}

export function moveWordLeft(s: EditorState): EditorState {
  return { ...s, cursor: wordStartBefore(s.text, s.cursor) };
}

export function moveWordRight(s: EditorState): EditorState {
  return { ...s, cursor: wordEndAfter(s.text, s.cursor) };
}

export function isOnFirstLine(s: EditorState): boolean {
  return s.text.lastIndexOf('\n', s.cursor - 1) === -1;
}

export function isOnLastLine(s: EditorState): boolean {
  return s.text.indexOf('\n', s.cursor) === -1;
}

/** Up within a multi-line text, keeping the column where the line allows it. */
export function moveUp(s: EditorState): EditorState {
  const start = lineStartOf(s.text, s.cursor);
  if (start === 0) return s;
  const column = s.cursor - start;
  const prevStart = lineStartOf(s.text, start - 1);
  return { ...s, cursor: Math.min(prevStart + column, start - 1) };
}

export function moveDown(s: EditorState): EditorState {
  const end = lineEndOf(s.text, s.cursor);
  if (end === s.text.length) return s;
  const column = s.cursor - lineStartOf(s.text, s.cursor);
  const nextEnd = lineEndOf(s.text, end + 1);
  return { ...s, cursor: Math.min(end + 1 + column, nextEnd) };
}

/** The token ending at the cursor (no whitespace inside), and where it starts. */
export function tokenBeforeCursor(s: EditorState): { token: string; start: number } {
  let i = s.cursor;
  while (i > 0 && !/\s/.test(s.text[i - 1]!)) i--;
  return { token: s.text.slice(i, s.cursor), start: i };
}

/** Replace text[start, cursor) with `replacement`, cursor after it. */
export function replaceBeforeCursor(s: EditorState, start: number, replacement: string): EditorState {
  return { text: s.text.slice(0, start) + replacement + s.text.slice(s.cursor), cursor: start + replacement.length };
}

/**
 * Text as the input keeps it. Terminals send CR for Enter and for newlines
 * inside a paste; tabs would misalign the box; any other control character
 * would be invisible in the box and reach the model, so it is dropped.
 */
export function normalizePastedText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').replace(/[\x00-\x09\x0b-\x1f\x7f]/g, '');
}
