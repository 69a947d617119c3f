import fs from 'node:fs';
import path from 'node:path';
import { ProviderError, type Message, type ModelRequest, type Provider, type ProviderEvent } from '@lug/core';
import { cut, hangUp, httpError, startScriptedServer, streamError, text, toolCall, toolsOf, turn, type ScriptedServer } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicProvider, createAnthropicProvider } from './anthropic-provider.js';

const FAST = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(...args: Parameters<typeof startScriptedServer>): Promise<ScriptedServer> {
  server = await startScriptedServer(...args);
  return server;
}

function provider(s: ScriptedServer, retry = FAST): Provider {
  return createAnthropicProvider({ apiKey: 'test-key', baseURL: s.anthropicBaseUrl, retry });
}

const readSpec = {
  name: 'read',
  description: 'Read a file.',
  parameters: { type: 'object' as const, properties: { path: { type: 'string' as const } }, required: ['path'] },
};

function request(messages: Message[] = [{ role: 'user', content: 'hi' }], extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: 'claude-test', system: 'You are a test.', messages, tools: [readSpec], maxTokens: 1024, ...extra };
}

async function collect(p: Provider, req: ModelRequest = request(), signal = new AbortController().signal) {
  const events: ProviderEvent[] = [];
  try {
    for await (const e of p.stream(req, signal)) events.push(e);
    return { events, error: undefined };
  } catch (error) {
    return { events, error: error as ProviderError };
  }
}

const textOf = (events: ProviderEvent[]) => events.flatMap((e) => (e.type === 'text_delta' ? [e.text] : [])).join('');
const ofType = <T extends ProviderEvent['type']>(events: ProviderEvent[], type: T) =>
  events.filter((e): e is Extract<ProviderEvent, { type: T }> => e.type === type);

describe('streaming an answer', () => {
  it('passes text on as it streams, then usage and the stop reason', async () => {
    const s = await serve([turn(text(['Hel', 'lo ', 'world']), { usage: { inputTokens: 11, outputTokens: 3 } })]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text_delta', text: 'Hel' },
      { type: 'text_delta', text: 'lo ' },
      { type: 'text_delta', text: 'world' },
      { type: 'usage', usage: { inputTokens: 11, outputTokens: 3 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('sends the model, max_tokens, the system prompt and the tools with their exact schema', async () => {
    const s = await serve([text('ok')]);
    await collect(provider(s));
    const [req] = s.modelRequests();
    expect(req!.path).toBe('/v1/messages');
    expect(req!.body).toMatchObject({ model: 'claude-test', max_tokens: 1024, stream: true });
    expect(req!.body.system).toEqual([{ type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } }]);
    expect(toolsOf(req!)).toEqual([{ name: 'read', description: 'Read a file.', parameters: readSpec.parameters }]);
    expect(req!.headers['anthropic-version']).toBeDefined();
    expect(JSON.stringify(req!.headers)).toContain('test-key');
  });

  it('emits one tool_call per call, several in one message, with the fragmented arguments joined', async () => {
    const s = await serve([
      turn(text('Reading both.'), toolCall('read', { path: 'a.txt' }, { id: 'toolu_1', fragments: 4 }), toolCall('read', { path: 'b/c.txt' }, { id: 'toolu_2' })),
    ]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Reading both.');
    expect(ofType(events, 'tool_call')).toEqual([
      { type: 'tool_call', id: 'toolu_1', name: 'read', argsText: '{"path":"a.txt"}' },
      { type: 'tool_call', id: 'toolu_2', name: 'read', argsText: '{"path":"b/c.txt"}' },
    ]);
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'tool_use' });
  });

  it('passes invalid argument text on exactly as the model sent it', async () => {
    const s = await serve([toolCall('read', undefined, { id: 't', argsText: '{"path": "a', fragments: ['{"pa', 'th": "a'] })]);
    const { events } = await collect(provider(s));
    expect(ofType(events, 'tool_call')[0]!.argsText).toBe('{"path": "a');
  });

  it('gives a call streamed without argument deltas the input of its start block', async () => {
    const s = await serve([toolCall('ls', {}, { id: 't', fragments: [] })]);
    const { events } = await collect(provider(s));
    expect(ofType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 't', name: 'ls', argsText: '{}' }]);
  });

  it('reports max_tokens as the stop reason', async () => {
    const s = await serve([turn(text('cut sho'), { stop: 'max_tokens' })]);
    expect((await collect(provider(s))).events.at(-1)).toEqual({ type: 'stop', reason: 'max_tokens' });
  });
});

describe('the conversation on the wire', () => {
  const history: Message[] = [
    { role: 'user', content: 'read a and b' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'tool_call', id: 'toolu_1', name: 'read', argsText: '{"path":"a"}' },
        { type: 'tool_call', id: 'toolu_2', name: 'read', argsText: '{"path": "b' },
      ],
    },
    {
      role: 'tool',
      results: [
        { type: 'tool_result', callId: 'toolu_1', name: 'read', content: 'alpha', isError: false },
        { type: 'tool_result', callId: 'toolu_2', name: 'read', content: 'invalid arguments for read: not JSON', isError: true },
      ],
    },
    { role: 'user', content: 'and now?' },
  ];

  it('sends tool_use blocks, tool results in one user message merged with the next prompt', async () => {
    const s = await serve([text('done')]);
    await collect(provider(s), request(history));
    const messages = s.modelRequests()[0]!.body.messages;
    expect(messages).toHaveLength(3);
    expect(messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'read a and b' }] });
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a' } },
        { type: 'tool_use', id: 'toolu_2', name: 'read', input: { _raw: '{"path": "b' } },
      ],
    });
    expect(messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: 'alpha' },
        { type: 'tool_result', tool_use_id: 'toolu_2', content: 'invalid arguments for read: not JSON', is_error: true },
        { type: 'text', text: 'and now?', cache_control: { type: 'ephemeral' } },
      ],
    });
  });

  it('runs a multi-turn exchange: tool call, results, final answer', async () => {
    const s = await serve([turn(toolCall('read', { path: 'a' }, { id: 'toolu_9' })), text('It says alpha.')]);
    const p = provider(s);
    const first = await collect(p, request([{ role: 'user', content: 'what is in a?' }]));
    const call = ofType(first.events, 'tool_call')[0]!;
    const messages: Message[] = [
      { role: 'user', content: 'what is in a?' },
      { role: 'assistant', content: [{ type: 'tool_call', id: call.id, name: call.name, argsText: call.argsText }] },
      { role: 'tool', results: [{ type: 'tool_result', callId: call.id, name: 'read', content: 'alpha', isError: false }] },
    ];
    const second = await collect(p, request(messages));
    expect(textOf(second.events)).toBe('It says alpha.');
    const sent = s.modelRequests()[1]!.body.messages;
    expect(sent.at(-1).content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_9', content: 'alpha' });
  });
});

describe('retries', () => {
  it('retries a 500 twice, then succeeds', async () => {
    const s = await serve([httpError(500), httpError(500), text('Fine now.')]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(s.modelRequests()).toHaveLength(3);
    expect(ofType(events, 'retry').map((e) => e.attempt)).toEqual([1, 2]);
    expect(ofType(events, 'retry')[0]!.error).toMatch(/500 api_error/);
    expect(textOf(events)).toBe('Fine now.');
  });

  it('retries 429 and 529, honouring retry-after (with the default policy)', async () => {
    const s = await serve([httpError(429, { retryAfter: 0 }), httpError(529, { retryAfter: 0 }), text('ok')]);
    const t0 = Date.now();
    const { events, error } = await collect(provider(s, undefined));
    expect(error).toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(400);
    expect(ofType(events, 'retry').map((e) => e.delayMs)).toEqual([0, 0]);
    expect(s.modelRequests()).toHaveLength(3);
  });

  it('retries an overloaded error reported inside the stream before the answer began', async () => {
    const s = await serve([streamError([]), text('ok')]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(ofType(events, 'retry')[0]!.error).toMatch(/overloaded_error/);
    expect(s.modelRequests()).toHaveLength(2);
  });

  it('retries a connection dropped before the answer began', async () => {
    const s = await serve([hangUp(), cut(text('never shown'), { afterEvents: 1 }), text('ok')]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('ok');
    expect(s.modelRequests()).toHaveLength(3);
  });

  it('gives up after the bounded number of retries, saying so', async () => {
    const s = await serve([httpError(503), httpError(503), httpError(503), httpError(503)]);
    const { error } = await collect(provider(s));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error!.kind).toBe('server');
    expect(error!.message).toMatch(/gave up after 4 attempts/);
    expect(s.modelRequests()).toHaveLength(4);
  });

  it('does not retry a 400, and passes the server message on', async () => {
    const s = await serve([httpError(400, { message: 'messages: roles must alternate' }), text('unused')]);
    const { error } = await collect(provider(s));
    expect(error!.kind).toBe('bad_request');
    expect(error!.status).toBe(400);
    expect(error!.message).toBe('Anthropic API error (400 invalid_request_error): messages: roles must alternate');
    expect(s.modelRequests()).toHaveLength(1);
  });

  it('does not retry a rejected key, and says which variable to check', async () => {
    const s = await serve([httpError(401)]);
    const { error } = await collect(provider(s));
    expect(error!.kind).toBe('auth');
    expect(error!.message).toMatch(/check ANTHROPIC_API_KEY$/);
    expect(s.modelRequests()).toHaveLength(1);
  });
});

describe('a stream cut after text was shown', () => {
  it('is an error of kind "cut", not a silent retry', async () => {
    const s = await serve([cut(text(['Hello, ', 'wor'])), text('unused')]);
    const { events, error } = await collect(provider(s));
    expect(textOf(events)).toBe('Hello, wor');
    expect(error).toBeInstanceOf(ProviderError);
    expect(error!.kind).toBe('cut');
    expect(error!.message).toMatch(/^the model's answer was cut off: the connection to Anthropic broke/);
    expect(s.modelRequests()).toHaveLength(1);
  });
});

describe('cancel', () => {
  it('stops the stream when the signal aborts', async () => {
    const s = await serve([turn(text(['one ', 'two ', 'three ', 'four']), { eventDelayMs: 150 })]);
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    let error: ProviderError | undefined;
    try {
      for await (const e of provider(s).stream(request(), controller.signal)) {
        events.push(e);
        if (e.type === 'text_delta') controller.abort();
      }
    } catch (err) {
      error = err as ProviderError;
    }
    expect(error!.kind).toBe('cancelled');
    expect(textOf(events)).toBe('one ');
    await new Promise((r) => setTimeout(r, 50));
    expect(s.modelRequests()[0]!.disconnected).toBe(true);
  });

  it('stops waiting between retries when the signal aborts', async () => {
    const s = await serve([httpError(500, { retryAfter: 5 }), text('unused')]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const t0 = Date.now();
    const { error } = await collect(createAnthropicProvider({ apiKey: 'k', baseURL: s.anthropicBaseUrl }), request(), controller.signal);
    expect(error!.kind).toBe('cancelled');
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});

describe('the factory', () => {
  it('is named anthropic and reads the key and the base URL from the environment', async () => {
    const s = await serve([text('from env')]);
    expect(anthropicProvider.name).toBe('anthropic');
    const p = await anthropicProvider.create({ ANTHROPIC_API_KEY: 'env-key', ANTHROPIC_BASE_URL: s.anthropicBaseUrl });
    expect(p.name).toBe('anthropic');
    expect(textOf((await collect(p)).events)).toBe('from env');
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
    const { error } = await collect(p);
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
