/**
 * The scripted server read by the official SDKs themselves: their own stream
 * accumulators must rebuild exactly what the scenario says.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { cut, httpError, text, toolCall, turn } from './scenario.js';
import { scriptedServers, type ScriptedServer } from './scripted-server.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());
const start = servers.start;

const anthropic = (s: ScriptedServer) => new Anthropic({ apiKey: 'k', baseURL: s.anthropicBaseUrl, maxRetries: 0 });
const openai = (s: ScriptedServer) => new OpenAI({ apiKey: 'k', baseURL: s.openaiBaseUrl, maxRetries: 0 });
const anthropicParams = { model: 'claude-test', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };
const openaiParams = { model: 'gpt-test', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('with @anthropic-ai/sdk', () => {
  it("rebuilds text and several tool uses with the SDK's own stream accumulator", async () => {
    const s = await start([turn(text('Reading both.'), toolCall('read', { path: 'a' }, { id: 'toolu_1' }), toolCall('grep', { pattern: 'x|y', path: 'src' }))]);
    const message = await anthropic(s).messages.stream(anthropicParams).finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toMatchObject([
      { type: 'text', text: 'Reading both.' },
      { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a' } },
      { type: 'tool_use', name: 'grep', input: { pattern: 'x|y', path: 'src' } },
    ]);
  });

  it('reads a non-streamed answer', async () => {
    const s = await start([text('plain')]);
    const message = await anthropic(s).messages.create(anthropicParams);
    expect(message.content).toMatchObject([{ type: 'text', text: 'plain' }]);
  });

  it('turns an HTTP error into the SDK error class of its status', async () => {
    const s = await start([httpError(529), httpError(429, { retryAfter: 2 })]);
    const first = await anthropic(s).messages.create(anthropicParams).catch((e) => e);
    expect(first).toBeInstanceOf(Anthropic.APIError);
    expect(first.status).toBe(529);
    expect(first.error.error.type).toBe('overloaded_error');
    const second = await anthropic(s).messages.create(anthropicParams).catch((e) => e);
    expect(second).toBeInstanceOf(Anthropic.RateLimitError);
    expect(second.headers.get('retry-after')).toBe('2');
  });

  it('sees a cut stream as an error after the first events', async () => {
    const s = await start([cut(text(['Hel', 'lo']))]);
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of await anthropic(s).messages.create({ ...anthropicParams, stream: true })) seen.push(event.type);
    })();
    await expect(reading).rejects.toThrow();
    expect(seen).toContain('content_block_delta');
    expect(seen).not.toContain('message_stop');
  });

  it('lists the models through the SDK', async () => {
    const s = await start([], { models: ['claude-test'] });
    const ids: string[] = [];
    for await (const model of anthropic(s).models.list()) ids.push(model.id);
    expect(ids).toEqual(['claude-test']);
  });
});

describe('with openai', () => {
  it("rebuilds text and several tool calls with the SDK's own stream accumulator", async () => {
    const s = await start([turn(text('Reading both.'), toolCall('read', { path: 'a' }, { id: 'call_1' }), toolCall('grep', { pattern: 'x' }, { id: 'call_2' }))]);
    const stream = openai(s).chat.completions.stream({ ...openaiParams, stream_options: { include_usage: true } });
    const completion = await stream.finalChatCompletion();
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBe('Reading both.');
    expect(choice.message.tool_calls).toMatchObject([
      { id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"path":"a"}' } },
      { id: 'call_2', type: 'function', function: { name: 'grep', arguments: '{"pattern":"x"}' } },
    ]);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('reads a non-streamed answer', async () => {
    const s = await start([text('plain')]);
    const completion = await openai(s).chat.completions.create(openaiParams);
    expect(completion.choices[0]!.message.content).toBe('plain');
  });

  it('turns an HTTP error into the SDK error class of its status', async () => {
    const s = await start([httpError(500)]);
    const err = await openai(s).chat.completions.create(openaiParams).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    expect(err.error.type).toBe('server_error');
  });

  it('lists the models, as a TUI would to discover them', async () => {
    const s = await start([], { models: ['qwen3-coder', 'llama3.1'] });
    const ids: string[] = [];
    for await (const model of openai(s).models.list()) ids.push(model.id);
    expect(ids).toEqual(['qwen3-coder', 'llama3.1']);
  });
});

describe('with openai, on the Responses API', () => {
  const responsesParams = { model: 'gpt-test', input: 'hi' };

  it("rebuilds text and several function calls with the SDK's own stream accumulator", async () => {
    const s = await start([turn(text('Reading both.'), toolCall('read', { path: 'a' }, { id: 'call_1' }), toolCall('grep', { pattern: 'x' }, { id: 'call_2' }))]);
    const response = await openai(s).responses.stream(responsesParams).finalResponse();
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('Reading both.');
    expect(response.output.filter((i) => i.type === 'function_call')).toMatchObject([
      { call_id: 'call_1', name: 'read', arguments: '{"path":"a"}' },
      { call_id: 'call_2', name: 'grep', arguments: '{"pattern":"x"}' },
    ]);
    expect(response.usage?.total_tokens).toBeGreaterThan(0);
    expect(s.modelRequests()[0]!.format).toBe('openai-responses');
  });

  it('reports an answer cut by the output cap as incomplete, for max_output_tokens', async () => {
    const s = await start([turn(text('Long'), { stop: 'max_tokens' })]);
    const response = await openai(s).responses.create(responsesParams);
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details?.reason).toBe('max_output_tokens');
  });

  it('turns an HTTP error into the SDK error class of its status', async () => {
    const s = await start([httpError(429, { retryAfter: 1 })]);
    const err = await openai(s).responses.create(responsesParams).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
  });
});
