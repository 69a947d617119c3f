/**
 * The provider against streams and errors shaped as Anthropic's servers send
 * them (the fixtures of @lug/testing, each with a note of where its shape
 * comes from), replayed over HTTP through the real SDK.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider, RetryPolicy } from '@lug/core';
import { anthropicFixture, collectStream, eventsOfType, FAST_RETRY, modelRequest, scriptedServers, text, textOf, type ScriptedServer } from '@lug/testing';
import { createAnthropicProvider } from './anthropic-provider.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

function provider(s: ScriptedServer, retry: RetryPolicy = FAST_RETRY): Provider {
  return createAnthropicProvider({ apiKey: 'test-key', baseURL: s.anthropicBaseUrl, retry });
}

async function replay(...names: string[]) {
  const s = await servers.start(names.map((n) => anthropicFixture(n)));
  const result = await collectStream(provider(s), modelRequest({ model: 'claude-sonnet-5-5' }));
  return { ...result, server: s };
}

describe('thinking', () => {
  it('streams as reasoning deltas and keeps the block with its signature, apart from the text (message_start and message_delta without usage)', async () => {
    const { events, error } = await replay('thinking-text');
    expect(error).toBeUndefined();
    expect(eventsOfType(events, 'reasoning_delta').map((e) => e.text).join('')).toBe('The user wants the GCD of 1071 and 462.\n\n1071 = 2 × 462 + 147\n462 = 3 × 147 + 21\n147 = 7 × 21 + 0\n\nSo it is 21.');
    expect(eventsOfType(events, 'reasoning')).toEqual([
      {
        type: 'reasoning',
        part: {
          type: 'reasoning',
          text: 'The user wants the GCD of 1071 and 462.\n\n1071 = 2 × 462 + 147\n462 = 3 × 147 + 21\n147 = 7 × 21 + 0\n\nSo it is 21.',
          source: 'anthropic',
          signature: 'EqQBCkgIARABGAIiQFixtureSignatureOfTheGcdThinkingBlockAAAA==',
          model: 'claude-sonnet-5-5',
        },
      },
    ]);
    expect(textOf(events)).toBe('The greatest common divisor of 1071 and 462 is **21**.');
    expect(events.findIndex((e) => e.type === 'reasoning')).toBeLessThan(events.findIndex((e) => e.type === 'text_delta'));
    expect(eventsOfType(events, 'usage')).toEqual([{ type: 'usage', usage: { inputTokens: 0, outputTokens: 0 } }]);
    expect(eventsOfType(events, 'stop')).toEqual([{ type: 'stop', reason: 'end_turn' }]);
  });

  it('keeps redacted thinking as opaque data, in its place', async () => {
    const { events } = await replay('redacted-thinking');
    const parts = eventsOfType(events, 'reasoning').map((e) => e.part);
    expect(parts.map((p) => [p.text, p.signature, p.redacted])).toEqual([
      ['Let me think about this.', 'EqYBCkQIBRABGAIiQFixtureSignatureBeforeRedactedEEEE==', undefined],
      ['', undefined, 'EmwKAhgBEgyFixtureRedactedThinkingDataOpaqueAndEncryptedFFFF'],
    ]);
  });
});

describe('stop reasons', () => {
  it('passes a refusal on with the server\'s category and explanation', async () => {
    const { events } = await replay('refusal');
    expect(textOf(events)).toBe('I can help with');
    expect(eventsOfType(events, 'stop')).toEqual([{ type: 'stop', reason: 'refusal', detail: 'cyber: This request could enable malware development.' }]);
  });

  it('passes a tool call cut by max_tokens on as it came, with the stop reason', async () => {
    const { events } = await replay('max-tokens-tool-call');
    expect(eventsOfType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 'toolu_fixture_write_cut', name: 'write', argsText: '{"path": "big.txt", "content": "line 1\\nline 2\\nline' }]);
    expect(eventsOfType(events, 'stop')[0]!.reason).toBe('max_tokens');
  });

  it.each([
    ['max-tokens-text', 'max_tokens'],
    ['context-window', 'context_window'],
    ['pause-turn', 'pause_turn'],
  ] as const)('reads %s as %s', async (name, reason) => {
    const { events } = await replay(name);
    expect(eventsOfType(events, 'stop')[0]!.reason).toBe(reason);
  });
});

describe('usage', () => {
  it('counts cache writes and reads apart from input tokens', async () => {
    const { events } = await replay('thinking-tool-1');
    expect(eventsOfType(events, 'usage')[0]!.usage).toEqual({ inputTokens: 1850, outputTokens: 96, cacheReadTokens: 0, cacheWriteTokens: 1200 });
  });

  it('reads the thinking tokens of output_tokens_details', async () => {
    const { events } = await replay('thinking-tool-3');
    expect(eventsOfType(events, 'usage')[0]!.usage).toEqual({ inputTokens: 120, outputTokens: 88, cacheReadTokens: 1510, cacheWriteTokens: 180, reasoningTokens: 41 });
  });

  it('never lets a zero in message_delta overwrite the count message_start gave', async () => {
    const { events } = await replay('input-tokens-zero-in-delta');
    expect(eventsOfType(events, 'usage')[0]!.usage).toEqual({ inputTokens: 1234, outputTokens: 42, cacheReadTokens: 500 });
  });
});

describe('streams lug cannot read', () => {
  it('reads a delta without partial_json as an empty fragment', async () => {
    const { events, error } = await replay('delta-without-partial-json');
    expect(error).toBeUndefined();
    expect(eventsOfType(events, 'tool_call')[0]!.argsText).toBe('{"path": "notes.txt"}');
  });

  it('reports an event that is not JSON as a protocol error showing it, and does not retry', async () => {
    const { error, server } = await replay('not-json-event', 'thinking-text');
    expect(error!.kind).toBe('protocol');
    expect(error!.message).toMatch(/^Anthropic sent a stream lug cannot read \(an event that is not JSON: [^)]*\): {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""$/);
    expect(server.modelRequests()).toHaveLength(1);
  });

  it('reports a stream with no event in Anthropic\'s format as a protocol error, and does not retry', async () => {
    const { error, server } = await replay('data-lines-without-event', 'thinking-text');
    expect(error!.kind).toBe('protocol');
    expect(error!.message).toMatch(/no events in Anthropic's format/);
    expect(server.modelRequests()).toHaveLength(1);
  });

  it('reports an event without what it must carry as a protocol error showing the event', async () => {
    const { error, server } = await replay('block-start-without-block', 'thinking-text');
    expect(error!.kind).toBe('protocol');
    expect(error!.message).toBe('Anthropic sent a stream lug cannot read (a content_block_start without its block or index): {"type":"content_block_start","index":0}');
    expect(server.modelRequests()).toHaveLength(1);
  });
});

describe('errors, whatever the body', () => {
  it('retries an overloaded error inside the stream, and a 529', async () => {
    const s = await servers.start([anthropicFixture('overloaded-in-stream'), anthropicFixture('overloaded-529'), text('fine')]);
    const { events, error } = await collectStream(provider(s), modelRequest({ model: 'claude-sonnet-5-5' }));
    expect(error).toBeUndefined();
    expect(eventsOfType(events, 'retry').map((e) => e.error)).toEqual([
      'Anthropic API error (overloaded_error): Overloaded; Anthropic is overloaded; try again shortly',
      'Anthropic API error (529 overloaded_error): Overloaded; Anthropic is overloaded; try again shortly',
    ]);
    expect(textOf(events)).toBe('fine');
  });

  it("shows a gateway's HTML page by its title", async () => {
    const s = await servers.start([anthropicFixture('gateway-502-html'), text('fine')]);
    const { events } = await collectStream(provider(s), modelRequest({ model: 'claude-sonnet-5-5' }));
    expect(eventsOfType(events, 'retry')[0]!.error).toBe('Anthropic API error (502): 502 Bad Gateway');
  });

  it("shows a proxy's {\"message\": …} body as it is", async () => {
    const { error } = await replay('proxy-400-message');
    expect(error!.message).toBe('Anthropic API error (400): model claude-sonnet-5-5 is not allowed for this key');
    expect(error!.kind).toBe('bad_request');
  });
});
