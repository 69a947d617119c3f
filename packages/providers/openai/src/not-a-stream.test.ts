/**
 * A 200 whose body is not an event stream, on both wires: a protocol error in
 * the body's own words, asked once (retrying gets the same page).
 */
import type { Provider } from '@lug/core';
import { FAST_RETRY, collectStream, raw, scriptedServers, text, type ScriptedServer } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider } from './openai-provider.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

// What a proxy or captive portal puts in front of an API; and a JSON error sent with status 200.
const HTML_PAGE = raw('<!DOCTYPE html>\n<html><head><title>Access denied by corporate proxy</title></head>\n<body><h1>Blocked</h1></body></html>\n', { headers: { 'content-type': 'text/html; charset=utf-8' } });
const JSON_ERROR = raw(JSON.stringify({ error: { message: 'monthly quota exceeded', type: 'insufficient_quota' } }));

describe.each(['chat', 'responses'])('a 200 that is not an event stream (%s)', (api) => {
  function provider(s: ScriptedServer): Provider {
    return createOpenAIProvider({ apiKey: 'test-key', baseURL: s.openaiBaseUrl, retry: FAST_RETRY, compat: { api } });
  }

  it.each([
    ['an HTML page', HTML_PAGE, 'text/html; charset=utf-8, not an event stream: Access denied by corporate proxy'],
    ['a JSON error', JSON_ERROR, 'application/json, not an event stream: monthly quota exceeded'],
  ])('%s is a protocol error in its own words, not retried', async (_what, step, said) => {
    const s = await servers.start([step, text('unused')]);
    const { events, error } = await collectStream(provider(s));
    expect(events).toEqual([]);
    expect(error?.kind).toBe('protocol');
    expect(error?.message).toBe(`the OpenAI-compatible server answered 200 with ${said}`);
    expect(s.modelRequests()).toHaveLength(1);
  });
});
