/**
 * The TUI against the real core (Session, scheduler, agent loop), the real
 * approvals and real processes, with a scripted in-process model and two small
 * tools written the way the stock plugins are: what a person sees and presses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { Session, type ProviderEvent } from '@lug/core';
import { createHostWithApprovals } from '@lug/approvals';
import { processTable } from '@lug/tools';
import { scriptedProvider } from '@lug/testing';
import { defineTuiOptions } from './options.js';
import { KEY, settle } from './test-support/ink.js';
import { mountController } from './test-support/mount-app.js';
import { TEST_TOOLS } from './test-support/tools.js';

const dirs: string[] = [];
afterEach(() => {
  cleanup();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

type Step = ProviderEvent[];
const call = (id: string, name: string, args: unknown): ProviderEvent => ({ type: 'tool_call', id, name, argsText: JSON.stringify(args) });
const say = (text: string): Step => [{ type: 'text_delta', text }, { type: 'usage', usage: { inputTokens: 100, outputTokens: 20 } }, { type: 'stop', reason: 'end_turn' }];
const calls = (...c: ProviderEvent[]): Step => [...c, { type: 'usage', usage: { inputTokens: 50, outputTokens: 10 } }, { type: 'stop', reason: 'tool_use' }];

function mount(steps: Step[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-int-'));
  dirs.push(dir);
  const { host, approvals } = createHostWithApprovals(
    { cwd: dir, env: { HOME: dir, XDG_STATE_HOME: path.join(dir, 'state'), PATH: process.env.PATH }, interactive: true },
    { logPath: path.join(dir, 'approvals.log') },
  );
  defineTuiOptions(host.options);
  for (const tool of TEST_TOOLS) host.tools.register(tool);
  const provider = scriptedProvider(steps, { eventDelayMs: 1 });
  host.providers.register({ name: 'scripted', create: () => provider });
  host.options.set('model', 'scripted/test');
  const session = new Session(host);
  const { controller, type, frame } = mountController({ host, session, approvals, version: 'test' });
  const waitFor = async (check: () => boolean, what: string, ms = 4000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${frame()}`);
      await settle(1);
    }
  };
  return { host, approvals, session, controller, type, frame, waitFor, dir };
}

describe('the TUI with the real core and approvals', () => {
  it('streams an answer for a prompt', async () => {
    const t = mount([say('Hello from the **model**.')]);
    await t.type('hi', KEY.enter);
    await t.waitFor(() => !t.session.running && t.frame().includes('Hello from the model.'), 'the answer');
    expect(t.frame()).toContain('↑100 ↓20');
  });

  it('shows the coloured diff of a write computed from the file on disk, and y applies it', async () => {
    const t = mount([calls(call('w1', 'write', { path: 'notes.txt', content: 'one\nTWO\nthree\n' })), say('Changed it.')]);
    fs.writeFileSync(path.join(t.dir, 'notes.txt'), 'one\ntwo\nthree\n');
    await t.type('change notes', KEY.enter);
    await t.waitFor(() => t.frame().includes('write wants to change: notes.txt'), 'the dialog');
    expect(t.frame()).toContain('-two');
    expect(t.frame()).toContain('+TWO');
    await t.type('y');
    await t.waitFor(() => !t.session.running, 'the end of the turn');
    expect(fs.readFileSync(path.join(t.dir, 'notes.txt'), 'utf8')).toBe('one\nTWO\nthree\n');
    expect(t.frame()).toMatch(/✓ write notes\.txt/);
    expect(t.frame()).toContain('Changed it.');
  });

  it('runs all three waiting bash calls after A on the first, and :approvals lists then clears bash', async () => {
    const t = mount([calls(call('b1', 'bash', { command: 'echo one' }), call('b2', 'bash', { command: 'echo two' }), call('b3', 'bash', { command: 'echo three' })), say('All ran.')]);
    await t.type('run three', KEY.enter);
    await t.waitFor(() => t.frame().includes('2 more waiting'), 'three calls waiting');
    // One call asks (the dialog's); the two behind it wait.
    expect(t.frame()).toMatch(/\? bash echo one +asking/);
    expect(t.frame()).toMatch(/○ bash echo two +waiting/);
    expect(t.frame()).toMatch(/○ bash echo three +waiting/);
    await t.type('A');
    await t.waitFor(() => !t.session.running, 'the end of the turn');
    const frame = t.frame();
    expect(frame).toMatch(/✓ bash echo one/);
    expect(frame).toMatch(/✓ bash echo two/);
    expect(frame).toMatch(/✓ bash echo three/);
    expect(frame).not.toContain('wants to run');
    await t.type(':approvals', KEY.enter);
    await t.waitFor(() => t.frame().includes('allowed for this session: bash'), ':approvals');
    await t.type(':approvals clear', KEY.enter);
    await t.waitFor(() => t.approvals.allowedAlways.list().length === 0, ':approvals clear');
  });

  it('shows AUTO after Shift-Tab, and a later write runs without a dialog', async () => {
    const t = mount([calls(call('w2', 'write', { path: 'auto.txt', content: 'written\n' })), say('Done.')]);
    await t.type(KEY.shiftTab);
    expect(t.frame()).toContain(' AUTO ');
    await t.type('write it', KEY.enter);
    await t.waitFor(() => !t.session.running, 'the end of the turn');
    expect(fs.readFileSync(path.join(t.dir, 'auto.txt'), 'utf8')).toBe('written\n');
    expect(t.frame()).not.toContain('wants to change');
  });

  it('kills a running sleep 100 within a second of Esc and says the call was cancelled', async () => {
    const t = mount([calls(call('s1', 'bash', { command: 'sleep 100' }))]);
    await t.type(KEY.shiftTab, 'wait a while', KEY.enter);
    await t.waitFor(() => /● bash sleep 100\s+running/.test(t.frame()), 'the running call');
    await t.waitFor(() => processTable.running() > 0, 'the process to start');
    expect(t.frame()).toContain('1 running');
    const pressed = Date.now();
    await t.type(KEY.esc);
    await t.waitFor(() => !t.session.running, 'the cancelled turn', 3000);
    await t.waitFor(() => processTable.running() === 0, 'the process to be killed', 3000);
    expect(Date.now() - pressed).toBeLessThan(1000);
    await t.waitFor(() => t.frame().includes('cancelled by the user'), 'the cancelled notice');
  });
});
