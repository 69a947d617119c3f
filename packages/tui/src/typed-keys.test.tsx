/**
 * Keys that act wherever they arrive in a read: through startTui (the real
 * stdin path, key-chunks.ts before ink), every editing key is written with
 * text around it in one chunk, as fast typing or SSH delivers it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostWithApprovals } from '@lug/approvals';
import type { TuiController } from './controller.js';
import { startTui } from './start-tui.js';
import { FakeSession } from './test-support/fakes.js';
import { FakeTtyIn, FakeTtyOut } from './test-support/fake-tty.js';
import { settle } from './test-support/ink.js';
import { waitFor } from './test-support/mount-app.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function start() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-keys-'));
  dirs.push(dir);
  const { host, approvals } = createHostWithApprovals(
    // Ctrl-G opens $EDITOR: `true` leaves the prompt as it was (without it, the test started a real vi and waited for ever).
    { cwd: dir, env: { HOME: dir, XDG_STATE_HOME: path.join(dir, 'state'), EDITOR: 'true', PATH: process.env.PATH }, interactive: true },
    { logPath: path.join(dir, 'approvals.log') },
  );
  const session = new FakeSession(host);
  const stdin = new FakeTtyIn();
  let controller: TuiController | undefined;
  const done = startTui({
    host,
    session,
    approvals,
    version: '0.0.0-test',
    stateDir: dir,
    probe: false,
    stdout: new FakeTtyOut(80, 24) as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    onController: (c) => (controller = c),
  });
  await waitFor(() => controller !== undefined && stdin.isRaw);
  await settle(2);
  const c = controller!;
  return {
    session,
    stdin,
    done,
    editor: () => c.input.getSnapshot().editor,
    async quit() {
      c.input.clear();
      stdin.write(':q');
      await settle(2);
      stdin.write('\r');
      await done;
    },
  };
}

// Each key written in one chunk with text before and after it: [chunk, text after, cursor after].
const KEYS: Array<[string, string, string, number]> = [
  ['Backspace (DEL)', 'abc\x7fd', 'abd', 3],
  ['Ctrl-H', 'abc\x08d', 'abd', 3],
  ['Ctrl-U', 'one two\x15three', 'three', 5],
  ['Ctrl-W', 'one two\x17three', 'one three', 9],
  ['Ctrl-A', 'world\x01hello ', 'hello world', 6],
  ['Ctrl-E', 'ab\x01\x05cd', 'abcd', 4],
  ['Ctrl-B', 'ac\x02b', 'abc', 2],
  ['Ctrl-F', 'ac\x02\x06b', 'acb', 3],
  ['Ctrl-K', 'abcd\x01\x06\x0bX', 'aX', 2],
  ['Ctrl-D', 'abcd\x01\x04X', 'Xbcd', 1],
  ['Ctrl-J', 'one\x0atwo', 'one\ntwo', 7],
  ['Alt-Backspace', 'one two\x1b\x7fX', 'one X', 5],
];

describe('keys typed fast, in one read with text around them', () => {
  for (const [name, chunk, text, cursor] of KEYS) {
    it(`${name} acts where it arrives`, async () => {
      const t = await start();
      t.stdin.write(chunk);
      await waitFor(() => t.editor().text === text);
      expect(t.editor()).toEqual({ text, cursor });
      await t.quit();
    });
  }

  it('never puts a control character into the prompt sent to the model, whatever arrives', async () => {
    const t = await start();
    let chunk = 'say';
    // Every C0 control but ESC, CR, LF and Ctrl-C, and DEL: each with text around it.
    for (let code = 0; code < 0x20; code++) if (![0x03, 0x0a, 0x0d, 0x1b].includes(code)) chunk += `${String.fromCharCode(code)}x`;
    t.stdin.write(`${chunk}\x7f hi\r`);
    await waitFor(() => t.session.prompts.length === 1);
    // eslint-disable-next-line no-control-regex
    expect(t.session.prompts[0]).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
    expect(t.session.prompts[0]!.endsWith(' hi')).toBe(true);
    t.session.end();
    await t.quit();
  });

  it('submits on an Enter read together with the first keys of the next prompt, which stay in the input', async () => {
    const t = await start();
    t.stdin.write('go');
    await waitFor(() => t.editor().text === 'go');
    // lug was busy (the first prompt's warm-up): Enter and the next key came in one read, taken for a paste.
    t.stdin.write('\rthen');
    await waitFor(() => t.session.prompts.length === 1);
    expect(t.session.prompts).toEqual(['go']);
    await waitFor(() => t.editor().text === 'then');
    t.session.end();
    await t.quit();
  });

  it('submits on the Enter of a typed chunk and keeps the text after it for the next prompt', async () => {
    const t = await start();
    t.stdin.write('fisrt\x7f\x7f\x7frst\rsecond');
    await waitFor(() => t.session.prompts.length === 1);
    expect(t.session.prompts).toEqual(['first']);
    await waitFor(() => t.editor().text === 'second');
    t.session.end();
    await t.quit();
  });
});
