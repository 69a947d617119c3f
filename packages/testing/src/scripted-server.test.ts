import { afterEach, describe, expect, it } from 'vitest';
import { cut, delay, hangUp, httpError, streamError, text, toolCall, turn } from './scenario.js';
import { systemPromptOf, toolResultsOf, toolsOf } from './request-contents.js';
import { scriptedServers, type ScriptedServer } from './scripted-server.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());
const start = servers.start;

interface SseEvent {
  event: string | undefined;
  data: string;
}

function parseSse(raw: string): SseEvent[] {
  return raw
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? '';
      return { event, data };
    });
}

const anthropicBody = { model: 'claude-test', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi' }] };
const openaiBody = { model: 'gpt-test', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] };

function post(s: ScriptedServer, path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-test': 'yes' }, body: JSON.stringify(body), ...init });
}

describe('Anthropic wire format', () => {
  it('streams text in several deltas between message_start and message_stop', async () => {
    const s = await start([text('Hello there, how are you today?')]);
    const res = await post(s, '/v1/messages', anthropicBody);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const deltas = events.filter((e) => e.event === 'content_block_delta').map((e) => JSON.parse(e.data).delta);
    expect(deltas.every((d) => d.type === 'text_delta')).toBe(true);
    expect(deltas.map((d) => d.text).join('')).toBe('Hello there, how are you today?');
    expect(JSON.parse(events[0]!.data).message.model).toBe('claude-test');
    expect(JSON.parse(events[7]!.data).delta.stop_reason).toBe('end_turn');
  });

  it('streams several tool calls in one message, each argument text in fragments', async () => {
    const s = await start([turn(text('Reading both.'), toolCall('read', { path: 'a.txt' }, { id: 'toolu_A' }), toolCall('read', { path: 'b.txt' }))]);
    const events = parseSse(await (await post(s, '/v1/messages', anthropicBody)).text()).map((e) => JSON.parse(e.data));
    const starts = events.filter((e) => e.type === 'content_block_start').map((e) => e.content_block);
    expect(starts.map((b) => b.type)).toEqual(['text', 'tool_use', 'tool_use']);
    expect(starts[1]).toMatchObject({ id: 'toolu_A', name: 'read', input: {} });
    expect(starts[2].id).toMatch(/^toolu_/);
    const json = (index: number) =>
      events.filter((e) => e.type === 'content_block_delta' && e.index === index).map((e) => e.delta.partial_json as string);
    expect(json(1).length).toBeGreaterThan(1);
    expect(JSON.parse(json(1).join(''))).toEqual({ path: 'a.txt' });
    expect(JSON.parse(json(2).join(''))).toEqual({ path: 'b.txt' });
    expect(events.find((e) => e.type === 'message_delta').delta.stop_reason).toBe('tool_use');
  });

  it('reports the usage given in the scenario', async () => {
    const s = await start([turn(text('ok'), { usage: { inputTokens: 123, outputTokens: 45 }, stop: 'max_tokens' })]);
    const events = parseSse(await (await post(s, '/v1/messages', anthropicBody)).text()).map((e) => JSON.parse(e.data));
    expect(events[0].message.usage.input_tokens).toBe(123);
    const md = events.find((e) => e.type === 'message_delta');
    expect(md.usage.output_tokens).toBe(45);
    expect(md.delta.stop_reason).toBe('max_tokens');
  });

  it('answers a request without stream:true with one JSON message', async () => {
    const s = await start([turn(text('Hi'), toolCall('ls', { path: '.' }))]);
    const body = await (await post(s, '/v1/messages', { ...anthropicBody, stream: false })).json() as any;
    expect(body).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'tool_use' });
    expect(body.content[0]).toEqual({ type: 'text', text: 'Hi' });
    expect(body.content[1]).toMatchObject({ type: 'tool_use', name: 'ls', input: { path: '.' } });
  });

  it('sends HTTP errors in Anthropic error JSON, 529 as overloaded_error, with retry-after', async () => {
    const s = await start([httpError(529), httpError(429, { retryAfter: 3 })]);
    const r1 = await post(s, '/v1/messages', anthropicBody);
    expect(r1.status).toBe(529);
    expect(await (r1.json() as Promise<any>)).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'overloaded (scripted)' } });
    const r2 = await post(s, '/v1/messages', anthropicBody);
    expect(r2.status).toBe(429);
    expect(r2.headers.get('retry-after')).toBe('3');
    expect((await (r2.json() as Promise<any>)).error.type).toBe('rate_limit_error');
  });

  it('reports an error inside the stream as event: error', async () => {
    const s = await start([streamError([text('Hel')])]);
    const events = parseSse(await (await post(s, '/v1/messages', anthropicBody)).text());
    expect(events.at(-1)).toEqual({ event: 'error', data: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'overloaded (scripted, mid-stream)' } }) });
    expect(events.some((e) => e.event === 'message_stop')).toBe(false);
  });
});

describe('OpenAI wire format', () => {
  it('streams content deltas, a finish_reason, a usage chunk and [DONE]', async () => {
    const s = await start([turn(text(['Hel', 'lo']), { usage: { inputTokens: 7, outputTokens: 2 } })]);
    const events = parseSse(await (await post(s, '/v1/chat/completions', openaiBody)).text());
    expect(events.at(-1)!.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'gpt-test')).toBe(true);
    expect(chunks.flatMap((c) => c.choices.map((ch: any) => ch.delta.content ?? '')).join('')).toBe('Hello');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 } });
  });

  it('sends no usage chunk unless stream_options.include_usage asks for it', async () => {
    const s = await start([text('Hi')]);
    const events = parseSse(await (await post(s, '/v1/chat/completions', { ...openaiBody, stream_options: undefined })).text());
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data));
    expect(chunks.some((c) => c.usage)).toBe(false);
  });

  it('streams several tool calls with index, id, name and argument fragments', async () => {
    const s = await start([turn(toolCall('read', { path: 'a' }), toolCall('grep', { pattern: 'x', path: 'src' }, { id: 'call_B' }))]);
    const events = parseSse(await (await post(s, '/v1/chat/completions', openaiBody)).text());
    const deltas = events
      .slice(0, -1)
      .map((e) => JSON.parse(e.data))
      .flatMap((c) => c.choices.flatMap((ch: any) => ch.delta.tool_calls ?? []));
    const byIndex = (i: number) => deltas.filter((d: any) => d.index === i);
    expect(byIndex(0)[0]).toMatchObject({ type: 'function', function: { name: 'read', arguments: '' } });
    expect(byIndex(1)[0]).toMatchObject({ id: 'call_B', function: { name: 'grep' } });
    expect(byIndex(1).length).toBeGreaterThan(2);
    expect(JSON.parse(byIndex(1).map((d: any) => d.function.arguments).join(''))).toEqual({ pattern: 'x', path: 'src' });
    const finish = events.slice(0, -1).map((e) => JSON.parse(e.data)).find((c) => c.choices[0]?.finish_reason);
    expect(finish.choices[0].finish_reason).toBe('tool_calls');
  });

  it('sends invalid argument text exactly as scripted', async () => {
    const s = await start([toolCall('read', undefined, { argsText: '{"path": "a', fragments: ['{"pa', 'th": "a'] })]);
    const events = parseSse(await (await post(s, '/v1/chat/completions', openaiBody)).text());
    const args = events
      .slice(0, -1)
      .map((e) => JSON.parse(e.data))
      .flatMap((c) => c.choices.flatMap((ch: any) => ch.delta.tool_calls ?? []))
      .map((d: any) => d.function.arguments);
    expect(args).toEqual(['', '{"pa', 'th": "a']);
  });

  it('sends HTTP errors in OpenAI error JSON', async () => {
    const s = await start([httpError(500), httpError(400, { message: 'bad tools' })]);
    const r1 = await post(s, '/v1/chat/completions', openaiBody);
    expect(r1.status).toBe(500);
    expect(await (r1.json() as Promise<any>)).toEqual({ error: { message: 'internal server error (scripted)', type: 'server_error', param: null, code: null } });
    expect((await (await post(s, '/v1/chat/completions', openaiBody)).json() as any).error).toMatchObject({ message: 'bad tools', type: 'invalid_request_error' });
  });

  it('answers a request without stream:true with one chat.completion', async () => {
    const s = await start([turn(text('Hi'), toolCall('ls', { path: '.' }, { id: 'call_1' }))]);
    const body = await (await post(s, '/v1/chat/completions', { ...openaiBody, stream: false })).json() as any;
    expect(body.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { role: 'assistant', content: 'Hi', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'ls', arguments: '{"path":"."}' } }] },
    });
  });
});

describe('failures on the wire', () => {
  it('cuts the stream after the given parts: the body read fails', async () => {
    const s = await start([cut(text(['Hello, ', 'wor']))]);
    const res = await post(s, '/v1/messages', anthropicBody);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = '';
    const readAll = async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received += Buffer.from(value).toString('utf8');
      }
    };
    await expect(readAll()).rejects.toThrow();
    expect(received).toContain('"text":"wor"');
    expect(received).not.toContain('message_stop');
  });

  it('cuts after an exact number of events', async () => {
    const s = await start([cut(text('Hello there friend'), { afterEvents: 1 })]);
    const res = await post(s, '/v1/chat/completions', openaiBody);
    await expect(res.text()).rejects.toThrow();
  });

  it('hangs up before answering: the request itself fails', async () => {
    const s = await start([hangUp()]);
    await expect(post(s, '/v1/messages', anthropicBody)).rejects.toThrow();
  });

  it('waits before answering and between events', async () => {
    const s = await start([delay(150, turn(text(['a', 'b', 'c']), { eventDelayMs: 40 }))]);
    const t0 = Date.now();
    const res = await post(s, '/v1/messages', anthropicBody);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    await res.text();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140 + 7 * 40 - 20);
  });

  it('marks a request whose client went away before the end', async () => {
    const s = await start([turn(text(['a', 'b', 'c', 'd']), { eventDelayMs: 100 })]);
    const controller = new AbortController();
    const res = await post(s, '/v1/messages', anthropicBody, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    expect(s.requests[0]!.disconnected).toBe(true);
  });
});

describe('the script and the record', () => {
  it('records method, path, lower-case headers and the parsed body of every request', async () => {
    const s = await start([text('one'), text('two')]);
    const tools = [{ name: 'read', description: 'Read a file.', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }];
    await (await post(s, '/v1/messages', { ...anthropicBody, system: 'be brief', tools })).text();
    await (await post(s, '/v1/chat/completions?x=1', openaiBody)).text();
    expect(s.requests).toHaveLength(2);
    expect(s.requests[0]).toMatchObject({ index: 0, method: 'POST', path: '/v1/messages', format: 'anthropic', disconnected: false });
    expect(s.requests[0]!.headers['x-test']).toBe('yes');
    expect(s.requests[0]!.body.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(s.requests[1]).toMatchObject({ path: '/v1/chat/completions', query: 'x=1', format: 'openai' });
    expect(toolsOf(s.requests[0]!)).toEqual([{ name: 'read', description: 'Read a file.', parameters: tools[0]!.input_schema }]);
    expect(systemPromptOf(s.requests[0]!)).toBe('be brief');
  });

  it('reads tools and the system prompt from OpenAI requests too', async () => {
    const s = await start([text('ok')]);
    const tools = [{ type: 'function', function: { name: 'ls', description: 'List.', parameters: { type: 'object' } } }];
    await (await post(s, '/v1/chat/completions', { ...openaiBody, tools, messages: [{ role: 'system', content: 'sys' }, ...openaiBody.messages] })).text();
    expect(toolsOf(s.requests[0]!)).toEqual([{ name: 'ls', description: 'List.', parameters: { type: 'object' } }]);
    expect(systemPromptOf(s.requests[0]!)).toBe('sys');
  });

  it('reads the tool results a request carries back, in either wire format', async () => {
    const s = await start([text('a'), text('b')]);
    const anthropicMessages = [
      { role: 'user', content: 'read' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'read', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'alpha' },
          { type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'be' }, { type: 'text', text: 'ta' }] },
          { type: 'text', text: 'and?' },
        ],
      },
    ];
    await (await post(s, '/v1/messages', { ...anthropicBody, messages: anthropicMessages })).text();
    const openaiMessages = [
      { role: 'tool', tool_call_id: 'old', content: 'not the last turn' },
      { role: 'assistant', content: null, tool_calls: [] },
      { role: 'tool', tool_call_id: 'c1', content: 'alpha' },
      { role: 'tool', tool_call_id: 'c2', content: 'beta' },
    ];
    await (await post(s, '/v1/chat/completions', { ...openaiBody, messages: openaiMessages })).text();
    expect(toolResultsOf(s.requests[0]!)).toEqual([
      { id: 't1', content: 'alpha' },
      { id: 't2', content: 'beta' },
    ]);
    expect(toolResultsOf(s.requests[1]!)).toEqual([
      { id: 'c1', content: 'alpha' },
      { id: 'c2', content: 'beta' },
    ]);
  });

  it('closes every server a test file started, together', async () => {
    const many = scriptedServers();
    const a = await many.start([text('a')]);
    const b = await many.start([text('b')]);
    await many.closeAll();
    await expect(fetch(`${a.url}/v1/models`)).rejects.toThrow();
    await expect(fetch(`${b.url}/v1/models`)).rejects.toThrow();
  });

  it('lets a function step answer from the request', async () => {
    const s = await start([(req) => text(`you said ${req.body.messages.at(-1).content}`)]);
    const res = await post(s, '/v1/chat/completions', { ...openaiBody, stream: false });
    expect((await (res.json() as Promise<any>)).choices[0].message.content).toBe('you said hi');
  });

  it('answers a clear 500 once the script has run out', async () => {
    const s = await start([text('only one')]);
    await (await post(s, '/v1/messages', anthropicBody)).text();
    const res = await post(s, '/v1/messages', anthropicBody);
    expect(res.status).toBe(500);
    const body = await (res.json() as Promise<any>);
    expect(body.error.message).toMatch(/no step left for request #2 \(POST \/v1\/messages\); it had 1 step/);
  });

  it('takes steps added later, and tells how many are left', async () => {
    const s = await start();
    expect(s.remaining()).toBe(0);
    s.push(text('later'), text('and later'));
    expect(s.remaining()).toBe(2);
    await (await post(s, '/v1/messages', anthropicBody)).text();
    expect(s.remaining()).toBe(1);
  });

  it('waits for model requests sent by a client running on its own', async () => {
    const s = await start([text('a'), text('b')]);
    const waiting = s.waitForModelRequests(2, 2000);
    void post(s, '/v1/messages', anthropicBody).then((r) => r.text());
    setTimeout(() => void post(s, '/v1/messages', anthropicBody).then((r) => r.text()), 30);
    const got = await waiting;
    expect(got).toHaveLength(2);
    expect(got[1]!.receivedAt).toBeGreaterThanOrEqual(got[0]!.receivedAt);
    await expect(s.waitForModelRequests(3, 50)).rejects.toThrow('waited 50 ms for 3 model request(s), got 2');
  });

  it('lists models at GET /v1/models, without using a step', async () => {
    const s = await start([], { models: ['qwen3-coder', 'llama3'] });
    const body = await (await fetch(`${s.openaiBaseUrl}/models`)).json() as any;
    expect(body.object).toBe('list');
    expect(body.data.map((m: any) => m.id)).toEqual(['qwen3-coder', 'llama3']);
    expect(body.data[0].object).toBe('model');
    expect(s.modelRequests()).toHaveLength(0);
    expect(s.requests).toHaveLength(1);
  });

  it('answers 404 naming its routes for any other path', async () => {
    const s = await start([text('unused')]);
    const res = await post(s, '/v1/completions', {});
    expect(res.status).toBe(404);
    expect((await (res.json() as Promise<any>)).error.message).toMatch(/POST \/v1\/messages/);
    expect(s.remaining()).toBe(1);
  });
});
