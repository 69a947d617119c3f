import { ProviderError, type ProviderEvent } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { assistantMessageOf, collectStream, eventsOfType, historyWithToolCalls, modelRequest, READ_TOOL_SPEC, textOf } from './provider-kit.js';

import { scriptedProvider } from './scripted-provider.js';

/** A provider that streams `events` a millisecond apart (stopping with "cancelled" once its signal aborts), then ends or throws `then`. */
function listProvider(events: ProviderEvent[], then?: Error) {
  if (!then) return scriptedProvider([events], { eventDelayMs: 1 });
  return scriptedProvider([
    async function* () {
      yield* events;
      throw then;
    },
  ]);
}

const three: ProviderEvent[] = [
  { type: 'text_delta', text: 'a' },
  { type: 'text_delta', text: 'b' },
  { type: 'stop', reason: 'end_turn' },
];

describe('collectStream', () => {
  it('collects every event of a stream that ends well', async () => {
    expect(await collectStream(listProvider(three))).toEqual({ events: three, error: undefined });
  });

  it('returns the error a stream ends with, after the events before it', async () => {
    const cut = new ProviderError('cut', 'cut');
    expect(await collectStream(listProvider(three.slice(0, 1), cut))).toEqual({ events: three.slice(0, 1), error: cut });
  });

  it('aborts right after the first event abortAfter picks', async () => {
    const { events, error } = await collectStream(listProvider(three), modelRequest(), { abortAfter: (e) => e.type === 'text_delta' });
    expect(events).toEqual(three.slice(0, 1));
    expect(error!.kind).toBe('cancelled');
  });

  it("follows the caller's signal, aborted before or during the stream", async () => {
    const before = new AbortController();
    before.abort();
    expect((await collectStream(listProvider(three), modelRequest(), { signal: before.signal })).error!.kind).toBe('cancelled');
  });
});

describe('reading events', () => {
  it('joins the text and picks the events of one type', () => {
    expect(textOf(three)).toBe('ab');
    expect(eventsOfType(three, 'stop')).toEqual([{ type: 'stop', reason: 'end_turn' }]);
  });
});

describe('requests', () => {
  it('makes a request with defaults, each of which can be replaced', () => {
    expect(modelRequest()).toEqual({
      model: 'scripted-model',
      system: 'You are a test.',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [READ_TOOL_SPEC],
      maxTokens: 1024,
    });
    expect(modelRequest({ model: 'm', tools: [] })).toMatchObject({ model: 'm', tools: [], maxTokens: 1024 });
  });

  it('gives a fresh history each time: two calls, the second with argument text that is not JSON', () => {
    const history = historyWithToolCalls();
    expect(history).not.toBe(historyWithToolCalls());
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(JSON.stringify(history)).toContain('"argsText":"{\\"path\\": \\"b"');
  });
});

describe('assistantMessageOf', () => {
  it('joins text deltas and keeps reasoning parts and tool calls in their places', () => {
    const reasoning = { type: 'reasoning' as const, text: 'why', source: 'openai-chat' };
    expect(
      assistantMessageOf([
        { type: 'reasoning_delta', text: 'why' },
        { type: 'reasoning', part: reasoning },
        { type: 'text_delta', text: 'Rea' },
        { type: 'text_delta', text: 'ding.' },
        { type: 'tool_call', id: 'c1', name: 'read', argsText: '{}' },
        { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } },
        { type: 'stop', reason: 'tool_use' },
      ]),
    ).toEqual({
      role: 'assistant',
      content: [reasoning, { type: 'text', text: 'Reading.' }, { type: 'tool_call', id: 'c1', name: 'read', argsText: '{}' }],
    });
  });
});
