import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost } from '@lug/core';
import { startTui } from './start-tui.js';
import { FakeApprovals, FakeSession } from './test-support/fakes.js';
import { FakeTtyIn, FakeTtyOut } from './test-support/fake-tty.js';
import { settle } from './test-support/ink.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const BSU = '\x1b[?2026h';
const ESU = '\x1b[?2026l';
const CLEAR_SCREEN = '\x1b[2J';

function start(script?: ConstructorParameters<typeof FakeSession>[1]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-start-'));
  dirs.push(dir);
  const host = createHost({ cwd: dir, env: { HOME: dir } });
  const session = new FakeSession(host, script);
  const approvals = new FakeApprovals(host);
  const stdout = new FakeTtyOut(80, 24);
  const stdin = new FakeTtyIn();
  const uiBefore = host.ui;
  const done = startTui({
    host,
    session,
    approvals,
    version: '0.0.0-test',
    stateDir: dir,
    probe: false,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
  });
  return { host, session, approvals, stdout, stdin, done, uiBefore, dir };
}

function quit(t: ReturnType<typeof start>) {
  t.stdin.write(':q');
  return settle(2).then(() => t.stdin.write('\r'));
}

describe('startTui', () => {
  it('makes host.ui interactive, registers its commands, and puts everything back on :q', async () => {
    const t = start();
    await settle(3);
    expect(t.host.ui.interactive).toBe(true);
    expect(t.host.commands.get('approvals')?.source).toBe('tui');
    expect(t.host.keys.get('<S-Tab>')?.source).toBe('tui');
    expect(t.host.options.has('statusline')).toBe(true);
    await quit(t);
    await t.done;
    expect(t.host.ui).toBe(t.uiBefore);
    expect(t.host.commands.get('approvals')).toBeUndefined();
    expect(t.host.keys.get('<S-Tab>')).toBeUndefined();
  });

  it('turns bracketed paste on while it runs and off when it ends', async () => {
    const t = start();
    await settle(3);
    expect(t.stdout.output).toContain('\x1b[?2004h');
    expect(t.stdin.isRaw).toBe(true);
    await quit(t);
    await t.done;
    expect(t.stdout.output.endsWith('\x1b[?2004l') || t.stdout.output.includes('\x1b[?2004l')).toBe(true);
  });

  it('draws the first screen: banner, input and status line', async () => {
    const t = start();
    await settle(3);
    const out = t.stdout.output;
    expect(out).toContain('lug 0.0.0-test');
    expect(out).toContain('Ask, or :help');
    expect(out).toContain('approval: ask');
    await quit(t);
    await t.done;
  });

  it('streams a long answer without ever clearing the screen, in synchronized frames, at most ~30 a second', async () => {
    const t = start((_p, s) => {
      let i = 0;
      const timer = setInterval(() => {
        // Prose and a long code block: the block alone is taller than the terminal.
        const text = i < 20 ? `Paragraph ${i} with a few words in it.\n\n` : i === 20 ? '```ts\n' : `const line${i} = ${i};\n`;
        t.host.events.emit('text_delta', { text });
        if (++i === 200) {
          clearInterval(timer);
          t.host.events.emit('text_delta', { text: '```\n\nDone.' });
          setTimeout(() => s.end('done'), 20);
        }
      }, 2);
    });
    await settle(3);
    t.stdin.write('stream please');
    await settle(2);
    const before = t.stdout.chunks.length;
    const started = Date.now();
    t.stdin.write('\r');
    while (t.session.running || t.session.prompts.length === 0) await settle(2);
    await settle(10);
    const elapsed = Date.now() - started;
    const during = t.stdout.chunks.slice(before).join('');
    expect(during).not.toContain(CLEAR_SCREEN);
    expect(during).toContain(BSU);
    expect(during).toContain(ESU);
    const frames = during.split(BSU).length - 1;
    expect(frames).toBeLessThanOrEqual(Math.ceil((elapsed / 1000) * 30) + 10);
    // The whole answer reached the scrollback.
    expect(t.stdout.output).toContain('const line199 = 199;');
    expect(t.stdout.output).toContain('Paragraph 0 with a few words in it.');
    await quit(t);
    await t.done;
  });

  it('keeps every frame of the live region shorter than the terminal', async () => {
    const t = start(() => undefined);
    await settle(3);
    t.stdin.write('go');
    await settle(2);
    t.stdin.write('\r');
    await settle(2);
    const longDiff = ['--- a/x', '+++ b/x', ...Array.from({ length: 200 }, (_, i) => `+added ${i}`)].join('\n');
    t.approvals.queue.add({ tool: 'write', id: 'w', args: { path: 'x' } }, { kind: 'diff', text: longDiff });
    for (let i = 0; i < 30; i++) t.host.events.emit('tool_call', { call: { id: `c${i}`, tool: 'bash', args: { command: `echo ${i}` }, argsText: '' } });
    await settle(10);
    // Every frame after the banner (which goes to the scrollback) redraws at most 23 rows and moves up fewer than 24.
    const frames = t.stdout.output.split(BSU).slice(2);
    expect(frames.length).toBeGreaterThan(2);
    for (const frame of frames) {
      expect(frame.split('\n').length - 1).toBeLessThan(24);
      for (const up of frame.matchAll(/\x1b\[(\d+)A/g)) expect(Number(up[1])).toBeLessThan(24);
    }
    expect(t.stdout.output).toContain('lines 1–');
    expect(t.stdout.output).not.toContain(CLEAR_SCREEN);
    t.approvals.queue.answer('w', { kind: 'deny' });
    t.session.end('done');
    await settle(3);
    await quit(t);
    await t.done;
  });
});
