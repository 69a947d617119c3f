/**
 * A 200 whose body is not an event stream: a protocol error in the body's own words (before, "a stream lug cannot
 * read" said nothing of what came), asked once (retrying gets the same page); an event stream sent under another
 * content-type still streams.
 */
import type { Provider } from '@lug/core';
import { FAST_RETRY, anthropicStream, collectStream, raw, scriptedServers, text, textOf, type ScriptedServer } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from './anthropic-provider.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

function provider(s: ScriptedServer): Provider {
  return createAnthropicProvider({ apiKey: 'test-key', baseURL: s.anthropicBaseUrl, retry: FAST_RETRY });
}

// What a proxy or captive portal puts in front of an API; a JSON error sent with status 200; an answer from a gateway that ignored `stream: true`.
const HTML_PAGE = raw('<!DOCTYPE html>\n<html><head><title>Access denied by corporate proxy</title></head>\n<body><h1>Blocked</h1></body></html>\n', { headers: { 'content-type': 'text/html; charset=utf-8' } });
const JSON_ERROR = raw(JSON.stringify({ type: 'error', error: { type: 'billing_error', message: 'your credit balance is too low' } }));
const WHOLE_MESSAGE = raw(JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'text', text: 'hi' }], stop_reason: 'end_turn' }));

describe('a 200 that is not an event stream', () => {
  it.each([
    ['an HTML page', HTML_PAGE, 'text/html; charset=utf-8, not an event stream: Access denied by corporate proxy'],
    ['a JSON error', JSON_ERROR, 'application/json, not an event stream: your credit balance is too low'],
    ['a whole message', WHOLE_MESSAGE, 'application/json, not an event stream: {"id":"msg_1","type":"message","role":"assistant","content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn"}'],
  ])('%s is a protocol error in its own words, not retried', async (_what, step, said) => {
    const s = await servers.start([step, text('unused')]);
    const { events, error } = await collectStream(provider(s));
    expect(events).toEqual([]);
    expect(error?.kind).toBe('protocol');
    expect(error?.message).toBe(`Anthropic answered 200 with ${said}`);
    expect(s.modelRequests()).toHaveLength(1);
  });

  it('streams an event stream labelled as something else', async () => {
    const stream = anthropicStream([{ type: 'text', text: 'Hello there' }]);
    const s = await servers.start([{ ...stream, response: { ...stream.response, headers: { 'content-type': 'text/plain' } } }]);
    const { events, error } = await collectStream(provider(s));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Hello there');
  });
});
