/**
 * The prompt for Neovim hands, in a real terminal (the real `lug` in tmux):
 * vi mode set in init.lua edits a prompt with ciw, dd, u and counts, and
 * Ctrl-G round-trips the prompt through an $EDITOR script.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, TmuxScreen } from './tmux.js';

let server: ScriptedServer | undefined;
let screen: TmuxScreen | undefined;
afterEach(async () => {
  screen?.kill();
  await server?.close();
  screen = server = undefined;
});

async function startLug(initLua: string, extraEnv: Record<string, string> = {}) {
  const box = sandbox(initLua);
  server = await startScriptedServer([text('Got it.')]);
  screen = new TmuxScreen();
  await screen.startLug(server, box, { env: extraEnv, width: 100, height: 30 });
  return { box, s: screen };
}

/** Keys one at a time, as a person types them. */
async function keys(s: TmuxScreen, seq: string[]): Promise<void> {
  for (const k of seq) {
    if (k === 'Escape' || k === 'Enter' || k.startsWith('C-')) s.send(k);
    else s.type(k);
    await new Promise((r) => setTimeout(r, 60));
  }
}

/** The input's first row (after the marker). */
const inputLine = (screen: string) => screen.split('\n').find((l) => l.startsWith('› '))?.slice(2).trimEnd() ?? '';

describe.skipIf(!hasTmux())('vi mode and $EDITOR in a real terminal', () => {
  it('edits a prompt with ciw, counts, dd and u, the mode in the status line', async () => {
    const { s } = await startLug('lug.opt.input = "vi"\n');
    await s.waitFor(/INSERT/);
    s.type('fix the parser bug now');
    await s.waitFor((sc) => inputLine(sc) === 'fix the parser bug now');
    await keys(s, ['Escape']);
    await s.waitFor(/NORMAL/);
    // 0, two words on, change the word: "parser" becomes "lexer".
    await keys(s, ['0', '2', 'w', 'c', 'i', 'w']);
    await s.waitFor(/INSERT/);
    s.type('lexer');
    await keys(s, ['Escape']);
    await s.waitFor((sc) => inputLine(sc) === 'fix the lexer bug now');
    // A count: delete two words from "bug".
    await keys(s, ['w', 'd', '2', 'w']);
    await s.waitFor((sc) => inputLine(sc) === 'fix the lexer');
    await keys(s, ['u']);
    await s.waitFor((sc) => inputLine(sc) === 'fix the lexer bug now');
    await keys(s, ['d', 'd']);
    // The input is empty: its placeholder shows.
    await s.waitFor(/› +Ask, or :help/);
    await keys(s, ['u', 'A']);
    s.type(' please');
    await keys(s, ['Enter']);
    const sent = await s.waitFor(/Got it\./);
    expect(sent).toContain("› fix the lexer bug now please");
  });

  it('round-trips the prompt through $EDITOR with Ctrl-G', async () => {
    const box = sandbox();
    const script = join(box.home, 'edit.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s, edited in the editor\\n' "$(cat "$1")" > "$1"\n`);
    chmodSync(script, 0o755);
    const { s } = await startLug('', { EDITOR: script });
    s.type('a draft');
    await s.waitFor((sc) => inputLine(sc) === 'a draft');
    await keys(s, ['C-g']);
    await s.waitFor((sc) => inputLine(sc) === 'a draft, edited in the editor');
    await keys(s, ['Enter']);
    await s.waitFor(/Got it\./);
  });
});
