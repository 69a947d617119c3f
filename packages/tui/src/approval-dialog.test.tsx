/**
 * The dialog over the real approvals' queue: calls join it the way the
 * scheduler's do (approvals.decide, with the test tools' previews of the files
 * on disk), and the keys answer them.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { createHostWithApprovals, type Approvals } from '@lug/approvals';
import { describeCall, type AuthorizeDecision, type LugHost } from '@lug/core';
import { ApprovalDialog } from './approval-dialog.js';
import { KEY, plain, settle } from './test-support/ink.js';
import { ask, cleanupApps, tempDir, waitFor } from './test-support/mount-app.js';
import { TEST_TOOLS } from './test-support/tools.js';

afterEach(() => {
  cleanup();
  cleanupApps();
});

/** A host with the test tools and `today` (no preview), someone at the keyboard, and the real approvals. */
function dialogHost(): { host: LugHost; approvals: Approvals; dir: string } {
  const dir = tempDir();
  const { host, approvals } = createHostWithApprovals(
    { cwd: dir, env: { HOME: dir, XDG_STATE_HOME: path.join(dir, 'state') }, interactive: true },
    { logPath: path.join(dir, 'approvals.log') },
  );
  for (const tool of TEST_TOOLS) host.tools.register(tool, 'test');
  host.tools.register({ name: 'today', description: 'The date.', parameters: { type: 'object', properties: { format: { type: 'string' } } }, handler: () => '' }, 'test');
  return { host, approvals, dir };
}

/** Ask about a call and wait until it is in the queue; `decision` resolves once it is answered. */
async function asking(h: { host: LugHost; approvals: Approvals }, tool: string, args: Record<string, unknown>): Promise<{ decision: Promise<AuthorizeDecision> }> {
  const waiting = h.approvals.queue.pending().length;
  const decision = ask(h.host, h.approvals, tool, args);
  await waitFor(() => h.approvals.queue.pending().length > waiting);
  return { decision };
}

function mount(h: { approvals: Approvals }, maxHeight = 20) {
  const ui = render(<ApprovalDialog queue={h.approvals.queue} maxHeight={maxHeight} />);
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      ui.stdin.write(k);
      await settle(1);
    }
  };
  return { ...ui, press };
}

async function setup(maxHeight = 20) {
  const h = dialogHost();
  fs.mkdirSync(path.join(h.dir, 'src'));
  fs.writeFileSync(path.join(h.dir, 'src', 'app.ts'), 'const a = 1;\nexport {};\n');
  const { decision } = await asking(h, 'edit', { path: 'src/app.ts', old_string: '1', new_string: '2' });
  return { ...h, ...mount(h, maxHeight), decision };
}

const DENIED = { allow: false, by: 'user', reason: 'denied by the user' };

/** The frame once it shows `what` (ink draws a key's effect a little later on a busy machine); the last frame if it never does. */
async function frameShowing(t: { lastFrame(): string | undefined }, what: string | RegExp): Promise<string> {
  const shows = () => {
    const frame = plain(t.lastFrame());
    return typeof what === 'string' ? frame.includes(what) : what.test(frame);
  };
  // Long enough for a machine under load; it returns as soon as the frame shows it.
  await waitFor(shows, 10_000).catch(() => undefined);
  return plain(t.lastFrame());
}

describe('ApprovalDialog', () => {
  it('shows an escape sequence in a file name visibly in the title, never stripped', async () => {
    const h = dialogHost();
    await asking(h, 'write', { path: 'inno\x1b[2Jcent.txt', content: 'x' });
    const t = mount(h);
    const frame = await frameShowing(t, 'wants to change');
    expect(frame).toContain('inno\\x1b[2Jcent.txt');
    expect(frame).not.toContain('innocent.txt');
  });

  it('names the subagent whose call it asks about, and answers it like any call', async () => {
    const h = dialogHost();
    const args = { path: 'notes.txt', content: 'x' };
    const argsText = JSON.stringify(args);
    const agent = { id: 'scribe-1', name: 'scribe', label: 'scribe', parentCallId: 't1' };
    const decision = h.approvals.decide({ id: 'scribe-1/c1', tool: 'write', args, argsText, description: describeCall(h.host.tools.get('write'), args, argsText, h.host.cwd), cwd: h.host.cwd, agent }, new AbortController().signal);
    await waitFor(() => h.approvals.queue.pending().length > 0);
    const t = mount(h);
    expect(await frameShowing(t, 'wants to change')).toContain('subagent scribe › write wants to change: notes.txt');
    await t.press('y');
    expect(await decision).toEqual({ allow: true, by: 'user' });
  });

  it('shows the tool, its path, the diff and the keys', async () => {
    const { lastFrame } = await setup();
    const frame = plain(lastFrame());
    expect(frame).toContain('edit wants to change: src/app.ts');
    expect(frame).toContain('-const a = 1;');
    expect(frame).toContain('+const a = 2;');
    expect(frame).toContain('y allow once');
    expect(frame).toContain('A allow edit for the session');
    expect(frame).toContain('m deny with a message');
    expect(frame).toContain('Esc deny this call');
  });

  it('colours added lines green and removed lines red', async () => {
    const { lastFrame } = await setup();
    const frame = lastFrame()!;
    // Colour only shows when the terminal supports it; the test runner may not.
    if (!frame.includes('\x1b[')) return;
    expect(frame).toMatch(/\x1b\[32m\+const a = 2;/);
    expect(frame).toMatch(/\x1b\[31m-const a = 1;/);
  });

  it('allows once with y', async () => {
    const t = await setup();
    await t.press('y');
    expect(await t.decision).toEqual({ allow: true, by: 'user' });
    await settle();
    expect(plain(t.lastFrame())).not.toContain('wants to change');
  });

  it('allows the tool for the session with A', async () => {
    const t = await setup();
    await t.press('A');
    expect(await t.decision).toEqual({ allow: true, by: 'user' });
    expect(t.approvals.allowedAlways.list()).toEqual(['edit']);
  });

  it('ignores a lowercase a, so A is never pressed by accident', async () => {
    const t = await setup();
    await t.press('a');
    expect(t.approvals.queue.pending()).toHaveLength(1);
  });

  it('denies with n', async () => {
    const t = await setup();
    await t.press('n');
    expect(await t.decision).toEqual(DENIED);
  });

  it('denies this call with Esc and shows the next waiting call', async () => {
    const t = await setup();
    const { decision: second } = await asking(t, 'bash', { command: 'npm test' });
    await settle();
    expect(plain(t.lastFrame())).toContain('1 more waiting');
    await t.press(KEY.esc);
    expect(await t.decision).toEqual(DENIED);
    await settle();
    const frame = plain(t.lastFrame());
    expect(frame).toContain('bash wants to run: npm test');
    expect(frame).toContain(`in ${t.dir}`);
    await t.press('n');
    expect(await second).toEqual(DENIED);
  });

  it('denies with a message typed after m', async () => {
    const t = await setup();
    await t.press('m');
    await settle(3);
    expect(plain(t.lastFrame())).toContain('telling the model why');
    await t.press('use ', 'sed', KEY.enter);
    expect(await t.decision).toEqual({ allow: false, by: 'user', reason: 'use sed' });
  });

  it('goes back to the keys with Esc while writing the message', async () => {
    const t = await setup();
    await t.press('m');
    await frameShowing(t, 'telling the model why');
    await t.press('x', KEY.esc);
    expect(t.approvals.queue.pending()).toHaveLength(1);
    expect(await frameShowing(t, 'y allow once')).toContain('y allow once');
    await t.press('y');
    expect(await t.decision).toEqual({ allow: true, by: 'user' });
  });

  it('shows the reason of the rule that asked', async () => {
    const h = dialogHost();
    h.approvals.rule('bash', (args) => (String(args.command).startsWith('rm') ? { verdict: 'ask', reason: 'rm needs a look' } : undefined));
    await asking(h, 'bash', { command: 'rm -rf build' });
    const { lastFrame } = mount(h);
    expect(plain(lastFrame())).toContain('why: rm needs a look');
  });

  it('shows the arguments for a tool without a diff or command', async () => {
    const h = dialogHost();
    await asking(h, 'today', { format: 'iso' });
    const { lastFrame } = mount(h);
    const frame = plain(lastFrame());
    expect(frame).toContain('today wants to run with');
    expect(frame).toContain('"format": "iso"');
  });
});

describe('ApprovalDialog scrolling', () => {
  /** A write of a new file of 100 lines: its diff is the two file lines, the hunk line and the 100 added lines; the reason it asks takes a line. */
  async function setupLong() {
    const h = dialogHost();
    await asking(h, 'write', { path: 'big.txt', content: Array.from({ length: 100 }, (_, i) => `line ${i + 1}\n`).join('') });
    return { ...h, ...mount(h, 15) };
  }

  it('shows a window of a long diff and where it is', async () => {
    const frame = plain((await setupLong()).lastFrame());
    expect(frame).toContain('+line 1');
    expect(frame).not.toContain('+line 20');
    expect(frame).toMatch(/lines 1–8 of 103/);
    expect(frame.split('\n').length).toBeLessThanOrEqual(15);
  });

  it('scrolls by a line with the arrows and by a page with PgDn and PgUp', async () => {
    const t = await setupLong();
    await t.press(KEY.down, KEY.down);
    expect(await frameShowing(t, /lines 3–10 of 103/)).toMatch(/lines 3–10 of 103/);
    await t.press(KEY.pageDown);
    expect(await frameShowing(t, /lines 10–17 of 103/)).toMatch(/lines 10–17 of 103/);
    await t.press(KEY.pageUp, KEY.up);
    expect(await frameShowing(t, /lines 2–9 of 103/)).toMatch(/lines 2–9 of 103/);
  });

  it('jumps to the end and back with End and Home, never past the last line', async () => {
    const t = await setupLong();
    await t.press(KEY.end);
    expect(await frameShowing(t, '+line 100')).toContain('+line 100');
    expect(await frameShowing(t, /lines 96–103 of 103/)).toMatch(/lines 96–103 of 103/);
    await t.press(KEY.pageDown, KEY.down);
    expect(await frameShowing(t, /lines 96–103 of 103/)).toMatch(/lines 96–103 of 103/);
    await t.press(KEY.home);
    expect(await frameShowing(t, /lines 1–8 of 103/)).toMatch(/lines 1–8 of 103/);
    expect(t.approvals.queue.pending()).toHaveLength(1);
  });
});
