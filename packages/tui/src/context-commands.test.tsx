/** The context window in the interface: the status line's share, :context, :compact and the summary in the transcript, with the real core. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

/** The tokens the model counts: at least `floor`, else about what the request holds (four characters a token). */
let floor = 1_500;

async function* model(request: ModelRequest): AsyncIterable<ProviderEvent> {
  if (request.system === COMPACTION_SYSTEM) {
    yield { type: 'text_delta', text: '## Goal\nKeep the public API stable.' };
  } else yield { type: 'text_delta', text: `Answer ${request.messages.length}.` };
  yield { type: 'usage', usage: { inputTokens: Math.max(floor, Math.ceil(JSON.stringify(request).length / 4)), outputTokens: 20 } };
  yield { type: 'stop', reason: 'end_turn' };
}

function mount(window = 10_000, usageFloor = 1_500) {
  floor = usageFloor;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-context-'));
  dirs.push(dir);
  const { host, approvals } = createHostWithApprovals(
    { cwd: dir, env: { HOME: dir, PATH: process.env.PATH }, interactive: true },
    { logPath: path.join(dir, 'approvals.log') },
  );
  defineTuiOptions(host.options);
  const provider = scriptedProvider([], { afterScript: model, modelInfo: { contextWindow: window } });
  host.providers.register({ name: 'scripted', create: () => provider });
  host.options.set('model', 'scripted/test');
  const store = new SessionStore(path.join(dir, 'sessions'));
  const session = new Session(host, { store });
  const { type, frame } = mountController({ host, session, approvals, version: 'test', store });
  const waitFor = async (check: () => boolean, what: string, ms = 4000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${frame()}`);
      await settle(1);
    }
  };
  return { session, type, frame, waitFor, provider, store };
}

describe('the context window in the interface', () => {
  it('the status line shows the share of the window the next request uses', async () => {
    const t = mount();
    await t.type('hi', KEY.enter);
    await t.waitFor(() => !t.session.running && /ctx [\d.]+k?\/10k 1\d%/.test(t.frame()), 'the share in the status line');
  });

  it(':context breaks the context down, with the largest items and their turns', async () => {
    const t = mount();
    await t.type('first prompt', KEY.enter);
    await t.waitFor(() => !t.session.running && t.frame().includes('Answer 1.'), 'the answer');
    await t.type(':context', KEY.enter);
    await t.waitFor(() => t.frame().includes('tool definitions'), 'the breakdown');
    expect(t.frame()).toMatch(/Context: .* of 10k tokens/);
    expect(t.frame()).toContain("window the provider's");
    expect(t.frame()).toMatch(/turn 1 · prompt/);
  });

  it(':compact shows the summary in the transcript, and :context summary shows it again', async () => {
    const t = mount();
    for (const prompt of ['one', 'two', 'three', 'four']) {
      await t.type(prompt, KEY.enter);
      await t.waitFor(() => !t.session.running && t.frame().includes(`Answer `), `the answer to ${prompt}`);
      await settle(5);
    }
    await t.type(':compact the API', KEY.enter);
    await t.waitFor(() => t.frame().includes('Keep the public API stable.'), 'the summary');
    expect(t.frame()).toMatch(/Compacted: \d+ messages are now sent as this summary/);
    expect(t.provider.requests.filter((r) => r.system === COMPACTION_SYSTEM)).toHaveLength(1);
    await t.type(':context summary', KEY.enter);
    await t.waitFor(() => t.frame().includes('summary is sent in place of the first 2 messages'), ':context summary');
  });

  it('a long session with a small window compacts on its own, shows each summary, and no turn fails', async () => {
    const t = mount(2_000, 0);
    const turns = 40;
    for (let i = 1; i <= turns; i++) {
      const before = t.session.messages.length;
      await t.type(`step ${i}: ${'keep going with the parser '.repeat(8)}`, KEY.enter);
      await t.waitFor(() => !t.session.running && t.session.messages.length >= before + 2, `turn ${i}`, 10_000);
    }
    expect(t.session.messages.filter((m) => m.role === 'user')).toHaveLength(turns);
    expect(t.provider.requests.filter((r) => r.system === COMPACTION_SYSTEM).length).toBeGreaterThanOrEqual(2);
    await t.waitFor(() => t.frame().includes('Keep the public API stable.'), 'a summary in the transcript');
    expect(t.frame()).not.toMatch(/overflowed|compaction failed|context window, so the answer was cut/);
  }, 120_000);
});
