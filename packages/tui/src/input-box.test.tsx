import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { CommandRegistry } from '@lug/core';
import { InputBox, inputBoxHeight } from './input-box.js';
import { InputStore } from './input-store.js';
import { PromptHistory } from './history.js';
import { KEY, plain, settle } from './test-support/ink.js';

afterEach(() => cleanup());

function setup(opts: { history?: PromptHistory; commands?: CommandRegistry; files?: string[]; width?: number; maxLines?: number } = {}) {
  const sent: string[] = [];
  const store = new InputStore({
    history: opts.history ?? new PromptHistory(undefined),
    commands: opts.commands,
    listFiles: opts.files ? async () => opts.files! : undefined,
    cwd: '/project',
  });
  const ui = render(<InputBox store={store} width={opts.width} maxLines={opts.maxLines} onSubmit={(t) => sent.push(t)} />);
  const type = async (...chunks: string[]) => {
    for (const c of chunks) {
      ui.stdin.write(c);
      await settle(1);
    }
  };
  return { ...ui, store, sent, type };
}

describe('InputBox editing', () => {
  it('echoes typed text and sends it on Enter', async () => {
    const t = setup();
    await t.type('h', 'e', 'l', 'l', 'o');
    expect(plain(t.lastFrame())).toContain('› hello');
    await t.type(KEY.enter);
    expect(t.sent).toEqual(['hello']);
    expect(t.store.text).toBe('');
  });

  it('does not send an empty or blank prompt', async () => {
    const t = setup();
    await t.type('  ', KEY.enter);
    expect(t.sent).toEqual([]);
  });

  it('moves to the line start with Ctrl-A without inserting a letter, and to the end with Ctrl-E', async () => {
    const t = setup();
    await t.type('world', KEY.ctrl('a'), 'hello ');
    expect(t.store.text).toBe('hello world');
    await t.type(KEY.ctrl('e'), '!');
    expect(t.store.text).toBe('hello world!');
  });

  it('kills to the end with Ctrl-K and to the start with Ctrl-U', async () => {
    const t = setup();
    await t.type('one two three', KEY.left, KEY.left, KEY.left, KEY.left, KEY.left, KEY.ctrl('k'));
    expect(t.store.text).toBe('one two ');
    await t.type(KEY.left, KEY.ctrl('u'));
    expect(t.store.getSnapshot().editor).toEqual({ text: ' ', cursor: 0 });
  });

  it('deletes the word before the cursor with Ctrl-W', async () => {
    const t = setup();
    await t.type('git commit -m', KEY.ctrl('w'));
    expect(t.store.text).toBe('git commit ');
    await t.type(KEY.ctrl('w'));
    expect(t.store.text).toBe('git ');
  });

  it('moves by words with Alt-B and Alt-F, and Ctrl-Left and Ctrl-Right', async () => {
    const t = setup();
    await t.type('one two three', '\x1bb', 'X');
    expect(t.store.text).toBe('one two Xthree');
    await t.type('\x1b[1;5D', '\x1b[1;5D', 'Y', '\x1b[1;5C', 'Z');
    expect(t.store.text).toBe('one YtwoZ Xthree');
    await t.type(KEY.ctrl('a'), '\x1bf', '!');
    expect(t.store.text).toBe('one! YtwoZ Xthree');
  });

  it('deletes the word before the cursor with Alt-Backspace and the character under it with Ctrl-D', async () => {
    const t = setup();
    await t.type('alpha beta', '\x1b\x7f');
    expect(t.store.text).toBe('alpha ');
    await t.type(KEY.ctrl('a'), KEY.ctrl('d'));
    expect(t.store.text).toBe('lpha ');
  });

  it('erases backwards with Backspace', async () => {
    const t = setup();
    await t.type('abc', KEY.backspace);
    expect(t.store.text).toBe('ab');
  });

  it('inserts a newline with a backslash before Enter, Shift-Enter or Alt-Enter', async () => {
    const t = setup();
    await t.type('first\\', KEY.enter, 'second', KEY.shiftEnter, 'third', KEY.metaEnter, 'fourth');
    expect(t.store.text).toBe('first\nsecond\nthird\nfourth');
    expect(t.sent).toEqual([]);
    const frame = plain(t.lastFrame());
    expect(frame).toContain('› first');
    expect(frame).toContain('  fourth');
    await t.type(KEY.enter);
    expect(t.sent).toEqual(['first\nsecond\nthird\nfourth']);
  });

  it('moves between lines of a multi-line text with Up and Down', async () => {
    const t = setup();
    await t.type('abc', KEY.shiftEnter, 'de', KEY.up);
    expect(t.store.getSnapshot().editor.cursor).toBe(2);
    await t.type('X', KEY.down);
    expect(t.store.getSnapshot().editor).toEqual({ text: 'abXc\nde', cursor: 7 });
  });
});

describe('InputBox paste', () => {
  it('keeps a bracketed paste whole, newlines included, without sending it', async () => {
    const t = setup();
    const big = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\r');
    await t.type(KEY.paste(big));
    expect(t.sent).toEqual([]);
    expect(t.store.text.split('\n')).toHaveLength(200);
    expect(t.store.text.startsWith('line 0\nline 1\n')).toBe(true);
    expect(plain(t.lastFrame())).toContain('more');
  });

  it('wraps a 3,000-character paste into rows: the marker on the first, two spaces before every other', async () => {
    const t = setup({ width: 40, maxLines: 200 });
    const text = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ').slice(0, 3000);
    await t.type(KEY.paste(text));
    const rows = plain(t.lastFrame()).split('\n');
    expect(rows[0]).toMatch(/^› w0 w1 w2/);
    expect(rows.length).toBeGreaterThan(3000 / 40);
    for (const row of rows.slice(1)) expect(row).toMatch(/^ {2}\S/);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(40);
    // The rows hold the text, in order, each character once (each row broken at a space, which ends the row).
    expect(rows.map((r) => r.slice(2).trimEnd()).join(' ')).toBe(text);
  });

  it('scrolls a long text by rows to keep the cursor in view, saying how many rows are hidden', async () => {
    const t = setup({ width: 30, maxLines: 4 });
    await t.type(KEY.paste('a'.repeat(270)));
    const rows = plain(t.lastFrame()).split('\n');
    expect(rows[0]).toBe('  ↑ 6 more rows');
    expect(rows.slice(1)).toHaveLength(4);
    expect(inputBoxHeight(t.store, 4, 30)).toBe(4 + 1 + 2);
  });

  it('keeps a paste split over several chunks whole', async () => {
    const t = setup();
    await t.type('\x1b[200~part one\r', 'part two\r', 'part three\x1b[201~');
    expect(t.store.text).toBe('part one\npart two\npart three');
    expect(t.sent).toEqual([]);
  });

  it('sends keys typed ahead in one chunk, text then Enter, as typed', async () => {
    const t = setup();
    await t.type('hello\r');
    expect(t.sent).toEqual(['hello']);
    expect(t.store.text).toBe('');
  });

  it('treats a chunk of text with CRs (paste without bracketing) as text, not as Enter', async () => {
    const t = setup();
    await t.type('a\rb');
    expect(t.store.text).toBe('a\nb');
    expect(t.sent).toEqual([]);
  });
});

describe('InputBox history', () => {
  it('recalls earlier prompts with Up and returns to the draft with Down', async () => {
    const t = setup();
    await t.type('first', KEY.enter, 'second', KEY.enter, 'draft', KEY.up);
    expect(t.store.text).toBe('second');
    await t.type(KEY.up);
    expect(t.store.text).toBe('first');
    await t.type(KEY.up);
    expect(t.store.text).toBe('first');
    await t.type(KEY.down, KEY.down);
    expect(t.store.text).toBe('draft');
  });

  it('keeps history across sessions in the state directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-history-'));
    const file = path.join(dir, 'history');
    const a = setup({ history: new PromptHistory(file) });
    await a.type('remember me', KEY.enter, 'two\\', KEY.enter, 'lines', KEY.enter);
    await new Promise((r) => setTimeout(r, 50));
    a.unmount();
    const b = setup({ history: new PromptHistory(file) });
    await b.type(KEY.up);
    expect(b.store.text).toBe('two\nlines');
    await b.type(KEY.up);
    expect(b.store.text).toBe('remember me');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('InputBox completion', () => {
  function commands() {
    const registry = new CommandRegistry();
    for (const name of ['help', 'history-clear', 'history-show', 'approvals', 'auto']) {
      registry.register({ name, desc: `the ${name} command`, source: 'tui', run() {}, complete: name === 'help' ? (a) => ['keys', 'tools'].filter((t) => t.startsWith(a)) : undefined });
    }
    return registry;
  }

  it('lists matching :commands with their descriptions and completes with Tab', async () => {
    const t = setup({ commands: commands() });
    await t.type(':a');
    const frame = plain(t.lastFrame());
    expect(frame).toContain(':approvals');
    expect(frame).toContain(':auto');
    expect(frame).not.toContain(':help');
    await t.type('u', KEY.tab);
    expect(t.store.text).toBe(':auto ');
  });

  it('completes the shared prefix first when several commands match', async () => {
    const t = setup({ commands: commands() });
    await t.type(':hi', KEY.tab);
    expect(t.store.text).toBe(':history-');
    await t.type(KEY.tab);
    expect(t.store.text).toBe(':history-clear ');
  });

  it('completes a command argument from the command itself', async () => {
    const t = setup({ commands: commands() });
    await t.type(':help k', KEY.tab);
    expect(t.store.text).toBe(':help keys');
  });

  it('chooses a candidate with Down and closes the menu with Esc', async () => {
    const t = setup({ commands: commands() });
    await t.type(':a', KEY.down, KEY.tab);
    expect(t.store.text).toBe(':auto ');
    await t.type(KEY.ctrl('u'), ':a', KEY.esc);
    expect(t.store.getSnapshot().menu).toBeUndefined();
  });

  it('completes @paths from the file list, directories included', async () => {
    const t = setup({ files: ['src/index.ts', 'src/app.tsx', 'README.md'] });
    await t.type('look at @');
    await t.store.filesReady();
    await t.type('app');
    expect(plain(t.lastFrame())).toContain('src/app.tsx');
    await t.type(KEY.tab);
    expect(t.store.text).toBe('look at @src/app.tsx ');
    await t.type('and @sr', KEY.tab);
    expect(t.store.text).toBe('look at @src/app.tsx and @src/');
  });
});
