import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, plain, settle } from './test-support/ink.js';
import { ask, cleanupApps, mountApp, tempDir, waitFor } from './test-support/mount-app.js';
import { Replay } from './test-support/recorded.js';

afterEach(() => cleanupApps());

describe('App: a turn', () => {
  it('sends the prompt and renders the streamed Markdown answer', async () => {
    const t = mountApp({
      script: (_p, s) => {
        const emit = (text: string) => t.host.events.emit('text_delta', { text });
        emit('# Plan\n\nFirst, some **bold');
        emit('** words.\n\n- one\n- two\n');
        setTimeout(() => s.end('done'), 20);
      },
    });
    await t.type('make a plan', KEY.enter);
    expect(t.session.prompts).toEqual(['make a plan']);
    await waitFor(() => !t.session.running && t.controller.markdown.ready());
    await settle(3);
    const frame = t.frame();
    expect(frame).toContain('› make a plan');
    expect(frame).toContain('Plan');
    expect(frame).toContain('First, some bold words.');
    expect(frame).not.toContain('**bold');
    expect(frame).toMatch(/one/);
  });

  it('shows each tool call as one line that follows its state', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('go', KEY.enter);
    const play = new Replay(t.host.events, 'bash-in-auto-mode', { turn: false });
    play.through('tool_call');
    await settle();
    expect(t.frame()).toMatch(/○ bash printf 'ok\\nall passed\\n'\s+waiting/);
    play.through('tool_start');
    await settle();
    expect(t.frame()).toMatch(/● bash printf 'ok\\nall passed\\n'\s+running \d+ms/);
    play.through('tool_result');
    await settle();
    expect(t.frame()).toMatch(/✓ bash printf 'ok\\nall passed\\n'\s+exit 0 · 2 lines · \d+ms/);
  });

  it('shows failed and denied calls with why, and errors in their own line', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('go', KEY.enter);
    new Replay(t.host.events, 'read-fails-write-denied', { turn: false }).rest();
    t.host.events.emit('error', { message: 'the provider said 529 overloaded' });
    await settle();
    const frame = t.frame();
    expect(frame).toMatch(/✗ read missing\.txt\s+failed: missing\.txt \(\/project\/missing\.txt\) does not exist/);
    expect(frame).toMatch(/⊘ write out\.txt\s+denied: no writes here/);
    expect(frame).toContain('✗ the provider said 529 overloaded');
  });

  it('prints the full result of the last call with Ctrl-O', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('go', KEY.enter);
    new Replay(t.host.events, 'ls-then-answer', { turn: false }).through('tool_result');
    await settle();
    expect(t.frame()).toMatch(/✓ ls src\s+3 entries/);
    expect(t.frame()).not.toContain('sub/');
    await t.type(KEY.ctrl('o'));
    expect(t.frame()).toContain('sub/');
  });

  it('queues a prompt sent while a turn runs and sends it when the turn ends', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('first', KEY.enter, 'second', KEY.enter);
    expect(t.session.prompts).toEqual(['first']);
    expect(t.frame()).toContain('queued: second');
    t.session.end('done');
    await waitFor(() => t.session.prompts.length === 2);
    expect(t.session.prompts).toEqual(['first', 'second']);
  });

  it('takes a prompt a plugin sends (lug.session.send) as if typed: queued behind the running turn', async () => {
    const t = mountApp({ script: () => undefined });
    t.host.inbox.send('from a key');
    await settle();
    expect(t.session.prompts).toEqual(['from a key']);
    t.host.inbox.send('after it');
    await settle();
    expect(t.frame()).toContain('queued: after it');
    t.session.end('done');
    await waitFor(() => t.session.prompts.length === 2);
    expect(t.session.prompts).toEqual(['from a key', 'after it']);
  });
});

describe('App: panels (lug.ui.panel)', () => {
  it('shows a panel\'s lines above the input, replaces them in place and takes them away', async () => {
    const t = mountApp({ script: () => undefined });
    t.host.ui.panel('todo', ['todo 0/2', '  ☐ one', '  ☐ two']);
    t.host.ui.panel('other', ['other panel']);
    await settle();
    expect(plain(t.frame())).toMatch(/todo 0\/2\n {2}☐ one\n {2}☐ two\nother panel\n[\s\S]*›/);
    t.host.ui.panel('todo', ['todo 1/2']);
    await settle();
    expect(plain(t.frame())).toMatch(/todo 1\/2\nother panel/);
    t.host.ui.panel('todo', undefined);
    t.host.ui.panel('other', undefined);
    await settle();
    expect(t.frame()).not.toContain('other panel');
  });

  it('shows a plugin\'s mark (lug.ui.badge) in front of the status line until it is taken away', async () => {
    const t = mountApp({ script: () => undefined });
    t.host.ui.badge('plan', 'PLAN');
    await settle();
    expect(plain(t.frame())).toMatch(/ PLAN  approval: /);
    t.host.ui.badge('plan', undefined);
    await settle();
    expect(t.frame()).not.toContain('PLAN');
  });

  it('cleans a panel line of control sequences', async () => {
    const t = mountApp({ script: () => undefined });
    t.host.ui.panel('p', ['evil \u001b]52;c;aGk=\u0007name']);
    await settle();
    expect(t.frame()).not.toContain('\u001b]52');
  });
});

describe('App: keys', () => {
  it('cancels the running turn with Esc', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('long job', KEY.enter);
    expect(t.session.running).toBe(true);
    await t.type(KEY.esc);
    await settle();
    expect(t.session.cancelled).toBe(1);
    expect(t.frame()).toContain('cancelled by the user');
  });

  it('toggles auto mode with Shift-Tab and shows AUTO', async () => {
    const t = mountApp();
    expect(t.frame()).not.toContain('AUTO');
    await t.type(KEY.shiftTab);
    expect(t.approvals.isAuto()).toBe(true);
    expect(t.frame()).toContain(' AUTO ');
    await t.type(KEY.shiftTab);
    expect(t.frame()).not.toContain(' AUTO ');
    expect(t.approvals.mode()).toBe('policy');
  });

  it('clears the input with Ctrl-C, and exits on a second Ctrl-C', async () => {
    const t = mountApp();
    await t.type('half a thought', KEY.ctrl('c'));
    expect(t.controller.input.text).toBe('');
    expect(t.frame()).toContain('Ctrl-C again to exit');
    expect(t.controller.exited).toBe(false);
    await t.type(KEY.ctrl('c'));
    expect(t.controller.exited).toBe(true);
  });

  it('cancels the turn on the first Ctrl-C while one runs', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('job', KEY.enter, 'draft', KEY.ctrl('c'));
    expect(t.session.cancelled).toBe(1);
    expect(t.controller.input.text).toBe('draft');
    expect(t.controller.exited).toBe(false);
  });

  it('clears the screen and draws the interface again with Ctrl-L', async () => {
    const t = mountApp();
    const before = t.frames.length;
    await t.type(KEY.ctrl('l'));
    // ink's test renderer (debug mode) does not replay the live region after a write; start-tui.test.tsx checks the screen.
    expect(t.frames.slice(before).some((f) => f.includes('\x1b[2J'))).toBe(true);
  });

  it('does not exit when another key comes between two Ctrl-C', async () => {
    const t = mountApp();
    await t.type(KEY.ctrl('c'), 'x', KEY.ctrl('c'));
    expect(t.controller.exited).toBe(false);
  });

  it('runs keys bound in host.keys (as lug.keymap.set does), and the input leaves them alone', async () => {
    const t = mountApp();
    let pressed = 0;
    t.host.keys.set({ keys: '<C-g>', desc: 'test', source: 'init.lua', run: () => void pressed++ });
    t.host.keys.set({ keys: '<C-a>', desc: 'override', source: 'init.lua', run: () => void pressed++ });
    await t.type('abc', KEY.ctrl('g'), KEY.ctrl('a'), 'X');
    expect(pressed).toBe(2);
    expect(t.controller.input.text).toBe('abcX');
  });

  it('reports a key binding that fails', async () => {
    const t = mountApp();
    t.host.keys.set({ keys: '<C-g>', desc: 'broken', source: 'init.lua', run: () => Promise.reject(new Error('boom')) });
    await t.type(KEY.ctrl('g'));
    await settle();
    expect(t.frame()).toContain('key <C-g> (init.lua) failed: boom');
  });
});

describe('App: the dialog', () => {
  it('takes the keys while a call asks, then gives them back to the input', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('edit it', KEY.enter);
    fs.writeFileSync(path.join(t.dir, 'a.ts'), 'old\n');
    const decision = ask(t.host, t.approvals, 'edit', { path: 'a.ts', old_string: 'old', new_string: 'new' });
    await waitFor(() => t.frame().includes('edit wants to change: a.ts'));
    expect(t.frame()).toContain('+new');
    await t.type('y');
    expect(await decision).toEqual({ allow: true, by: 'user' });
    expect(t.controller.input.text).toBe('');
    await t.type('y');
    expect(t.controller.input.text).toBe('y');
  });

  it('denies with Esc without cancelling the turn', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('go', KEY.enter);
    const decision = ask(t.host, t.approvals, 'bash', { command: 'ls' });
    await waitFor(() => t.frame().includes('bash wants to run: ls'));
    await t.type(KEY.esc);
    expect(await decision).toEqual({ allow: false, by: 'user', reason: 'denied by the user' });
    expect(t.session.cancelled).toBe(0);
  });

  it('shows a confirm from a Lua rule (host.ui.confirm) and answers it', async () => {
    const t = mountApp();
    const answer = t.host.ui.confirm('Push to main?');
    await settle();
    expect(t.frame()).toContain('Push to main?');
    await t.type('y');
    await expect(answer).resolves.toBe(true);
    expect(t.frame()).not.toContain('Push to main?');
  });

  it('takes a key pressed the moment a confirm appears (its keys are listened to before it is drawn)', async () => {
    const t = mountApp();
    await settle();
    t.pressWhenShown('Push to main?', 'y');
    await expect(t.host.ui.confirm('Push to main?')).resolves.toBe(true);
  });

  it('takes a key pressed the moment an approval dialog appears, for the first call and the next', async () => {
    const t = mountApp({ script: () => undefined });
    await t.type('go', KEY.enter);
    t.pressWhenShown('bash wants to run: ls', 'y');
    expect(await ask(t.host, t.approvals, 'bash', { command: 'ls' })).toMatchObject({ allow: true, by: 'user' });
    t.pressWhenShown('bash wants to run: pwd', 'n');
    expect(await ask(t.host, t.approvals, 'bash', { command: 'pwd' })).toMatchObject({ allow: false, by: 'user' });
  });

  it('answers no to a confirm when its turn is cancelled', async () => {
    const t = mountApp();
    const controller = new AbortController();
    const answer = t.host.ui.confirm('Delete?', controller.signal);
    controller.abort();
    await expect(answer).resolves.toBe(false);
  });
});

