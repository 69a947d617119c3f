import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_RETRY, ProviderError, type Message, type ModelRequest, type Provider, type RetryPolicy } from '@lug/core';
import {
  FAST_RETRY,
  READ_TOOL_SPEC,
  collectStream,
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
import { anthropicProvider, createAnthropicProvider } from './anthropic-provider.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());
const serve = servers.start;

function provider(s: ScriptedServer, retry: RetryPolicy = FAST_RETRY, options: { idleTimeoutMs?: number } = {}): Provider {
  return createAnthropicProvider({ apiKey: 'test-key', baseURL: s.anthropicBaseUrl, retry, ...options });
}

const request = (messages?: Message[], fields: Partial<ModelRequest> = {}) => modelRequest({ model: 'claude-test', ...(messages && { messages }), ...fields });

describeProviderContract({ create: provider, serverName: 'Anthropic', serverErrorType: 'api_error', eventsBeforeText: 1 });

describe('streaming an answer', () => {
  it('sends the model, max_tokens, the system prompt and the tools with their exact schema', async () => {
    const s = await serve([text('ok')]);
    await collectStream(provider(s), request());
    const [req] = s.modelRequests();
    expect(req!.path).toBe('/v1/messages');
    expect(req!.body).toMatchObject({ model: 'claude-test', max_tokens: 1024, stream: true });
    expect(req!.body.system).toEqual([{ type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } }]);
    expect(toolsOf(req!)).toEqual([{ name: 'read', description: 'Read a file.', parameters: READ_TOOL_SPEC.parameters }]);
    expect(req!.headers['anthropic-version']).toBeDefined();
    expect(JSON.stringify(req!.headers)).toContain('test-key');
  });

  it('gives a call streamed without argument deltas the input of its start block', async () => {
    const s = await serve([toolCall('ls', {}, { id: 't', fragments: [] })]);
    const { events } = await collectStream(provider(s), request());
    expect(eventsOfType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 't', name: 'ls', argsText: '{}' }]);
  });
});

describe('the conversation on the wire', () => {
  it('sends tool_use blocks, tool results in one user message merged with the next prompt', async () => {
    const s = await serve([text('done')]);
    await collectStream(provider(s), request(historyWithToolCalls()));
    const messages = s.modelRequests()[0]!.body.messages;
    expect(messages).toHaveLength(3);
    expect(messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'read a and b' }] });
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'tool_use', id: 'call_1', name: 'read', input: { path: 'a' } },
        { type: 'tool_use', id: 'call_2', name: 'read', input: { _raw: '{"path": "b' } },
      ],
    });
    expect(messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'call_1', content: 'alpha' },
        { type: 'tool_result', tool_use_id: 'call_2', content: 'invalid arguments for read: not JSON', is_error: true },
        { type: 'text', text: 'and now?', cache_control: { type: 'ephemeral' } },
      ],
    });
  });
});

describe('retries', () => {
  it('retries 429 and 529, honouring retry-after (with the default policy)', async () => {
    const s = await serve([httpError(429, { retryAfter: 0 }), httpError(529, { retryAfter: 0 }), text('ok')]);
    const t0 = Date.now();
    const { events, error } = await collectStream(provider(s, DEFAULT_RETRY), request());
    expect(error).toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(400);
    expect(eventsOfType(events, 'retry').map((e) => e.delayMs)).toEqual([0, 0]);
    expect(s.modelRequests()).toHaveLength(3);
  });

  it('retries an overloaded error reported inside the stream before the answer began', async () => {
    const s = await serve([streamError([]), text('ok')]);
    const { events, error } = await collectStream(provider(s), request());
    expect(error).toBeUndefined();
    expect(eventsOfType(events, 'retry')[0]!.error).toMatch(/overloaded_error/);
    expect(s.modelRequests()).toHaveLength(2);
  });

  it('does not retry a 400, and passes the server message on', async () => {
    const s = await serve([httpError(400, { message: 'messages: roles must alternate' }), text('unused')]);
    const { error } = await collectStream(provider(s), request());
    expect(error!.kind).toBe('bad_request');
    expect(error!.status).toBe(400);
    expect(error!.message).toBe('Anthropic API error (400 invalid_request_error): messages: roles must alternate');
    expect(s.modelRequests()).toHaveLength(1);
  });

  it('does not retry a rejected key, and says which variable to check', async () => {
    const s = await serve([httpError(401)]);
    const { error } = await collectStream(provider(s), request());
    expect(error!.kind).toBe('auth');
    expect(error!.message).toMatch(/check ANTHROPIC_API_KEY$/);
    expect(s.modelRequests()).toHaveLength(1);
  });
});

describe('the factory', () => {
  it('is named anthropic and reads the key and the base URL from the environment', async () => {
    const s = await serve([text('from env')]);
    expect(anthropicProvider.name).toBe('anthropic');
    const p = await anthropicProvider.create({ ANTHROPIC_API_KEY: 'env-key', ANTHROPIC_BASE_URL: s.anthropicBaseUrl });
    expect(p.name).toBe('anthropic');
    expect(textOf((await collectStream(p, request())).events)).toBe('from env');
    expect(JSON.stringify(s.modelRequests()[0]!.headers)).toContain('env-key');
  });

  it('refuses a missing key with one line naming ANTHROPIC_API_KEY', () => {
    let error: ProviderError | undefined;
    try {
      anthropicProvider.create({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    } catch (err) {
      error = err as ProviderError;
    }
    expect(error).toBeInstanceOf(ProviderError);
    expect(error!.kind).toBe('config');
    expect(error!.message).toMatch(/^ANTHROPIC_API_KEY is not set/);
    expect(error!.message).not.toContain('\n');
  });

  it('reports an unreachable server as a connection error naming the URL', async () => {
    const p = createAnthropicProvider({ apiKey: 'k', baseURL: 'http://127.0.0.1:9', retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const { error } = await collectStream(p, request());
    expect(error!.kind).toBe('connection');
    expect(error!.message).toMatch(/could not reach Anthropic at http:\/\/127\.0\.0\.1:9/);
  });

  it('imports the SDK only on first use (no static import in the sources)', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/^import(?! type)[^;]*['"]@anthropic-ai\/sdk['"]/m);
    }
  });
});
