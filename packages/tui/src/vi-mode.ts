/**
 * The input's vi mode (`lug.opt.input = "vi"`): normal mode's commands over
 * the editor state. Insert mode is the input's ordinary editing, which the
 * store does; this machine takes the keys typed in normal mode, and is told
 * when insert mode starts and ends, so that an insertion is one change for
 * `u` and for `.`.
 *
 * Normal mode: counts; motions h l w b e 0 ^ $ f t F T, j k; operators d c y
 * with a motion, a text object (iw aw) or doubled (dd cc yy); x X p P D C s S;
 * i a I A o O; u and Ctrl-R; `.` repeats the last change.
 */
import type { Key } from 'ink';
import { editorOf, lineEndOf, lineStartOf, type EditorState } from './editor.js';
import { findOnLine, lastCharOfLine, lineRange, motion, wordObject, type MotionResult } from './vi-motions.js';

export type ViMode = 'insert' | 'normal';

export interface ViKey {
  input: string;
  key: Key;
}

/** What a normal-mode key did. */
export type ViOutcome =
  | { kind: 'pending' }
  | { kind: 'done'; editor: EditorState }
  /** j or k past the text's first or last line: walk the history. */
  | { kind: 'history'; direction: -1 | 1 }
  /** `.`: these keys again, through the whole input (insert mode's keys included). */
  | { kind: 'replay'; keys: ViKey[] }
  | { kind: 'invalid' };

const MOTIONS = new Set(['h', 'l', 'w', 'b', 'e', '0', '^', '$']);
const FINDS = new Set(['f', 't', 'F', 'T']);
const OPERATORS = new Set(['d', 'c', 'y']);
const UNDO_LIMIT = 200;

type Register = { text: string; linewise: boolean };

/** Normal mode's cursor stands on a character, never past the line's last one. */
function onChar(s: EditorState): EditorState {
  const last = lastCharOfLine(s.text, s.cursor);
  return s.cursor > last ? { ...s, cursor: last } : s;
}

function firstNonBlank(text: string, i: number): number {
  const end = lineEndOf(text, i);
  let j = lineStartOf(text, i);
  while (j < end && /[ \t]/.test(text[j]!)) j++;
  return j;
}

export class ViMachine {
  mode: ViMode = 'insert';
  private keys: ViKey[] = [];
  private register: Register = { text: '', linewise: false };
  private undo: EditorState[] = [];
  private redo: EditorState[] = [];
  /** Where the insertion began: the state before the command that started it. */
  private insertFrom: EditorState | undefined;
  /** The change being made (its keys, insert mode's too), and the last one made, for `.`. */
  private recording: ViKey[] | undefined;
  private lastChange: ViKey[] | undefined;

  /** Back to a fresh prompt (sent, or replaced from history): insert mode, nothing to undo. */
  reset(): void {
    this.mode = 'insert';
    this.keys = [];
    this.undo = [];
    this.redo = [];
    this.insertFrom = undefined;
    this.recording = undefined;
  }

  /** The command typed so far in normal mode ("2d"), for the status line. */
  get pendingKeys(): string {
    return this.keys.map((k) => k.input).join('');
  }

  /** A key typed in insert mode, for `.` to replay with the change that started the insertion. */
  insertKey(k: ViKey): void {
    this.recording?.push(k);
  }

  /** Esc in insert mode: normal mode, the cursor one left, the insertion one change. */
  leaveInsert(s: EditorState, esc: ViKey): EditorState {
    this.mode = 'normal';
    if (this.recording) {
      this.recording.push(esc);
      this.lastChange = this.recording;
      this.recording = undefined;
    }
    const from = this.insertFrom ?? s;
    this.insertFrom = undefined;
    if (from.text !== s.text) this.pushUndo(from);
    const left = s.cursor > lineStartOf(s.text, s.cursor) ? s.cursor - 1 : s.cursor;
    return onChar({ ...s, cursor: left });
  }

  /** Insert mode from the state before the command (`before`), at `editor`. */
  private startInsert(before: EditorState, editor: EditorState): ViOutcome {
    this.mode = 'insert';
    this.insertFrom = before;
    return { kind: 'done', editor };
  }

  private pushUndo(s: EditorState): void {
    this.undo.push(s);
    if (this.undo.length > UNDO_LIMIT) this.undo.shift();
    this.redo = [];
  }

  /** A finished command's result: a change that stays in normal mode is one undo step and the last change. */
  private changed(before: EditorState, after: EditorState, keys: ViKey[]): ViOutcome {
    if (after.text !== before.text) {
      this.pushUndo(before);
      this.lastChange = keys;
    }
    return { kind: 'done', editor: onChar(after) };
  }

  /** A key in normal mode. Multi-character chunks (keys typed ahead) are taken one character at a time by the caller. */
  normalKey(s: EditorState, k: ViKey): ViOutcome {
    if (k.key.ctrl && k.input === 'r') {
      this.keys = [];
      return this.undoStep(s, this.redo, this.undo);
    }
    this.keys.push(k);
    const chars = this.keys.map((x) => x.input);
    const outcome = this.run(s, chars);
    if (outcome.kind !== 'pending') this.keys = [];
    return outcome;
  }

  private undoStep(s: EditorState, from: EditorState[], to: EditorState[]): ViOutcome {
    const previous = from.pop();
    if (!previous) return { kind: 'done', editor: s };
    to.push(s);
    return { kind: 'done', editor: onChar(editorOf(previous.text, Math.min(previous.cursor, previous.text.length))) };
  }

  private run(s: EditorState, chars: string[]): ViOutcome {
    let i = 0;
    let countText = '';
    while (i < chars.length && /[0-9]/.test(chars[i]!) && !(chars[i] === '0' && countText === '')) countText += chars[i++];
    if (i === chars.length) return { kind: 'pending' };
    const count = countText ? Number(countText) : 1;
    const key = chars[i]!;
    const rest = chars.slice(i + 1);
    const keys = [...this.keys];
    const { text, cursor } = s;

    if (OPERATORS.has(key)) return this.operator(s, key, count, rest, keys);
    if (FINDS.has(key)) {
      if (rest.length === 0) return { kind: 'pending' };
      const found = findOnLine(text, cursor, rest[0]!, key as 'f', count);
      return found ? { kind: 'done', editor: onChar({ ...s, cursor: found.target }) } : { kind: 'done', editor: s };
    }
    if (MOTIONS.has(key)) {
      const m = motion(text, cursor, key, count)!;
      return { kind: 'done', editor: onChar({ ...s, cursor: m.target }) };
    }
    return this.command(s, key, count, keys);
  }

  /** A command that is no motion nor operator: j k, x X, p P, the operators' shorthands (D C s S), i a I A o O, u and `.`. */
  private command(s: EditorState, key: string, count: number, keys: ViKey[]): ViOutcome {
    switch (key) {
      case 'j':
      case 'k':
        return this.lineMove(s, key === 'j' ? 1 : -1, count);
      case 'x':
      case 'X':
        return this.deleteChars(s, key === 'x', count, keys);
      case 'p':
      case 'P':
        return this.changed(s, this.put(s, key === 'p', count), keys);
      case 'D':
        return this.operator(s, 'd', count, ['$'], keys);
      case 'C':
        return this.operator(s, 'c', count, ['$'], keys);
      case 's':
        return this.operator(s, 'c', count, ['l'], keys);
      case 'S':
        return this.operator(s, 'c', count, ['c'], keys);
      case 'i':
      case 'a':
      case 'I':
      case 'A':
      case 'o':
      case 'O':
        this.recording = keys;
        return this.startInsert(s, this.insertAt(s, key));
      case 'u': {
        let out: ViOutcome = { kind: 'done', editor: s };
        for (let n = 0; n < count; n++) out = this.undoStep(out.kind === 'done' ? out.editor : s, this.undo, this.redo);
        return out;
      }
      case '.':
        return this.lastChange ? { kind: 'replay', keys: this.lastChange } : { kind: 'done', editor: s };
      default:
        return { kind: 'invalid' };
    }
  }

  /** x (under and after the cursor) or X (before it): `count` characters of the cursor's line, into the register. */
  private deleteChars(s: EditorState, forward: boolean, count: number, keys: ViKey[]): ViOutcome {
    const { text, cursor } = s;
    const start = lineStartOf(text, cursor);
    const end = lineEndOf(text, cursor);
    const [from, to] = forward ? [cursor, Math.min(end, cursor + count)] : [Math.max(start, cursor - count), cursor];
    if (from === to) return { kind: 'done', editor: s };
    this.register = { text: text.slice(from, to), linewise: false };
    return this.changed(s, { text: text.slice(0, from) + text.slice(to), cursor: from }, keys);
  }

  private lineMove(s: EditorState, direction: 1 | -1, count: number): ViOutcome {
    const { text } = s;
    let at = s.cursor;
    const column = at - lineStartOf(text, at);
    for (let n = 0; n < count; n++) {
      if (direction === 1) {
        const end = lineEndOf(text, at);
        if (end >= text.length) return n === 0 ? { kind: 'history', direction: 1 } : { kind: 'done', editor: onChar({ ...s, cursor: at }) };
        at = end + 1;
      } else {
        const start = lineStartOf(text, at);
        if (start === 0) return n === 0 ? { kind: 'history', direction: -1 } : { kind: 'done', editor: onChar({ ...s, cursor: at }) };
        at = lineStartOf(text, start - 1);
      }
    }
    const target = Math.min(lineStartOf(text, at) + column, lastCharOfLine(text, at));
    return { kind: 'done', editor: onChar({ ...s, cursor: target }) };
  }

  private insertAt(s: EditorState, key: string): EditorState {
    const { text, cursor } = s;
    const end = lineEndOf(text, cursor);
    const start = lineStartOf(text, cursor);
    switch (key) {
      case 'a':
        return { ...s, cursor: Math.min(end, cursor + 1) };
      case 'I':
        return { ...s, cursor: firstNonBlank(text, cursor) };
      case 'A':
        return { ...s, cursor: end };
      case 'o':
        return { text: `${text.slice(0, end)}\n${text.slice(end)}`, cursor: end + 1 };
      case 'O':
        return { text: `${text.slice(0, start)}\n${text.slice(start)}`, cursor: start };
      default:
        return s;
    }
  }

  private put(s: EditorState, after: boolean, count: number): EditorState {
    const { text, cursor } = s;
    const reg = this.register;
    if (!reg.text) return s;
    if (reg.linewise) {
      const block = Array.from({ length: count }, () => reg.text).join('\n');
      if (after) {
        const end = lineEndOf(text, cursor);
        return { text: `${text.slice(0, end)}\n${block}${text.slice(end)}`, cursor: end + 1 };
      }
      const start = lineStartOf(text, cursor);
      return { text: `${text.slice(0, start)}${block}\n${text.slice(start)}`, cursor: start };
    }
    const piece = reg.text.repeat(count);
    const at = after && cursor < lineEndOf(text, cursor) ? cursor + 1 : cursor;
    return { text: text.slice(0, at) + piece + text.slice(at), cursor: at + piece.length - 1 };
  }

  /** d c y: with a motion (counts multiply), a text object, or doubled for whole lines. */
  private operator(s: EditorState, op: string, count: number, rest: string[], keys: ViKey[]): ViOutcome {
    const { text, cursor } = s;
    let j = 0;
    let countText = '';
    while (j < rest.length && /[0-9]/.test(rest[j]!) && !(rest[j] === '0' && countText === '')) countText += rest[j++];
    if (j === rest.length) return { kind: 'pending' };
    const n = count * (countText ? Number(countText) : 1);
    const key = rest[j]!;
    const arg = rest[j + 1];

    if (key === op) return this.lineOperator(s, op, n, keys);
    let range: { from: number; to: number } | undefined;
    if (key === 'i' || key === 'a') {
      if (arg === undefined) return { kind: 'pending' };
      if (arg !== 'w') return { kind: 'invalid' };
      range = wordObject(text, cursor, key === 'a');
    } else {
      let m: MotionResult | undefined;
      if (FINDS.has(key)) {
        if (arg === undefined) return { kind: 'pending' };
        m = findOnLine(text, cursor, arg, key as 'f', n);
        if (!m) return { kind: 'done', editor: s };
      } else if (MOTIONS.has(key)) {
        // cw on a word changes to its end, as ce does (Vim's own exception).
        const asEnd = op === 'c' && key === 'w' && /\S/.test(text[cursor] ?? '');
        m = motion(text, cursor, asEnd ? 'e' : key, n, true);
      } else return { kind: 'invalid' };
      const t = m!.target;
      range = t >= cursor ? { from: cursor, to: Math.min(text.length, t + (m!.inclusive ? 1 : 0)) } : { from: t, to: cursor };
    }
    const { from, to } = range;
    this.register = { text: text.slice(from, to), linewise: false };
    if (op === 'y') return { kind: 'done', editor: onChar({ ...s, cursor: from }) };
    const after = { text: text.slice(0, from) + text.slice(to), cursor: from };
    if (op === 'c') {
      this.recording = keys;
      return this.startInsert(s, after);
    }
    return this.changed(s, after, keys);
  }

  /** dd cc yy: `n` whole lines from the cursor's. */
  private lineOperator(s: EditorState, op: string, n: number, keys: ViKey[]): ViOutcome {
    const { text } = s;
    const { from, to } = lineRange(text, s.cursor, n);
    this.register = { text: text.slice(from, to), linewise: true };
    if (op === 'y') return { kind: 'done', editor: s };
    if (op === 'c') {
      this.recording = keys;
      return this.startInsert(s, { text: text.slice(0, from) + text.slice(to), cursor: from });
    }
    // The lines go with one newline: the one after them, or, for the last lines, the one before.
    const [cutFrom, cutTo] = to < text.length ? [from, to + 1] : [Math.max(0, from - 1), to];
    const rest = text.slice(0, cutFrom) + text.slice(cutTo);
    const at = Math.min(cutFrom, rest.length);
    return this.changed(s, { text: rest, cursor: firstNonBlank(rest, at === rest.length && at > 0 ? lineStartOf(rest, at) : at) }, keys);
  }
}
