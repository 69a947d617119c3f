/** :rewind, :fork and :resume's branches in the interface, with the real core and session files. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { COMPACTION_SYSTEM, Session, SessionStore, type ModelRequest, type ProviderEvent } from '@lug/core';
import { createHostWithApprovals } from '@lug/approvals';
import { scriptedProvider } from '@lug/testing';
import { defineTuiOptions } from './options.js';
import { KEY, settle } from './test-support/ink.js';
import { mountController } from './test-support/mount-app.js';

const dirs: string[] = [];
afterEach(() => {
  cleanup();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function* model(request: ModelRequest): AsyncIterable<ProviderEvent> {
  if (request.system === COMPACTION_SYSTEM) {
    yield { type: 'text_delta', text: '## Goal\nKeep the public API stable.' };
  } else yield { type: 'text_delta', text: `Answer ${request.messages.length}.` };
  yield { type: 'usage', usage: { inputTokens: 1_500, outputTokens: 20 } };
  yield { type: 'stop', reason: 'end_turn' };
}

function mount() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-context-'));
  dirs.push(dir);
  const { host, approvals } = createHostWithApprovals(
    { cwd: dir, env: { HOME: dir, PATH: process.env.PATH }, interactive: true },
    { logPath: path.join(dir, 'approvals.log') },
  );
  defineTuiOptions(host.options);
  const provider = scriptedProvider([], { afterScript: model, modelInfo: { contextWindow: 10_000 } });
  host.providers.register({ name: 'scripted', create: () => provider });
  host.options.set('model', 'scripted/test');
  const store = new SessionStore(path.join(dir, 'sessions'));
  const session = new Session(host, { store });
  const { type, frame, controller } = mountController({ host, session, approvals, version: 'test', store });
  const waitFor = async (check: () => boolean, what: string, ms = 4000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${frame()}`);
      await settle(1);
    }
  };
  return { session, type, frame, waitFor, provider, store, controller };
}

const prompts = (t: { session: Session }) => t.session.messages.flatMap((m) => (m.role === 'user' ? [m.content] : []));

async function say(t: Awaited<ReturnType<typeof mount>>, prompt: string) {
  const before = t.session.messages.length;
  await t.type(prompt, KEY.enter);
  await t.waitFor(() => !t.session.running && t.session.messages.length >= before + 2, `the answer to ${prompt}`);
  await settle(5);
}

describe(':rewind, :fork and branches', () => {
  it(':rewind lists the prompts, :rewind N goes back to before one with its text in the input, and :resume lists the branch', async () => {
    const t = mount();
    for (const p of ['alpha', 'beta', 'gamma']) await say(t, p);
    await t.type(':rewind', KEY.enter);
    await t.waitFor(() => t.frame().includes('2. beta'), 'the list of prompts');
    await t.type(':rewind 2', KEY.enter);
    await t.waitFor(() => t.frame().includes('rewound to before prompt 2'), 'the rewind');
    expect(prompts(t)).toEqual(['alpha']);
    expect(t.controller.input.text).toBe('beta');
    t.controller.input.setText('');
    await t.type(':resume', KEY.enter);
    await t.waitFor(() => t.frame().includes('#1'), 'the branch in the :resume list');
    expect(t.frame()).toMatch(/#1 branch of this conversation: beta/);
  });

  it(':resume ID#N goes back to the branch; the conversation it replaces becomes that branch', async () => {
    const t = mount();
    for (const p of ['alpha', 'beta']) await say(t, p);
    t.session.rewind(2);
    await say(t, 'beta again');
    await t.type(`:resume ${t.session.id}#1`, KEY.enter);
    await t.waitFor(() => t.frame().includes('branch #1'), 'the resume');
    expect(prompts(t)).toEqual(['alpha', 'beta']);
    expect(t.store.load(t.session.id).branches).toMatchObject([{ n: 1, prompt: 'beta again' }]);
  });

  it(':fork goes on in a new session and keeps the old one', async () => {
    const t = mount();
    await say(t, 'alpha');
    const old = t.session.id;
    await t.type(':fork', KEY.enter);
    await t.waitFor(() => t.frame().includes('forked:'), 'the fork');
    expect(t.session.id).not.toBe(old);
    await say(t, 'in the fork');
    expect(t.store.load(old).messages.flatMap((m) => (m.role === 'user' ? [m.content] : []))).toEqual(['alpha']);
    expect(prompts(t)).toEqual(['alpha', 'in the fork']);
  });

  it(':resume completes the other conversations and every branch, listing the directory once a Tab', async () => {
    const t = mount();
    for (const p of ['alpha', 'beta']) await say(t, p);
    const old = t.session.id;
    t.session.rewind(2);
    await t.type(':fork', KEY.enter);
    await t.waitFor(() => t.frame().includes('forked:'), 'the fork');
    await say(t, 'in the fork');
    const listed = vi.spyOn(t.store, 'list');
    expect(t.controller.host.commands.get('resume')!.complete!('')).toEqual([old, `${old}#1`]);
    expect(listed).toHaveBeenCalledTimes(1);
  });
});
