import fs from 'node:fs';
import path from 'node:path';
import { ProviderError, type Message, type ModelRequest, type Provider, type ProviderEvent } from '@lug/core';
import { cut, hangUp, httpError, startScriptedServer, streamError, text, toolCall, toolsOf, turn, type ScriptedServer } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider, openaiProvider } from './openai-provider.js';

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

function provider(s: ScriptedServer, retry: typeof FAST | undefined = FAST): Provider {
  return createOpenAIProvider({ apiKey: 'test-key', baseURL: s.openaiBaseUrl, retry });
}

const readSpec = {
  name: 'read',
  description: 'Read a file.',
  parameters: { type: 'object' as const, properties: { path: { type: 'string' as const } }, required: ['path'] },
};

function request(messages: Message[] = [{ role: 'user', content: 'hi' }], extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: 'qwen3-coder', system: 'You are a test.', messages, tools: [readSpec], maxTokens: 1024, ...extra };
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

  it('sends the system prompt as a system message, the tools, and only parameters compatible servers accept', async () => {
    const s = await serve([text('ok')]);
    await collect(provider(s));
    const [req] = s.modelRequests();
    expect(req!.path).toBe('/v1/chat/completions');
    expect(Object.keys(req!.body).sort()).toEqual(['max_tokens', 'messages', 'model', 'stream', 'stream_options', 'tools']);
    expect(req!.body).toMatchObject({ model: 'qwen3-coder', max_tokens: 1024, stream: true, stream_options: { include_usage: true } });
    expect(req!.body.messages[0]).toEqual({ role: 'system', content: 'You are a test.' });
    expect(toolsOf(req!)).toEqual([{ name: 'read', description: 'Read a file.', parameters: readSpec.parameters }]);
    expect(req!.headers.authorization).toBe('Bearer test-key');
  });

  it('sends no tools field when there are no tools, and no system message when the prompt is empty', async () => {
    const s = await serve([text('ok')]);
    await collect(provider(s), request(undefined, { tools: [], system: '' }));
    const body = s.modelRequests()[0]!.body;
    expect(body.tools).toBeUndefined();
    expect(body.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('emits one tool_call per call, several in one message, with the fragmented arguments joined', async () => {
    const s = await serve([
      turn(text('Reading both.'), toolCall('read', { path: 'a.txt' }, { id: 'call_1', fragments: 4 }), toolCall('read', { path: 'b/c.txt' }, { id: 'call_2' })),
    ]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Reading both.');
    expect(ofType(events, 'tool_call')).toEqual([
      { type: 'tool_call', id: 'call_1', name: 'read', argsText: '{"path":"a.txt"}' },
      { type: 'tool_call', id: 'call_2', name: 'read', argsText: '{"path":"b/c.txt"}' },
    ]);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['usage', 'stop']);
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'tool_use' });
  });

  it('passes invalid argument text on exactly as the model sent it', async () => {
    const s = await serve([toolCall('read', undefined, { id: 't', argsText: '{"path": "a', fragments: ['{"pa', 'th": "a'] })]);
    const { events } = await collect(provider(s));
    expect(ofType(events, 'tool_call')[0]!.argsText).toBe('{"path": "a');
  });

  it('reports length as max_tokens', async () => {
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
        { type: 'tool_call', id: 'call_1', name: 'read', argsText: '{"path":"a"}' },
        { type: 'tool_call', id: 'call_2', name: 'read', argsText: '{"path": "b' },
      ],
    },
    {
      role: 'tool',
      results: [
        { type: 'tool_result', callId: 'call_1', name: 'read', content: 'alpha', isError: false },
        { type: 'tool_result', callId: 'call_2', name: 'read', content: 'invalid arguments for read: not JSON', isError: true },
      ],
    },
    { role: 'user', content: 'and now?' },
  ];

  it('sends assistant tool_calls and one role:tool message per result', async () => {
    const s = await serve([text('done')]);
    await collect(provider(s), request(history));
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
    await collect(provider(s), request(messages));
    expect(s.modelRequests()[0]!.body.messages[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c', type: 'function', function: { name: 'ls', arguments: '{}' } }],
    });
  });

  it('runs a multi-turn exchange: tool call, results, final answer', async () => {
    const s = await serve([turn(toolCall('read', { path: 'a' }, { id: 'call_9' })), text('It says alpha.')]);
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
    expect(s.modelRequests()[1]!.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_9', content: 'alpha' });
  });
});

describe('retries', () => {
  it('retries a 500 twice, then succeeds', async () => {
    const s = await serve([httpError(500), httpError(500), text('Fine now.')]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(s.modelRequests()).toHaveLength(3);
    expect(ofType(events, 'retry').map((e) => e.attempt)).toEqual([1, 2]);
    expect(textOf(events)).toBe('Fine now.');
  });

  it('retries 429 honouring retry-after (with the default policy)', async () => {
    const s = await serve([httpError(429, { retryAfter: 0 }), httpError(429, { headers: { 'retry-after-ms': '10' } }), text('ok')]);
    const { events, error } = await collect(provider(s, undefined));
    expect(error).toBeUndefined();
    expect(ofType(events, 'retry').map((e) => e.delayMs)).toEqual([0, 10]);
    expect(s.modelRequests()).toHaveLength(3);
  });

  it('does not retry an exhausted quota', async () => {
    const s = await serve([httpError(429, { body: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } } })]);
    const { error } = await collect(provider(s));
    expect(error!.kind).toBe('bad_request');
    expect(error!.message).toMatch(/exceeded your current quota; check your plan and billing details/);
    expect(s.modelRequests()).toHaveLength(1);
  });

  it('retries an error reported inside the stream before the answer began', async () => {
    const s = await serve([streamError([], { errorType: 'server_error' }), text('ok')]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(ofType(events, 'retry')).toHaveLength(1);
    expect(s.modelRequests()).toHaveLength(2);
  });

  it('retries a connection dropped before the answer began', async () => {
    const s = await serve([hangUp(), cut(text('never shown'), { afterEvents: 0 }), text('ok')]);
    const { events, error } = await collect(provider(s));
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('ok');
    expect(s.modelRequests()).toHaveLength(3);
  });

  it('does not retry a 400, and passes the server message on', async () => {
    const s = await serve([httpError(400, { message: "'tools' is not supported" }), text('unused')]);
    const { error } = await collect(provider(s));
    expect(error!.kind).toBe('bad_request');
    expect(error!.status).toBe(400);
    expect(error!.message).toBe("OpenAI-compatible server error (400 invalid_request_error): 'tools' is not supported");
    expect(s.modelRequests()).toHaveLength(1);
  });

  it('gives up after the bounded number of retries, saying so', async () => {
    const s = await serve([httpError(502), httpError(502), httpError(502), httpError(502)]);
    const { error } = await collect(provider(s));
    expect(error!.kind).toBe('server');
    expect(error!.message).toMatch(/gave up after 4 attempts/);
    expect(s.modelRequests()).toHaveLength(4);
  });
});

describe('a stream cut after text was shown', () => {
  it('is an error of kind "cut", not a silent retry', async () => {
    const s = await serve([cut(text(['Hello, ', 'wor'])), text('unused')]);
    const { events, error } = await collect(provider(s));
    expect(textOf(events)).toBe('Hello, wor');
    expect(error!.kind).toBe('cut');
    expect(error!.message).toMatch(/^the model's answer was cut off: the connection to the OpenAI-compatible server broke/);
    expect(s.modelRequests()).toHaveLength(1);
  });

  it('is also an error when the tool calls were cut before the finish', async () => {
    const s = await serve([cut(text('Calling.'), toolCall('read', { path: 'a' }))]);
    const { events, error } = await collect(provider(s));
    expect(ofType(events, 'tool_call')).toHaveLength(0);
    expect(error!.kind).toBe('cut');
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

  it('is cancelled at once when the signal was already aborted', async () => {
    const s = await serve([text('unused')]);
    const controller = new AbortController();
    controller.abort();
    const { error } = await collect(provider(s), request(), controller.signal);
    expect(error!.kind).toBe('cancelled');
  });
});

describe('the factory', () => {
  it('is named openai and reads the key and the base URL from the environment', async () => {
    const s = await serve([text('from env')]);
    expect(openaiProvider.name).toBe('openai');
    const p = await openaiProvider.create({ OPENAI_API_KEY: 'env-key', OPENAI_BASE_URL: s.openaiBaseUrl });
    expect(p.name).toBe('openai');
    expect(textOf((await collect(p)).events)).toBe('from env');
    expect(s.modelRequests()[0]!.headers.authorization).toBe('Bearer env-key');
  });

  it('needs no key with OPENAI_BASE_URL (a local server)', async () => {
    const s = await serve([text('local')]);
    const p = await openaiProvider.create({ OPENAI_BASE_URL: s.openaiBaseUrl });
    expect(textOf((await collect(p)).events)).toBe('local');
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

  it('sends max_completion_tokens, not max_tokens, to the official API', async () => {
    const { toOpenAIParams } = await import('./to-openai.js');
    const params = toOpenAIParams(request(), true);
    expect(params.max_completion_tokens).toBe(1024);
    expect('max_tokens' in params).toBe(false);
  });

  it('reports an unreachable local server as a connection error, asking whether it runs', async () => {
    const p = createOpenAIProvider({ baseURL: 'http://127.0.0.1:9/v1', retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const { error } = await collect(p);
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
