/**
 * The Responses API wire: the provider contract against the scripted server's
 * Responses format, and what goes over the wire.
 */
import type { Message, ModelRequest } from '@lug/core';
import { FAST_RETRY, collectStream, historyWithToolCalls, modelRequest, scriptedServers, text, textOf, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { describeProviderContract } from '@lug/testing/provider-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider, openaiProvider } from './openai-provider.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

function provider(s: ScriptedServer, compat: Record<string, unknown> = {}) {
  return createOpenAIProvider({ apiKey: 'test-key', baseURL: s.openaiBaseUrl, retry: FAST_RETRY, compat: { api: 'responses', ...compat } });
}

describeProviderContract({
  create: (s, retry, options) => createOpenAIProvider({ apiKey: 'test-key', baseURL: s.openaiBaseUrl, retry, ...options, compat: { api: 'responses' } }),
  serverName: 'the OpenAI-compatible server',
  serverErrorType: 'server_error',
  // response.created, response.in_progress, output_item.added, content_part.added
  eventsBeforeText: 4,
});

async function sent(compat: Record<string, unknown>, request: Partial<ModelRequest> = {}) {
  const s = await servers.start([text('ok')]);
  const { error } = await collectStream(provider(s, compat), modelRequest(request));
  expect(error).toBeUndefined();
  return s.modelRequests()[0]!;
}

describe('choosing the wire', () => {
  it("is the Responses API on OpenAI's own endpoint, as the server kind openai says", async () => {
    const req = await sent({ api: undefined, server: 'openai' }, { model: 'gpt-5' });
    expect(req.path).toBe('/v1/responses');
  });

  it('is Chat Completions on any other server, and either one on request from the environment', async () => {
    const s = await servers.start([text('chat'), text('responses'), text('chat again')]);
    const run = async (env: Record<string, string>) => {
      const p = await openaiProvider.create({ OPENAI_BASE_URL: s.openaiBaseUrl, ...env });
      return textOf((await collectStream(p, modelRequest())).events);
    };
    expect(await run({})).toBe('chat');
    expect(await run({ LUG_OPENAI_API: 'responses' })).toBe('responses');
    expect(await run({ LUG_OPENAI_COMPAT: '{"server":"openai","api":"chat"}', OPENAI_API_KEY: 'k' })).toBe('chat again');
    expect(s.modelRequests().map((r) => r.path)).toEqual(['/v1/chat/completions', '/v1/responses', '/v1/chat/completions']);
  });
});

describe('the request', () => {
  it('carries the system prompt as instructions, the tools as functions, the cap as max_output_tokens, and stores nothing', async () => {
    const req = await sent({});
    expect(Object.keys(req.body).sort()).toEqual(['input', 'instructions', 'max_output_tokens', 'model', 'store', 'stream', 'tools']);
    expect(req.body).toMatchObject({ instructions: 'You are a test.', max_output_tokens: 1024, stream: true, store: false, input: [{ role: 'user', content: 'hi' }] });
    expect(req.body.tools).toEqual([
      { type: 'function', name: 'read', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, strict: false },
    ]);
  });

  it('asks a reasoning model for its reasoning encrypted, a summary, and the effort of the thinking level', async () => {
    const req = await sent({ server: 'openai' }, { model: 'gpt-5', thinking: 'high' });
    expect(req.body.include).toEqual(['reasoning.encrypted_content']);
    expect(req.body.reasoning).toEqual({ effort: 'high', summary: 'auto' });
    const quiet = await sent({ server: 'openai', reasoning_summary: false }, { model: 'gpt-5' });
    expect(quiet.body.include).toEqual(['reasoning.encrypted_content']);
    expect(quiet.body.reasoning).toBeUndefined();
    const plain = await sent({ server: 'openai' }, { model: 'gpt-4.1', thinking: 'high' });
    expect(plain.body.include).toBeUndefined();
    expect(plain.body.reasoning).toBeUndefined();
  });

  it('sends the conversation as input items: messages, function calls and their outputs, in order', async () => {
    const req = await sent({}, { messages: historyWithToolCalls() });
    expect(req.body.input).toEqual([
      { role: 'user', content: 'read a and b' },
      { role: 'assistant', content: 'Reading.' },
      { type: 'function_call', call_id: 'call_1', name: 'read', arguments: '{"path":"a"}' },
      { type: 'function_call', call_id: 'call_2', name: 'read', arguments: JSON.stringify({ _raw: '{"path": "b' }) },
      { type: 'function_call_output', call_id: 'call_1', output: 'alpha' },
      { type: 'function_call_output', call_id: 'call_2', output: 'invalid arguments for read: not JSON' },
      { role: 'user', content: 'and now?' },
    ]);
  });

  it('sends reasoning items back with their id, summary and encrypted content, before the call they led to; no other wire’s reasoning', async () => {
    const messages: Message[] = [
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'chat thought', source: 'openai-chat' },
          { type: 'reasoning', text: 'Plan: read.', source: 'openai-responses', id: 'rs_1', redacted: 'gAAAA-enc' },
          { type: 'tool_call', id: 'call_1', name: 'read', argsText: '{"path":"a"}' },
        ],
      },
      { role: 'tool', results: [{ type: 'tool_result', callId: 'call_1', name: 'read', content: 'alpha', isError: false }] },
    ];
    const req = await sent({ server: 'openai' }, { model: 'gpt-5', messages });
    expect(req.body.input.slice(1, 3)).toEqual([
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Plan: read.' }], encrypted_content: 'gAAAA-enc' },
      { type: 'function_call', call_id: 'call_1', name: 'read', arguments: '{"path":"a"}' },
    ]);
  });

  it('sends images as input_image parts with a data URL', async () => {
    const req = await sent({}, { messages: [{ role: 'user', content: 'see', images: [{ type: 'image', mediaType: 'image/jpeg', data: '/9j/4AAQ' }] }] });
    expect(req.body.input[0]).toEqual({
      role: 'user',
      content: [
        { type: 'input_text', text: 'see' },
        { type: 'input_image', image_url: 'data:image/jpeg;base64,/9j/4AAQ', detail: 'auto' },
      ],
    });
  });
});

describe('the answer', () => {
  it('gives text, then one tool_call per function call with its call_id, and usage', async () => {
    const s = await servers.start([turn(text('Reading.'), toolCall('read', { path: 'a' }, { id: 'call_9' }), { usage: { inputTokens: 50, outputTokens: 7 } })]);
    const { events, error } = await collectStream(provider(s));
    expect(error).toBeUndefined();
    expect(events.filter((e) => e.type !== 'text_delta')).toEqual([
      { type: 'tool_call', id: 'call_9', name: 'read', argsText: '{"path":"a"}' },
      { type: 'usage', usage: { inputTokens: 50, outputTokens: 7 } },
      { type: 'stop', reason: 'tool_use' },
    ]);
  });

  it('stops with max_tokens when the response is incomplete for max_output_tokens', async () => {
    const s = await servers.start([turn(text('Lo'), { stop: 'max_tokens' })]);
    const { events } = await collectStream(provider(s));
    expect(events[events.length - 1]).toEqual({ type: 'stop', reason: 'max_tokens' });
  });
});
