/**
 * What the providers issue gives the interface, with the real core (Session,
 * agent loop, session store) and an in-process scripted model: reasoning shown
 * dim and collapsed (Ctrl-O opens it), the session's cost in the status line
 * (kept across :resume), :think, and `@shot.png` attaching an image.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { Session, SessionStore, type ModelInfo, type ModelRequest, type ProviderEvent } from '@lug/core';
import { createHostWithApprovals } from '@lug/approvals';
import { scriptedProvider, type ProviderStep } from '@lug/testing';
import { contextText } from './status-line.js';
import { defineTuiOptions } from './options.js';
import { KEY, settle } from './test-support/ink.js';
import { mountController } from './test-support/mount-app.js';

const dirs: string[] = [];
afterEach(() => {
  cleanup();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const usage = (inputTokens: number, outputTokens: number): ProviderEvent => ({ type: 'usage', usage: { inputTokens, outputTokens } });
const end: ProviderEvent = { type: 'stop', reason: 'end_turn' };
const reasoning = (text: string): ProviderEvent[] => [
  { type: 'reasoning_delta', text },
  { type: 'reasoning', part: { type: 'reasoning', text, source: 'anthropic', signature: 'sig' } },
];

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function mount(steps: ProviderStep[], opts: { modelInfo?: ModelInfo } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-prov-'));
  dirs.push(dir);
  const { host, approvals } = createHostWithApprovals(
    { cwd: dir, env: { HOME: dir, XDG_STATE_HOME: path.join(dir, 'state'), PATH: process.env.PATH }, interactive: true },
    { logPath: path.join(dir, 'approvals.log') },
  );
  defineTuiOptions(host.options);
  const provider = scriptedProvider(steps, { eventDelayMs: 1, ...(opts.modelInfo ? { modelInfo: opts.modelInfo } : {}) });
  host.providers.register({ name: 'scripted', create: () => provider });
  host.options.set('model', 'scripted/test');
  const store = new SessionStore(path.join(dir, 'sessions'));
  const session = new Session(host, { store });
  const { controller, type, frame } = mountController({ host, session, approvals, version: 'test', store });
  const waitFor = async (check: () => boolean, what: string, ms = 4000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${frame()}`);
      await settle(1);
    }
  };
  return { host, session, controller, provider, type, frame, waitFor, dir };
}

describe('reasoning in the transcript', () => {
  it('streams dim under "thinking…", then folds to one line apart from the answer', async () => {
    let go!: () => void;
    const held = new Promise<void>((resolve) => (go = resolve));
    const t = mount([
      async function* () {
        yield { type: 'reasoning_delta', text: 'First I look at\nthe parser' } as ProviderEvent;
        await held;
        yield { type: 'reasoning', part: { type: 'reasoning', text: 'First I look at\nthe parser', source: 'anthropic', signature: 's' } } as ProviderEvent;
        yield { type: 'text_delta', text: 'The parser is fine.' } as ProviderEvent;
        yield usage(10, 5);
        yield end;
      },
    ]);
    await t.type('check it', KEY.enter);
    await t.waitFor(() => t.frame().includes('∴ thinking…'), 'the streaming reasoning');
    expect(t.frame()).toContain('the parser');
    go();
    await t.waitFor(() => !t.session.running && t.frame().includes('The parser is fine.'), 'the answer');
    expect(t.frame()).toContain('∴ reasoning · 2 lines · Ctrl-O shows it');
    expect(t.frame()).not.toContain('First I look at');
  });

  it('prints the last reasoning in full on Ctrl-O', async () => {
    const t = mount([[...reasoning('Step one.\nStep two.\nStep three.'), { type: 'text_delta', text: 'Done.' }, usage(10, 5), end]]);
    await t.type('go', KEY.enter);
    await t.waitFor(() => !t.session.running && t.frame().includes('Done.'), 'the answer');
    await t.type(KEY.ctrl('o'));
    await t.waitFor(() => t.frame().includes('Step three.'), 'the opened reasoning');
    expect(t.frame()).toContain('∴ reasoning · 3 lines');
  });

  it('opens the block still streaming with Ctrl-O, and it is written whole when it ends', async () => {
    let go!: () => void;
    const held = new Promise<void>((resolve) => (go = resolve));
    const lines = Array.from({ length: 6 }, (_, i) => `thought ${i + 1}`).join('\n');
    const t = mount([
      async function* () {
        yield { type: 'reasoning_delta', text: lines } as ProviderEvent;
        await held;
        yield { type: 'text_delta', text: 'Answer.' } as ProviderEvent;
        yield usage(10, 5);
        yield end;
      },
    ]);
    await t.type('go', KEY.enter);
    await t.waitFor(() => t.frame().includes('∴ thinking…'), 'the streaming reasoning');
    // Collapsed, only the last rows show.
    expect(t.frame()).not.toContain('thought 1');
    expect(t.frame()).toContain('thought 6');
    await t.type(KEY.ctrl('o'));
    await t.waitFor(() => t.frame().includes('thought 1'), 'the opened block');
    go();
    await t.waitFor(() => !t.session.running && t.frame().includes('Answer.'), 'the answer');
    expect(t.frame()).toContain('thought 1');
    expect(t.frame()).toContain('∴ reasoning · 6 lines');
  });

  it('shows the reasoning kept in a resumed session, collapsed', async () => {
    const t = mount([[...reasoning('Kept thought.'), { type: 'text_delta', text: 'First answer.' }, usage(10, 5), end]]);
    await t.type('first', KEY.enter);
    await t.waitFor(() => !t.session.running, 'the first turn');
    const id = t.session.id;
    await t.type(':clear', KEY.enter);
    await t.type(`:resume ${id}`, KEY.enter);
    await t.waitFor(() => t.frame().includes(`resumed ${id}`), ':resume');
    const after = t.frame().slice(t.frame().indexOf('new conversation'));
    expect(after).toContain('∴ reasoning · 1 line · Ctrl-O shows it');
    expect(after).toContain('First answer.');
  });
});

describe('cost in the status line', () => {
  const pricing = { input: 3, output: 15 };

  it("shows the session's cost after a request to a priced model", async () => {
    const t = mount([[{ type: 'text_delta', text: 'Hi.' }, usage(100, 20), end]], { modelInfo: { pricing } });
    expect(t.frame()).not.toContain('$');
    await t.type('hi', KEY.enter);
    await t.waitFor(() => !t.session.running && t.frame().includes('Hi.'), 'the answer');
    // 100 × $3 + 20 × $15 per million tokens.
    expect(t.frame()).toMatch(/↑100 ↓20 · ctx \d+\/128k 0% · \$0\.0006/);
  });

  it("shows how full the context is from the core's accounting: tokens the next request uses, of the model's window", async () => {
    const t = mount([[{ type: 'text_delta', text: 'Hi.' }, usage(100, 20), end]], { modelInfo: { contextWindow: 1000 } });
    await t.type('hi', KEY.enter);
    await t.waitFor(() => !t.session.running && t.frame().includes('Hi.'), 'the answer');
    await t.waitFor(() => /ctx \d+\/1\.0k \d+%/.test(t.frame()), 'the share of the window');
  });

  it('falls back to the last prompt\'s tokens and setContextWindow where no accounting speaks', () => {
    expect(contextText({ tokens: 100, window: 1000 })).toBe('ctx 100/1.0k 10%');
    expect(contextText({ tokens: 100 })).toBe('ctx 100');
    expect(contextText({ tokens: 100, window: 1000, percent: 12.4 })).toBe('ctx 100/1.0k 12%');
  });

  it('keeps the cost of a conversation continued with :resume', async () => {
    const t = mount([[{ type: 'text_delta', text: 'Hi.' }, usage(100, 20), end]], { modelInfo: { pricing } });
    await t.type('hi', KEY.enter);
    await t.waitFor(() => !t.session.running, 'the turn');
    const id = t.session.id;
    await t.type(':clear', KEY.enter);
    await t.waitFor(() => !t.frame().includes('$0.0006'), 'the new conversation');
    await t.type(`:resume ${id}`, KEY.enter);
    await t.waitFor(() => t.frame().includes(`resumed ${id}`), ':resume');
    expect(t.session.cost).toBeCloseTo(0.0006, 10);
    expect(t.frame()).toContain('$0.0006');
  });
});

describe(':think', () => {
  it('sets lug.opt.thinking, which the next request carries', async () => {
    const t = mount([[{ type: 'text_delta', text: 'Hm.' }, usage(1, 1), end]]);
    await t.type(':think high', KEY.enter);
    await t.waitFor(() => t.frame().includes('thinking: high'), 'the notice');
    expect(t.host.options.get('thinking')).toBe('high');
    await t.type('go', KEY.enter);
    await t.waitFor(() => !t.session.running, 'the turn');
    expect((t.provider.requests[0] as ModelRequest).thinking).toBe('high');
  });

  it('rejects an unknown level, saying which exist, and leaves the option alone', async () => {
    const t = mount([]);
    await t.type(':think hard', KEY.enter);
    await t.waitFor(() => t.frame().includes('"hard" is not a thinking level'), 'the error');
    expect(t.frame()).toContain('off, minimal, low, medium, high, max');
    expect(t.host.options.get('thinking')).toBe('off');
  });
});

describe('@image in a prompt', () => {
  it('attaches the image to the message for a model that takes images', async () => {
    const t = mount([[{ type: 'text_delta', text: 'A red dot.' }, usage(1, 1), end]], { modelInfo: { images: true } });
    fs.writeFileSync(path.join(t.dir, 'shot.png'), PNG);
    await t.type('what is in @shot.png?', KEY.enter);
    await t.waitFor(() => !t.session.running && t.frame().includes('A red dot.'), 'the answer');
    expect(t.frame()).toContain('attached shot.png (PNG, 1×1');
    const user = t.provider.requests[0]!.messages.at(-1)!;
    expect(user).toMatchObject({ role: 'user', content: 'what is in @shot.png?', images: [{ type: 'image', mediaType: 'image/png', name: 'shot.png' }] });
  });

  it('says so clearly for a model that takes no images, and sends nothing', async () => {
    const t = mount([[{ type: 'text_delta', text: 'never' }, usage(1, 1), end]], { modelInfo: { images: false } });
    fs.writeFileSync(path.join(t.dir, 'shot.png'), PNG);
    await t.type('look at @shot.png', KEY.enter);
    await t.waitFor(() => !t.session.running && t.frame().includes('does not accept images'), 'the error');
    expect(t.provider.requests).toHaveLength(0);
  });

  it('puts the prompt back in the input when the image cannot be read', async () => {
    const t = mount([]);
    await t.type('see @missing.png', KEY.enter);
    await t.waitFor(() => t.frame().includes('cannot read the image missing.png: no such file'), 'the error');
    expect(t.controller.input.text).toBe('see @missing.png');
    expect(t.provider.requests).toHaveLength(0);
  });
});
