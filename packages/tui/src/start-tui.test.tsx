import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHostWithApprovals } from '@lug/approvals';
import { startTui } from './start-tui.js';
import { FakeSession } from './test-support/fakes.js';
import { FakeTtyIn, FakeTtyOut } from './test-support/fake-tty.js';
import { plain, settle } from './test-support/ink.js';
import { ask } from './test-support/mount-app.js';
import { Replay } from './test-support/recorded.js';
import { Screen } from './test-support/screen.js';
import { TEST_TOOLS } from './test-support/tools.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const BSU = '\x1b[?2026h';
const ESU = '\x1b[?2026l';
const CLEAR_SCREEN = '\x1b[2J';

function start(script?: ConstructorParameters<typeof FakeSession>[1], extra: Partial<Parameters<typeof startTui>[0]> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-start-'));
  dirs.push(dir);
  const { host, approvals } = createHostWithApprovals(
    { cwd: dir, env: { HOME: dir, XDG_STATE_HOME: path.join(dir, 'state') }, interactive: true },
    { logPath: path.join(dir, 'approvals.log') },
  );
  for (const tool of TEST_TOOLS) host.tools.register(tool, 'test');
  const session = new FakeSession(host, script);
  const stdout = new FakeTtyOut(80, 24);
  const stdin = new FakeTtyIn();
  const done = startTui({
    host,
    session,
    approvals,
    version: '0.0.0-test',
    stateDir: dir,
    probe: false,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    ...extra,
  });
  return { host, session, approvals, stdout, stdin, done, dir };
}

function quit(t: ReturnType<typeof start>) {
  t.stdin.write(':q');
  return settle(2).then(() => t.stdin.write('\r'));
}

describe('startTui', () => {
  it('registers its commands and keys, and takes them back on :q', async () => {
    const t = start();
    await settle(3);
    expect(t.host.commands.get('approvals')?.source).toBe('tui');
    expect(t.host.keys.get('<S-Tab>')?.source).toBe('tui');
    expect(t.host.options.has('statusline')).toBe(true);
    await quit(t);
    await t.done;
    expect(t.host.commands.get('approvals')).toBeUndefined();
    expect(t.host.keys.get('<S-Tab>')).toBeUndefined();
  });

  it('needs an interactive host, and says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-start-'));
    dirs.push(dir);
    const { host, approvals } = createHostWithApprovals({ cwd: dir, env: { HOME: dir, XDG_STATE_HOME: path.join(dir, 'state') } });
    const started = startTui({ host, session: new FakeSession(host), approvals, version: 'test', probe: false });
    await expect(started).rejects.toThrow('the interface needs a host made with createHost({ interactive: true }): it answers the confirms that host.ui.confirms queues');
  });

  it('runs beforeStart before the first frame, which shows what it did', async () => {
    const t = start(undefined, {
      beforeStart: async (controller) => {
        await settle(1);
        expect(plain(t.stdout.output)).not.toContain('lug 0.0.0-test');
        controller.transcript.notice('installed before the start', 'info');
      },
    });
    await settle(3);
    expect(plain(t.stdout.output)).toContain('installed before the start');
    await quit(t);
    await t.done;
  });

  it('without a model, draws how to set one up in its first frame, and what a local server offers once it answered', async () => {
    const http = await import('node:http');
    const server = http.createServer((_req, res) => res.end(JSON.stringify({ object: 'list', data: [{ id: 'llama3.2' }] })));
    const port = await new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as import('node:net').AddressInfo).port)));
    try {
      const t = start(undefined, {
        probe: { ports: [{ port, name: 'Ollama' }], timeoutMs: 10_000 },
        beforeStart: async () => {
          await settle(1);
          t.session.model = undefined;
        },
      });
      await settle(1);
      const firstFrame = plain(t.stdout.output.slice(0, t.stdout.output.indexOf(ESU)));
      expect(firstFrame).toContain('No model is configured');
      expect(firstFrame).not.toContain('Found on this machine');
      for (let i = 0; i < 100 && !plain(t.stdout.output).includes('Found on this machine'); i++) await settle(1);
      expect(plain(t.stdout.output)).toContain(`Ollama at http://127.0.0.1:${port}/v1: :model openai/llama3.2`);
      expect(plain(t.stdout.output).match(/No model is configured/g)).toHaveLength(1);
      await quit(t);
      await t.done;
    } finally {
      server.close();
    }
  });

  it('puts everything back and rejects when beforeStart fails, drawing nothing', async () => {
    const t = start(undefined, {
      beforeStart: () => {
        throw new Error('no tour here');
      },
    });
    await expect(t.done).rejects.toThrow('no tour here');
    expect(t.host.commands.get('approvals')).toBeUndefined();
    expect(t.host.keys.get('<S-Tab>')).toBeUndefined();
    expect(plain(t.stdout.output)).toBe('');
  });

  it('calls onFirstFrame once, after the whole first frame is written', async () => {
    const seen: string[] = [];
    const t = start(undefined, { onFirstFrame: () => seen.push(plain(t.stdout.output)) });
    await settle(3);
    expect(seen).toHaveLength(1);
    // The interface was on the screen by then: the greeting, the input's prompt, the status line's model.
    expect(seen[0]).toContain('lug 0.0.0-test');
    expect(seen[0]).toContain('›');
    expect(seen[0]).toContain('anthropic/');
    await quit(t);
    await t.done;
    expect(seen).toHaveLength(1);
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

  it('shows what a library prints to the console in the transcript, not over the screen', async () => {
    const t = start();
    await settle(3);
    console.warn('The model is deprecated');
    await settle(3);
    expect(t.stdout.output).toContain('! The model is deprecated');
    await quit(t);
    await t.done;
    expect(console.warn).not.toBe(undefined);
  });

  it('lays the live region out again for a narrower terminal', async () => {
    const t = start();
    await settle(3);
    const asked = ask(t.host, t.approvals, 'bash', { command: 'ls' });
    await settle(5);
    const before = t.stdout.chunks.length;
    t.stdout.resize(50, 20);
    await settle(5);
    const after = t.stdout.chunks.slice(before).join('');
    const frames = after.split(BSU).slice(1);
    expect(frames.length).toBeGreaterThan(0);
    const last = frames.at(-1)!.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    for (const line of last.split('\n')) expect([...line].length).toBeLessThanOrEqual(50);
    expect(last).toContain('╭' + '─'.repeat(48) + '╮');
    t.approvals.queue.answer(t.approvals.queue.current()!.call.id, { kind: 'deny' });
    expect((await asked).allow).toBe(false);
    await settle(2);
    await quit(t);
    await t.done;
  });

  it('clears the screen on Ctrl-L and draws the input and status line again at the top', async () => {
    const t = start();
    await settle(3);
    t.stdin.write('draft');
    await settle(2);
    t.stdin.write('\x0c');
    await settle(3);
    const screen = new Screen(80, 24);
    screen.write(t.stdout.output);
    const visible = screen.visible();
    expect(visible[0]).toBe('');
    expect(visible[1]).toBe('› draft');
    expect(visible[2]).toMatch(/^approval: policy/);
    t.stdin.write('\x15');
    await settle(2);
    await quit(t);
    await t.done;
  });

  it('draws the first screen: banner, input and status line', async () => {
    const t = start();
    await settle(3);
    const out = t.stdout.output;
    expect(out).toContain('lug 0.0.0-test');
    expect(out).toContain('Ask, or :help');
    expect(out).toContain('approval: policy');
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
    // The last coalesced frame lands after the turn ends; on a busy machine that takes a while.
    const deadline = Date.now() + 10_000;
    // Code is highlighted when colours are forced (Nx sets FORCE_COLOR for its tasks): compare plain text.
    while (!plain(t.stdout.output).includes('const line199 = 199;') && Date.now() < deadline) await settle(5);
    const elapsed = Date.now() - started;
    const during = t.stdout.chunks.slice(before).join('');
    expect(during).not.toContain(CLEAR_SCREEN);
    expect(during).toContain(BSU);
    expect(during).toContain(ESU);
    const frames = during.split(BSU).length - 1;
    // ink throttles redraws to 30 a second; a commit to the scrollback may add a frame of its own.
    expect(frames).toBeLessThanOrEqual(Math.ceil((elapsed / 1000) * 45) + 10);
    // The whole answer reached the scrollback.
    expect(plain(t.stdout.output)).toContain('const line199 = 199;');
    expect(plain(t.stdout.output)).toContain('Paragraph 0 with a few words in it.');
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
    // A write of 200 new lines asks with a long diff, while thirty calls wait in the live region.
    const asked = ask(t.host, t.approvals, 'write', { path: 'x', content: Array.from({ length: 200 }, (_, i) => `added ${i}\n`).join('') });
    new Replay(t.host.events, 'forty-calls', { turn: false }).through('tool_call', 30);
    await settle(10);
    // Every frame after the banner (which goes to the scrollback) redraws at most 23 rows and moves up fewer than 24.
    const frames = t.stdout.output.split(BSU).slice(2);
    expect(frames.length).toBeGreaterThan(2);
    for (const frame of frames) {
      expect(frame.split('\n').length - 1).toBeLessThan(24);
      let up = 0;
      for (const m of frame.matchAll(/\x1b\[(\d*)A/g)) up += Number(m[1] || 1);
      expect(up).toBeLessThan(24);
    }
    expect(t.stdout.output).toContain('lines 1–');
    expect(t.stdout.output).not.toContain(CLEAR_SCREEN);
    t.approvals.queue.answer(t.approvals.queue.current()!.call.id, { kind: 'deny' });
    expect((await asked).allow).toBe(false);
    t.session.end('done');
    await settle(3);
    await quit(t);
    await t.done;
  });

  async function conversation(incrementalRendering: boolean): Promise<string[]> {
    const t = start((_p, s) => {
      const say = (text: string) => t.host.events.emit('text_delta', { text });
      setTimeout(() => say('First paragraph of the answer.\n\n'), 5);
      setTimeout(() => say('Second paragraph, streamed '), 40);
      setTimeout(() => say('in two parts.\n\n'), 80);
      setTimeout(() => say('Last words.'), 120);
      setTimeout(() => s.end('done'), 160);
    }, { incrementalRendering });
    await settle(3);
    t.stdin.write('abc');
    await settle(2);
    t.stdin.write('\r');
    await new Promise((r) => setTimeout(r, 400));
    t.stdin.write('x');
    await settle(3);
    const screen = new Screen(80, 24);
    screen.write(t.stdout.output);
    t.stdin.write('\x15');
    await settle(2);
    await quit(t);
    await t.done;
    return screen.all();
  }

  it('leaves each line on the screen once, in order: prompt, answer, input, status line', async () => {
    const lines = await conversation(false);
    const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
    expect(count(/^· lug 0\.0\.0-test/)).toBe(1);
    expect(count(/^› abc$/)).toBe(1);
    expect(count(/First paragraph of the answer\./)).toBe(1);
    expect(count(/Second paragraph, streamed in two parts\./)).toBe(1);
    expect(count(/Last words\./)).toBe(1);
    expect(count(/^approval: policy/)).toBe(1);
    expect(lines.at(-2)).toBe('› x');
    expect(lines.at(-1)).toMatch(/^approval: policy/);
    const order = ['› abc', 'First paragraph', 'Second paragraph', 'Last words', '› x'].map((s) => lines.findIndex((l) => l.includes(s)));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('would garble the screen with ink 6.8\'s incremental renderer (ink #909), which is why it is off', async () => {
    const lines = await conversation(true);
    const statusLines = lines.filter((l) => /^approval: policy/.test(l)).length;
    const promptLines = lines.filter((l) => /^› abc$/.test(l)).length;
    // When ink is upgraded past the bug this fails: turn incrementalRendering on by default then.
    expect(statusLines !== 1 || promptLines !== 1 || lines.at(-1)?.startsWith('approval') !== true).toBe(true);
  });
});
