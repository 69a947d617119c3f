/**
 * The state behind the input box: the text being written, history, the
 * completion menu (the `@` file list in project-files.ts) and bracketed paste. Kept outside React so a key press
 * re-renders the input alone (not the transcript) and the app can clear the
 * input on Ctrl-C without owning its state.
 */
import { hasControlCharacters, type CommandRegistry } from '@lug/core';
import type { Key } from 'ink';
import {
  backspace,
  deleteForward,
  deleteWordBack,
  editorOf,
  emptyEditor,
  insertText,
  isOnFirstLine,
  isOnLastLine,
  killToLineEnd,
  killToLineStart,
  moveDown,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveUp,
  moveWordLeft,
  moveWordRight,
  normalizePastedText,
  replaceBeforeCursor,
  type EditorState,
} from './editor.js';
import { commonPrefix, completeCommandLine, type Completions } from './completion.js';
import type { PromptHistory } from './history.js';
import type { FileLister } from './contracts.js';
import { ProjectFiles } from './project-files.js';
import { ViMachine, type ViKey, type ViMode } from './vi-mode.js';

export interface InputSnapshot {
  editor: EditorState;
  /** The completion menu, when open. */
  menu: (Completions & { selected: number }) | undefined;
  /** True between the start and end of a bracketed paste. */
  pasting: boolean;
  /** With `lug.opt.input = "vi"`: the mode, and a normal-mode command being typed ("2d"). */
  vi?: { mode: ViMode; pending: string };
}

/** What a key did: sent the text, was used, or was not for the input (the app may use it). */
export type InputKeyResult = { kind: 'submit'; text: string } | { kind: 'handled' } | { kind: 'unhandled' };

export interface InputStoreOptions {
  history: PromptHistory;
  commands?: CommandRegistry;
  listFiles?: FileLister;
  cwd?: string;
  /** How long a file list is reused before `@` walks the tree again. */
  fileListTtlMs?: number;
  /** Whether the input is in vi mode (`lug.opt.input`), asked at each key. */
  viMode?: () => boolean;
  /** True while the input being handled is not a key (a focus report): it is skipped. */
  notAKey?: () => boolean;
}

const PASTE_START = '[200~';
const PASTE_END = '[201~';

/** Whether ink's input is the start or end of a bracketed paste. */
export const isPasteMarker = (input: string) => input === PASTE_START || input === PASTE_END;

export class InputStore {
  private snapshot: InputSnapshot = { editor: emptyEditor, menu: undefined, pasting: false };
  private listeners = new Set<() => void>();
  private pasteBuffer = '';
  /** The project's files for `@` completion, when the input has a lister. */
  private readonly files: ProjectFiles | undefined;
  private menuClosedFor: string | undefined;
  /** The text shown is a history entry, unedited: Up and Down keep walking history. */
  private browsing = false;
  /** Vi mode's state, made the first time vi mode is on. */
  private vi: ViMachine | undefined;

  constructor(private readonly opts: InputStoreOptions) {
    const { listFiles } = opts;
    this.files = listFiles && new ProjectFiles({ listFiles, cwd: opts.cwd, ttlMs: opts.fileListTtlMs, onListed: () => this.refreshMenu() });
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  getSnapshot = (): InputSnapshot => this.snapshot;

  get text(): string {
    return this.snapshot.editor.text;
  }

  isEmpty(): boolean {
    return this.snapshot.editor.text.length === 0;
  }

  /** The history read and its directory made, before the first prompt is sent (PromptHistory.prepare). */
  prepareHistory(): void {
    this.opts.history.prepare();
  }

  clear(): void {
    this.opts.history.reset();
    this.browsing = false;
    this.set({ editor: emptyEditor, menu: undefined });
  }

  setText(text: string): void {
    this.vi?.reset();
    this.set({ editor: editorOf(text), ...this.viSnapshot() });
    this.refreshMenu();
  }

  /** The vi machine when vi mode is on (made on first use), else undefined. */
  private viMachine(): ViMachine | undefined {
    if (!this.opts.viMode?.()) return (this.vi = undefined);
    return (this.vi ??= new ViMachine());
  }

  /** Vi mode's mode now (insert or normal), or undefined when the input is not in vi mode. */
  viMode(): ViMode | undefined {
    return this.viMachine()?.mode;
  }

  private viSnapshot(): Pick<InputSnapshot, 'vi'> {
    return { vi: this.vi ? { mode: this.vi.mode, pending: this.vi.pendingKeys } : undefined };
  }

  private set(patch: Partial<InputSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const fn of this.listeners) fn();
  }

  private edit(editor: EditorState): void {
    this.opts.history.reset();
    this.browsing = false;
    this.set({ editor });
    this.refreshMenu();
  }

  /** Recompute the completion menu for the text before the cursor. */
  private refreshMenu(): void {
    const editor = this.snapshot.editor;
    let completions: Completions | undefined;
    if (this.opts.commands) completions = completeCommandLine(editor, this.opts.commands);
    if (!completions) completions = this.files?.completions(editor);
    if (completions) completions = offerable(completions);
    const key = completions ? `${completions.start}:${editor.text.slice(completions.start, editor.cursor)}` : undefined;
    if (!completions || completions.items.length === 0 || key === this.menuClosedFor) {
      if (this.snapshot.menu) this.set({ menu: undefined });
      return;
    }
    this.menuClosedFor = undefined;
    this.set({ menu: { ...completions, selected: 0 } });
  }

  /** Resolves once a file listing in flight (if any) has finished: for tests. */
  async filesReady(): Promise<void> {
    await this.files?.ready();
  }

  private acceptCompletion(): boolean {
    const menu = this.snapshot.menu;
    if (!menu) return false;
    const editor = this.snapshot.editor;
    const typed = editor.text.slice(menu.start, editor.cursor);
    const prefix = commonPrefix(menu.items);
    // Several candidates sharing more than what is typed: complete the shared part first, like a shell.
    const item = menu.items.length > 1 && prefix.length > typed.length ? undefined : menu.items[menu.selected];
    const replacement = item ? item.replacement : prefix;
    const isCommandName = menu.start === 0 && replacement.startsWith(':') && !/\s/.test(typed);
    const trailing = item && (isCommandName || (replacement.startsWith('@') && !replacement.endsWith('/'))) ? ' ' : '';
    this.edit(replaceBeforeCursor(editor, menu.start, replacement + trailing));
    return true;
  }

  private moveMenu(delta: number): void {
    const menu = this.snapshot.menu!;
    const n = menu.items.length;
    this.set({ menu: { ...menu, selected: (menu.selected + delta + n) % n } });
  }

  private closeMenu(): void {
    const menu = this.snapshot.menu;
    if (!menu) return;
    const editor = this.snapshot.editor;
    this.menuClosedFor = `${menu.start}:${editor.text.slice(menu.start, editor.cursor)}`;
    this.set({ menu: undefined });
  }

  private historyStep(direction: -1 | 1): void {
    const history = this.opts.history;
    const entry = direction < 0 ? history.previous(this.snapshot.editor.text) : history.next();
    if (entry === undefined) return;
    this.browsing = true;
    this.set({ editor: editorOf(entry), menu: undefined });
  }

  private submit(): InputKeyResult {
    const text = this.snapshot.editor.text;
    if (!text.trim()) return { kind: 'handled' };
    this.opts.history.add(text);
    this.menuClosedFor = undefined;
    this.browsing = false;
    this.vi?.reset();
    this.set({ editor: emptyEditor, menu: undefined, ...this.viSnapshot() });
    return { kind: 'submit', text };
  }

  /** Bracketed paste: keep everything between the markers as one insertion, newlines and all. */
  private handlePaste(input: string, key: Key): boolean {
    if (input === PASTE_START) {
      this.pasteBuffer = '';
      this.set({ pasting: true });
      return true;
    }
    if (!this.snapshot.pasting) return false;
    if (input === PASTE_END) {
      const text = normalizePastedText(this.pasteBuffer);
      this.pasteBuffer = '';
      this.set({ pasting: false });
      this.edit(insertText(this.snapshot.editor, text));
      return true;
    }
    if (key.return) this.pasteBuffer += '\n';
    else if (key.tab) this.pasteBuffer += '\t';
    // A control character in a paste (ink names it by its letter) is not text.
    else if (!key.ctrl) this.pasteBuffer += input;
    return true;
  }

  handleKey(input: string, key: Key): InputKeyResult {
    if (this.opts.notAKey?.() && !this.snapshot.pasting) return { kind: 'handled' };
    if (this.handlePaste(input, key)) return { kind: 'handled' };
    const vi = this.viMachine();
    if (vi) {
      const result = this.viKey(vi, input, key);
      if (result) return result;
    }
    return this.editKey(input, key);
  }

  /**
   * Vi mode's part of a key: normal mode's commands, and Esc from insert mode.
   * Undefined leaves the key to the ordinary editing (insert mode's keys, and
   * in normal mode Enter, the arrows and control keys).
   */
  private viKey(vi: ViMachine, input: string, key: Key): InputKeyResult | undefined {
    if (vi.mode === 'insert') {
      if (key.escape && !this.snapshot.menu) {
        this.set({ editor: vi.leaveInsert(this.snapshot.editor, { input, key }), ...this.viSnapshot() });
        return { kind: 'handled' };
      }
      vi.insertKey({ input, key });
      return undefined;
    }
    if (key.return || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.tab || key.home || key.end) return undefined;
    if (key.escape) {
      if (vi.pendingKeys) {
        vi.normalKey(this.snapshot.editor, { input: '\x1b', key }); // an unknown key: drops the command typed so far
        this.set(this.viSnapshot());
        return { kind: 'handled' };
      }
      return undefined;
    }
    if (key.ctrl && input !== 'r') return undefined;
    if (key.backspace || key.delete) return this.viChars(vi, 'h', key);
    // Keys typed ahead arrive as one chunk ("ciw"): one command character at a time.
    return this.viChars(vi, input, key);
  }

  private viChars(vi: ViMachine, input: string, key: Key): InputKeyResult {
    const chars = key.ctrl ? [input] : Array.from(input);
    for (let n = 0; n < chars.length; n++) {
      if (vi.mode === 'insert') {
        // A command in the chunk started insert mode ("cwnew"): the rest is typed text.
        const rest = chars.slice(n).join('');
        return this.handleKey(rest, { ...key, ctrl: false });
      }
      const outcome = vi.normalKey(this.snapshot.editor, { input: chars[n]!, key: key.ctrl ? key : { ...key, ctrl: false } });
      if (outcome.kind === 'done') this.edit(outcome.editor);
      else if (outcome.kind === 'history') this.historyStep(outcome.direction);
      else if (outcome.kind === 'replay') for (const k of outcome.keys) this.handleKey(k.input, k.key);
      this.set(this.viSnapshot());
    }
    return { kind: 'handled' };
  }

  private editKey(input: string, key: Key): InputKeyResult {
    const s = this.snapshot.editor;
    const menu = this.snapshot.menu;

    if (key.return) {
      if (key.shift || key.meta) return this.handled(insertText(s, '\n'));
      if (s.text[s.cursor - 1] === '\\') return this.handled(insertText(backspace(s), '\n'));
      return this.submit();
    }
    if (key.tab && !key.shift) {
      if (menu) this.acceptCompletion();
      return { kind: 'handled' };
    }
    if (key.escape) {
      if (menu) {
        this.closeMenu();
        return { kind: 'handled' };
      }
      return { kind: 'unhandled' };
    }
    if (key.upArrow) {
      if (menu) this.moveMenu(-1);
      else if (this.browsing || isOnFirstLine(s)) this.historyStep(-1);
      else this.set({ editor: moveUp(s) });
      return { kind: 'handled' };
    }
    if (key.downArrow) {
      if (menu) this.moveMenu(1);
      else if (this.browsing || isOnLastLine(s)) this.historyStep(1);
      else this.set({ editor: moveDown(s) });
      return { kind: 'handled' };
    }
    if (key.leftArrow) return this.moved(key.ctrl || key.meta ? moveWordLeft(s) : moveLeft(s));
    if (key.rightArrow) return this.moved(key.ctrl || key.meta ? moveWordRight(s) : moveRight(s));
    if (key.home) return this.moved(moveLineStart(s));
    if (key.end) return this.moved(moveLineEnd(s));
    // ink reports the Backspace key (DEL, 0x7f) as `delete`, exactly like the Delete key: both erase backwards.
    if (key.backspace || key.delete) return this.handled(key.meta ? deleteWordBack(s) : backspace(s));
    if (key.ctrl) return this.ctrlKey(input, s);
    if (key.meta) {
      if (input === 'b') return this.moved(moveWordLeft(s));
      if (input === 'f') return this.moved(moveWordRight(s));
      return { kind: 'unhandled' };
    }
    if (!input) return { kind: 'unhandled' };
    // Keys typed ahead (a slow machine, tmux send-keys) arrive as one chunk: text then Enter.
    // A single trailing CR is that Enter; CRs inside the chunk mean a paste without bracketing.
    if (input.length > 1 && input.endsWith('\r') && !input.slice(0, -1).includes('\r')) {
      this.edit(insertText(s, input.slice(0, -1)));
      return this.submit();
    }
    // Without bracketed paste a paste arrives as one chunk of text, with CR between lines.
    // Either way, no control character is inserted (normalizePastedText drops them).
    const text = normalizePastedText(input);
    return text ? this.handled(insertText(s, text)) : { kind: 'handled' };
  }

  private ctrlKey(input: string, s: EditorState): InputKeyResult {
    switch (input) {
      case 'a':
        return this.moved(moveLineStart(s));
      case 'e':
        return this.moved(moveLineEnd(s));
      case 'k':
        return this.handled(killToLineEnd(s));
      case 'u':
        return this.handled(killToLineStart(s));
      case 'w':
        return this.handled(deleteWordBack(s));
      case 'b':
        return this.moved(moveLeft(s));
      case 'f':
        return this.moved(moveRight(s));
      case 'd':
        return this.handled(deleteForward(s));
      case 'h':
        return this.handled(backspace(s));
      case 'j':
        return this.handled(insertText(s, '\n'));
      default:
        return { kind: 'unhandled' };
    }
  }

  private handled(editor: EditorState): InputKeyResult {
    this.edit(editor);
    return { kind: 'handled' };
  }

  private moved(editor: EditorState): InputKeyResult {
    this.browsing = false;
    this.set({ editor });
    this.refreshMenu();
    return { kind: 'handled' };
  }
}

/**
 * The completions the menu may show: none whose text holds a control character. The menu writes its items to the
 * terminal as they are, and ink passes an OSC sequence (a window title, OSC 52's clipboard write); a newline would
 * break the menu's rows and the token it puts in the input. The items come from anyone: a project's file names, a
 * Lua command's or an MCP server's completions.
 */
function offerable(completions: Completions): Completions {
  return { ...completions, items: completions.items.filter((i) => !hasControlCharacters(i.label) && !hasControlCharacters(i.replacement)) };
}
