/**
 * docs/keys.md (written with the interface) against the interface itself:
 * every key binding and :command the TUI registers when it starts, the
 * dialog's keys, and the keys the design promises everywhere.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Command, KeyBinding } from '@lug/core';
import { parseCliArgs } from '../args.js';
import { composeLug } from '../compose.js';
import { codeSpans, DOCS_DIR, readPage, section, tableRows } from './markdown.js';

/** Just enough of a terminal for ink: it says it is a TTY, and swallows output. */
class QuietTerminal extends EventEmitter {
  isTTY = true;
  columns = 100;
  rows = 30;
  write = (_chunk: unknown, ...rest: unknown[]) => {
    rest.find((r): r is () => void => typeof r === 'function')?.();
    return true;
  };
  setRawMode = () => this;
  setEncoding = () => this;
  read = () => null;
  resume = () => this;
  pause = () => this;
  ref = () => this;
  unref = () => this;
  cursorTo = () => true;
  moveCursor = () => true;
  clearLine = () => true;
  getColorDepth = () => 8;
  hasColors = () => true;
  end() {}
}

let keys: KeyBinding[] = [];
let commands: Command[] = [];

beforeAll(async () => {
  const home = mkdtempSync(join(tmpdir(), 'lug-keys-'));
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'), PATH: process.env.PATH };
  const lug = await composeLug({ cwd: home, env, args: parseCliArgs([]), interactive: true });
  const { startTui } = await import('@lug/tui');
  await startTui({
    host: lug.host,
    session: lug.session,
    approvals: lug.approvals,
    lua: lug.lua,
    store: lug.store,
    version: '0.0.0-docs',
    stateDir: join(home, 'state'),
    docsDir: DOCS_DIR,
    probe: false,
    stdin: new QuietTerminal() as unknown as NodeJS.ReadStream,
    stdout: new QuietTerminal() as unknown as NodeJS.WriteStream,
    onController(controller: { exit(): void }) {
      keys = lug.host.keys.list().filter((k) => k.source === 'tui');
      commands = lug.host.commands.list().filter((c) => c.source === 'tui');
      setTimeout(() => controller.exit(), 50);
    },
  } as never);
}, 30_000);

/** "<C-l>" → "Ctrl-L", "<S-Tab>" → "Shift-Tab", "<M-b>" → "Alt-B"; a plain key is itself. */
function spoken(notation: string): string {
  const m = /^<(.*)>$/.exec(notation);
  if (!m) return notation;
  const parts = m[1]!.split('-');
  const key = parts.pop()!;
  const mods = parts.map((p) => ({ C: 'Ctrl', S: 'Shift', M: 'Alt' })[p] ?? p);
  return [...mods, key.length === 1 ? key.toUpperCase() : key].join('-');
}

/** Every key named in the first column of the page's tables (or of one section's). */
function documentedKeys(markdown: string): Set<string> {
  return new Set(tableRows(markdown).flatMap((r) => codeSpans(r[0]!)));
}

describe('docs/keys.md', () => {
  const page = () => readPage('keys.md', 'the TUI helper (issue 6)');

  it('documents every key binding the interface registers', () => {
    expect(keys.map((k) => k.keys)).toEqual(expect.arrayContaining(['<S-Tab>', '<C-l>']));
    const documented = documentedKeys(page());
    for (const k of keys) {
      expect(documented.has(spoken(k.keys)) || documented.has(k.keys), `the key ${k.keys} (${spoken(k.keys)}: ${k.desc})`).toBe(true);
    }
  });

  it('documents every :command the interface registers', () => {
    expect(commands.length).toBeGreaterThanOrEqual(8);
    const documented = tableRows(section(page(), /^Commands$/)).flatMap((r) => codeSpans(r[0]!)).map((c) => c.split(' ')[0]);
    for (const c of commands) expect(documented, `the command :${c.name} (${c.desc})`).toContain(`:${c.name}`);
  });

  it("documents the dialog's keys: y, A, n, m and Esc", () => {
    const documented = documentedKeys(section(page(), /dialog/i));
    for (const key of ['y', 'A', 'n', 'm', 'Esc']) expect(documented, `the dialog key ${key}`).toContain(key);
  });

  it('documents the keys that work everywhere: Shift-Tab, Esc, Ctrl-C, Ctrl-L', () => {
    const documented = documentedKeys(section(page(), /^Everywhere$/));
    for (const key of ['Shift-Tab', 'Esc', 'Ctrl-C', 'Ctrl-L']) expect(documented, `the key ${key}`).toContain(key);
  });
});
