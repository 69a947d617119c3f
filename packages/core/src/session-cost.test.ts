/** What a session costs, lug.opt.max_cost, and what the provider says of its model (deprecation, images). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { LugEvent } from './events.js';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import type { Usage } from './messages.js';
import type { ModelInfo, ProviderEvent } from './provider.js';
import { endOfLifePassed, MODEL_INFO_TIMEOUT_MS, Session } from './session.js';
import { SessionStore } from './session-store.js';
import { scriptedProvider, type ProviderStep as ScriptStep } from '@lug/testing';

const PRICED: ModelInfo = { images: true, pricing: { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 } };

function setup(steps: ScriptStep[], info?: ModelInfo) {
  const host = createHost({ cwd: '/project', env: {}, authorize: allowAll });
  const provider = scriptedProvider(steps, info ? { modelInfo: info } : {});
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m1');
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  const store = new SessionStore(mkdtempSync(join(tmpdir(), 'lug-cost-')));
  const session = new Session(host, { store, systemPrompt: 'SYSTEM' });
  return { host, provider, session, events, store };
}

const answer = (usage: Usage): ProviderEvent[] => [
  { type: 'text_delta', text: 'ok' },
  { type: 'usage', usage },
  { type: 'stop', reason: 'end_turn' },
];
const toolTurn: ProviderEvent[] = [
  { type: 'tool_call', id: 'x', name: 'nothing', argsText: '{}' },
  { type: 'usage', usage: { inputTokens: 1_000_000, outputTokens: 0 } },
  { type: 'stop', reason: 'tool_use' },
];

describe('the cost of a session', () => {
  it('is counted from the model price, cache reads and writes apart from input, on each usage event', async () => {
    const { session, events } = setup([answer({ inputTokens: 1000, outputTokens: 2000, cacheReadTokens: 10_000, cacheWriteTokens: 4000 })], PRICED);
    await session.submit('hi');
    const usage = events.find((e) => e.type === 'usage') as Extract<LugEvent, { type: 'usage' }>;
    // 1000×2 + 2000×10 + 10000×0.2 + 4000×2.5 = 34,000 per million.
    expect(usage.requestCost).toBeCloseTo(0.034, 10);
    expect(usage.cost).toBeCloseTo(0.034, 10);
    expect(usage.total).toEqual({ inputTokens: 1000, outputTokens: 2000, cacheReadTokens: 10_000, cacheWriteTokens: 4000 });
    expect(session.cost).toBeCloseTo(0.034, 10);
  });

  it('uses lug.opt.prices over the provider table', async () => {
    const { session, host } = setup([answer({ inputTokens: 1_000_000, outputTokens: 0 })], PRICED);
    host.options.set('prices', { 'test/m1': { input: 7, output: 1 } });
    await session.submit('hi');
    expect(session.cost).toBe(7);
  });

  it('is unknown (absent from events) for a model with no price', async () => {
    const { session, events } = setup([answer({ inputTokens: 10, outputTokens: 10 })]);
    await session.submit('hi');
    expect(events.find((e) => e.type === 'usage')).not.toHaveProperty('cost');
    expect(session.cost).toBeUndefined();
  });

  it('is kept in the session file and comes back on resume', async () => {
    const { session, store } = setup([answer({ inputTokens: 500_000, outputTokens: 0 })], PRICED);
    await session.submit('hi');
    expect(store.load(session.id).cost).toBe(1);
  });
});

describe('lug.opt.max_cost', () => {
  it('stops the loop before the next request once the session has cost more, saying so', async () => {
    const { session, host, provider, events } = setup([toolTurn, answer({ inputTokens: 1, outputTokens: 1 })], PRICED);
    host.options.set('max_cost', 1.5);
    const end = await session.submit('go');
    expect(end.reason).toBe('max_cost');
    expect(provider.requests).toHaveLength(1);
    expect(events.find((e) => e.type === 'notify')).toMatchObject({ message: 'stopped: this session has cost $2.00, more than lug.opt.max_cost ($1.5); raise lug.opt.max_cost to go on' });
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'max_cost' });
  });

  it('refuses to start when no price is known, since it could not keep the bound', async () => {
    const { session, host, provider } = setup([answer({ inputTokens: 1, outputTokens: 1 })]);
    host.options.set('max_cost', 5);
    const end = await session.submit('go');
    expect(end.reason).toBe('max_cost');
    expect(end.message).toMatch(/lug knows no price for test\/m1.*lug\.opt\.prices/);
    expect(provider.requests).toHaveLength(0);
  });

  it('takes nil for no limit, and refuses a negative one', () => {
    const { host } = setup([]);
    host.options.set('max_cost', null);
    expect(() => host.options.set('max_cost', -1)).toThrow('option max_cost must be a number from 0 up, or nil, got -1');
  });
});

describe('lug.opt.prices', () => {
  it('says what is wrong with a bad table', () => {
    const { host } = setup([]);
    expect(() => host.options.set('prices', { 'm1': { input: 1, output: 1 } })).toThrow(/"m1" must be a model written provider\/model/);
    expect(() => host.options.set('prices', { 'a/b': { input: 1 } })).toThrow('option prices: prices["a/b"] needs at least input and output (dollars per million tokens)');
    expect(() => host.options.set('prices', { 'a/b': { input: 1, output: 2, cached: 1 } })).toThrow(/cached is not a price; the prices are input, output, cache_read, cache_write/);
    expect(() => host.options.set('prices', { 'a/b': { input: -1, output: 2 } })).toThrow(/must be a number of dollars per million tokens, 0 or more, got -1/);
  });
});

describe('what the provider knows of the model', () => {
  it('announces a deprecated model once, in lug\'s words, with its date and replacement', async () => {
    const info: ModelInfo = { deprecation: { endOfLife: 'November 30th, 2999', replacement: 'test/m2' } };
    const { session, events } = setup([answer({ inputTokens: 1, outputTokens: 1 }), answer({ inputTokens: 1, outputTokens: 1 })], info);
    await session.submit('one');
    await session.submit('two');
    const notices = events.filter((e) => e.type === 'notify');
    expect(notices).toEqual([
      { type: 'notify', level: 'warn', message: 'test/m1 is deprecated: it reaches end of life on November 30th, 2999; switch to test/m2 (--model, or lug.opt.model in init.lua)' },
    ]);
  });

  it('says a past end of life in the past tense', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    expect(endOfLifePassed('November 30th, 2026', now)).toBe(true);
    expect(endOfLifePassed('January 22nd, 2027', now)).toBe(false);
    expect(endOfLifePassed('soon', now)).toBe(false);
  });

  it('refuses images for a model that does not accept them, before sending, keeping the history as it was', async () => {
    const { session, provider } = setup([answer({ inputTokens: 1, outputTokens: 1 })], { images: false });
    const image = { type: 'image' as const, mediaType: 'image/png' as const, data: 'AAAA', name: 'shot.png' };
    const end = await session.submit('what is this?', { images: [image] });
    expect(end.reason).toBe('error');
    expect(end.error).toBe('test/m1 does not accept images; choose a model that does (--model, lug.opt.model), or send the prompt without them');
    expect(provider.requests).toHaveLength(0);
    expect(session.messages).toEqual([]);
  });

  it('sends images with the prompt to a model that accepts them', async () => {
    const { session, provider } = setup([answer({ inputTokens: 1, outputTokens: 1 })], PRICED);
    const image = { type: 'image' as const, mediaType: 'image/png' as const, data: 'AAAA', name: 'shot.png' };
    await session.submit('what is this?', { images: [image] });
    expect(provider.requests[0]!.messages[0]).toEqual({ role: 'user', content: 'what is this?', images: [image] });
  });
});

describe('a provider slow to tell what it knows of the model', () => {
  it('does not hold the turn: the turn goes on knowing nothing, and the next turn asks again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let asked = 0;
      const { session, provider } = setup([answer({ inputTokens: 1, outputTokens: 1 }), answer({ inputTokens: 1, outputTokens: 1 })]);
      provider.modelInfo = () => (asked++, new Promise(() => {}));
      const turn = session.submit('hi');
      await vi.advanceTimersByTimeAsync(MODEL_INFO_TIMEOUT_MS);
      expect((await turn).reason).toBe('done');
      const again = session.submit('again');
      await vi.advanceTimersByTimeAsync(MODEL_INFO_TIMEOUT_MS);
      await again;
      expect(asked).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the session file', () => {
  it('is not made for a run that never reached a model, and holds the prompt once one answers', async () => {
    const { session, store } = setup([
      async function* () {
        throw new Error('connect ECONNREFUSED 127.0.0.1:9');
      },
      answer({ inputTokens: 5, outputTokens: 2 }),
    ]);
    const failed = await session.submit('hello?');
    expect(failed.reason).toBe('error');
    expect(store.list()).toEqual([]);
    await session.submit('again');
    const [saved] = store.list();
    const stored = store.load(saved!.id);
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'user', 'assistant']);
    expect(stored.usage).toEqual({ inputTokens: 5, outputTokens: 2 });
  });
});
