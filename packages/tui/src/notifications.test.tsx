/** Notifications when the terminal is not focused, through the real key path (focus reports written to stdin). */
import { afterEach, describe, expect, it } from 'vitest';
import { autoStyle, FOCUS_IN, FOCUS_OUT, notificationSequence } from './notifications.js';
import { KEY, settle } from './test-support/ink.js';
import { ask, cleanupApps, mountApp, waitFor } from './test-support/mount-app.js';

afterEach(() => cleanupApps());

const written = (frames: string[], part: string) => frames.some((f) => f.includes(part));

describe('notifications', () => {
  it('rings the bell when a turn ends while the terminal is not focused, and the focus report never reaches the prompt', async () => {
    const t = mountApp();
    await t.type(FOCUS_OUT);
    expect(t.controller.focus.focused).toBe(false);
    expect(t.controller.input.text).toBe('');
    await t.type('go', KEY.enter);
    const before = t.frames.length;
    t.session.end('done');
    await waitFor(() => written(t.frames.slice(before), '\x07'));
  });

  it('writes OSC 9 with lug.opt.notify = "osc9" when a dialog opens while away', async () => {
    const t = mountApp();
    t.host.options.set('notify', 'osc9');
    await t.type(FOCUS_OUT);
    void ask(t.host, t.approvals, 'bash', { command: 'make deploy' });
    await waitFor(() => written(t.frames, '\x1b]9;lug: bash asks: make deploy\x07'));
  });

  it('stays quiet while the terminal is focused, and with notify "off"', async () => {
    const t = mountApp();
    await t.type(FOCUS_OUT, FOCUS_IN);
    await t.type('go', KEY.enter);
    t.session.end('done');
    await settle(5);
    expect(written(t.frames, '\x07')).toBe(false);
    t.host.options.set('notify', 'off');
    await t.type(FOCUS_OUT, 'again', KEY.enter);
    t.session.end('done');
    await settle(5);
    expect(written(t.frames, '\x07')).toBe(false);
    expect(t.session.prompts).toEqual(['go', 'again']);
  });

  it('picks OSC 9 or OSC 777 where the terminal shows them, else the bell, and keeps control characters out', () => {
    expect(autoStyle({ TERM_PROGRAM: 'WezTerm' })).toBe('osc9');
    expect(autoStyle({ TERM: 'foot' })).toBe('osc777');
    expect(autoStyle({ TERM: 'xterm-256color' })).toBe('bell');
    expect(notificationSequence('osc777', 'lug', 'done')).toBe('\x1b]777;notify;lug;done\x07');
    expect(notificationSequence('osc9', 'lug', 'evil\x07\x1b]52;c;x')).toBe('\x1b]9;lug: evil  ]52 c x\x07');
  });
});
