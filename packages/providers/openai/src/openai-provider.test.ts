import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_RETRY, ProviderError, type Message, type ModelRequest, type Provider, type RetryPolicy } from '@lug/core';
import {
  FAST_RETRY,
  READ_TOOL_SPEC,
  collectStream,
  cut,
  eventsOfType,
  historyWithToolCalls,
  httpError,
  modelRequest,
  scriptedServers,
  streamError,
  text,
  textOf,
  toolCall,
  toolsOf,
  type ScriptedServer,
} from '@lug/testing';
import { describeProviderContract } from '@lug/testing/provider-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider, openaiProvider } from './openai-provider.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());
const serve = servers.start;

function provider(s: ScriptedServer, retry: RetryPolicy = FAST_RETRY, options: { idleTimeoutMs?: number } = {}): Provider {
  return createOpenAIProvider({ apiKey: 'test-key', baseURL: s.openaiBaseUrl, retry, ...options });
}

const request = (messages?: Message[], fields: Partial<ModelRequest> = {}) => modelRequest({ model: 'qwen3-coder', ...(messages && { messages }), ...fields });

describeProviderContract({ create: provider, serverName: 'the OpenAI-compatible server', serverErrorType: 'server_error', eventsBeforeText: 0 });

describe('streaming an answer', () => {
  it('sends the system prompt as a system message, the tools, and only parameters compatible servers accept', async () => {
    const s = await serve([text('ok')]);
    await collectStream(provider(s), request());
    const [req] = s.modelRequests();
    expect(req!.path).toBe('/v1/chat/completions');
    expect(Object.keys(req!.body).sort()).toEqual(['max_tokens', 'messages', 'model', 'stream', 'stream_options', 'tools']);
    expect(req!.body).toMatchObject({ model: 'qwen3-coder', max_tokens: 1024, stream: true, stream_options: { include_usage: true } });
    expect(req!.body.messages[0]).toEqual({ role: 'system', content: 'You are a test.' });
    expect(toolsOf(req!)).toEqual([{ name: 'read', description: 'Read a file.', parameters: READ_TOOL_SPEC.parameters }]);
    expect(req!.headers.authorization).toBe('Bearer test-key');
  });

  it('sends no tools field when there are no tools, and no system message when the prompt is empty', async () => {
    const s = await serve([text('ok')]);
    await collectStream(provider(s), request(undefined, { tools: [], system: '' }));
    const body = s.modelRequests()[0]!.body;
    expect(body.tools).toBeUndefined();
    expect(body.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });
});

describe('the conversation on the wire', () => {
  it('sends assistant tool_calls and one role:tool message per result', async () => {
    const s = await serve([text('done')]);
    await collectStream(provider(s), request(historyWithToolCalls()));
    expect(s.modelRequests()[0]!.body.messages).toEqual([
      { role: 'system', content: 'You are a test.' },
      { role: 'user', content: 'read a and b' },
      {
        role: 'assistant',
        content: 'Reading.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"path":"a"}' } },
          { id: 'call_2', type: 'function', function: { name: 'read', arguments: JSON.stringify({ _raw: '{"path": "b' }) } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'alpha' },
      { role: 'tool', tool_call_id: 'call_2', content: 'invalid arguments for read: not JSON' },
      { role: 'user', content: 'and now?' },
    ]);
  });

  it('sends content null for an assistant message of tool calls only, and {} for empty arguments', async () => {
    const s = await serve([text('ok')]);
    const messages: Message[] = [
      { role: 'user', content: 'list' },
      { role: 'assistant', content: [{ type: 'tool_call', id: 'c', name: 'ls', argsText: '' }] },
      { role: 'tool', results: [{ type: 'tool_result', callId: 'c', name: 'ls', content: 'a\nb', isError: false }] },
    ];
    await collectStream(provider(s), request(messages));
    expect(s.modelRequests()[0]!.body.messages[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c', type: 'function', function: { name: 'ls', arguments: '{}' } }],
    });
  });
});

describe('retries', () => {
  it('retries 429 honouring retry-after (with the default policy)', async () => {
    const s = await serve([httpError(429, { retryAfter: 0 }), httpError(429, { headers: { 'retry-after-ms': '10' } }), text('ok')]);
    const { events, error } = await collectStream(provider(s, DEFAULT_RETRY), request());
    expect(error).toBeUndefined();
    expect(eventsOfType(events, 'retry').map((e) => e.delayMs)).toEqual([0, 10]);
    expect(s.modelRequests()).toHaveLength(3);
  });

  it('does not retry an exhausted quota', async () => {
    const s = await serve([httpError(429, { body: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } } })]);
    const { error } = await collectStream(provider(s), request());
    expect(error!.kind).toBe('bad_request');
    expect(error!.message).toMatch(/exceeded your current quota; check your plan and billing details/);
    expect(s.modelRequests()).toHaveLength(1);
  });

  it('retries an error reported inside the stream before the answer began', async () => {
    const s = await serve([streamError([], { errorType: 'server_error' }), text('ok')]);
    const { events, error } = await collectStream(provider(s), request());
    expect(error).toBeUndefined();
    expect(eventsOfType(events, 'retry')).toHaveLength(1);
    expect(s.modelRequests()).toHaveLength(2);
  });

  it('does not retry a 400, and passes the server message on', async () => {
    const s = await serve([httpError(400, { message: "'tools' is not supported" }), text('unused')]);
    const { error } = await collectStream(provider(s), request());
    expect(error!.kind).toBe('bad_request');
    expect(error!.status).toBe(400);
    expect(error!.message).toBe("OpenAI-compatible server error (400 invalid_request_error): 'tools' is not supported");
    expect(s.modelRequests()).toHaveLength(1);
  });
});

describe('a stream cut after text was shown', () => {
  it('is also an error when the tool calls were cut before the finish', async () => {
    const s = await serve([cut(text('Calling.'), toolCall('read', { path: 'a' }))]);
    const { events, error } = await collectStream(provider(s), request());
    expect(eventsOfType(events, 'tool_call')).toHaveLength(0);
    expect(error!.kind).toBe('cut');
  });
});

describe('the factory', () => {
  it('is named openai and reads the key and the base URL from the environment', async () => {
    const s = await serve([text('from env')]);
    expect(openaiProvider.name).toBe('openai');
    const p = await openaiProvider.create({ OPENAI_API_KEY: 'env-key', OPENAI_BASE_URL: s.openaiBaseUrl });
    expect(p.name).toBe('openai');
    expect(textOf((await collectStream(p, request())).events)).toBe('from env');
    expect(s.modelRequests()[0]!.headers.authorization).toBe('Bearer env-key');
  });

  it('needs no key with OPENAI_BASE_URL (a local server)', async () => {
    const s = await serve([text('local')]);
    const p = await openaiProvider.create({ OPENAI_BASE_URL: s.openaiBaseUrl });
    expect(textOf((await collectStream(p, request())).events)).toBe('local');
  });

  it('refuses a missing key with one line naming OPENAI_API_KEY and OPENAI_BASE_URL', () => {
    let error: ProviderError | undefined;
    try {
      openaiProvider.create({});
    } catch (err) {
      error = err as ProviderError;
    }
    expect(error!.kind).toBe('config');
    expect(error!.message).toMatch(/^OPENAI_API_KEY is not set.*OPENAI_BASE_URL/);
    expect(error!.message).not.toContain('\n');
  });

  it('reports an unreachable local server as a connection error, asking whether it runs', async () => {
    const p = createOpenAIProvider({ baseURL: 'http://127.0.0.1:9/v1', retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const { error } = await collectStream(p, request());
    expect(error!.kind).toBe('connection');
    expect(error!.message).toMatch(/could not reach the OpenAI-compatible server at http:\/\/127\.0\.0\.1:9\/v1: .*is the server running\?/);
  });

  it('imports the SDK only on first use (no static import in the sources)', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/^import(?! type)[^;]*['"]openai['"]/m);
    }
  });
});
