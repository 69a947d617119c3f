import type { ProviderError } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { fromChatStream, stopReasonOf, ToolCallAssembler } from './chat-stream.js';

describe('ToolCallAssembler', () => {
  it('joins fragments by index, in the order the calls began', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'c1', type: 'function', function: { name: 'read', arguments: '' } });
    a.add({ index: 1, id: 'c2', type: 'function', function: { name: 'ls', arguments: '{"pa' } });
    a.add({ index: 0, function: { arguments: '{"path":' } });
    a.add({ index: 1, function: { arguments: 'th":"."}' } });
    a.add({ index: 0, function: { arguments: '"a"}' } });
    expect(a.finish()).toEqual([
      { type: 'tool_call', id: 'c1', name: 'read', argsText: '{"path":"a"}' },
      { type: 'tool_call', id: 'c2', name: 'ls', argsText: '{"path":"."}' },
    ]);
  });

  it('treats a new id at an index already used as a new call (servers that number every call 0)', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'c1', function: { name: 'read', arguments: '{"path":"a"}' } });
    a.add({ index: 0, id: 'c2', function: { name: 'read', arguments: '{"path":"b"}' } });
    expect(a.finish().map((c) => [c.id, c.argsText])).toEqual([
      ['c1', '{"path":"a"}'],
      ['c2', '{"path":"b"}'],
    ]);
  });

  it('keeps the name when a server repeats it, and ids repeated in every delta', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'c1', function: { name: 'read', arguments: '{"path"' } });
    a.add({ index: 0, id: 'c1', function: { name: 'read', arguments: ':"a"}' } });
    expect(a.finish()).toEqual([{ type: 'tool_call', id: 'c1', name: 'read', argsText: '{"path":"a"}' }]);
  });

  it('makes up an id for a call that came without one', () => {
    const a = new ToolCallAssembler();
    a.add({ function: { name: 'ls', arguments: '{}' } } as never);
    const [call] = a.finish();
    expect(call!.id).toMatch(/^call_/);
    expect(call!.name).toBe('ls');
  });
});

describe('stopReasonOf', () => {
  it('maps finish reasons, and tool calls win over a plain "stop"', () => {
    expect(stopReasonOf('stop', false)).toBe('end_turn');
    expect(stopReasonOf('stop', true)).toBe('tool_use');
    expect(stopReasonOf('tool_calls', true)).toBe('tool_use');
    expect(stopReasonOf('length', true)).toBe('max_tokens');
    expect(stopReasonOf('content_filter', false)).toBe('content_filter');
    expect(stopReasonOf('model_length', false)).toBe('context_window');
    expect(stopReasonOf('stop', false, true)).toBe('refusal');
    expect(stopReasonOf('something_new', false)).toBe('other');
  });
});

describe('fromChatStream', () => {
  async function* chunks(list: unknown[]) {
    for (const c of list) yield c as never;
  }

  it('keeps an answer whose choice finished when only the usage chunk was lost', async () => {
    async function* broken() {
      yield* chunks([{ choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }] }]);
      throw new TypeError('terminated');
    }
    const events = [];
    for await (const e of fromChatStream(broken(), new AbortController().signal)) events.push(e);
    expect(events).toEqual([{ type: 'text_delta', text: 'hi' }, { type: 'stop', reason: 'end_turn' }]);
  });

  it('treats a stream that ends without a finish_reason as broken', async () => {
    const events = [];
    await expect(async () => {
      for await (const e of fromChatStream(chunks([{ choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }] }]), new AbortController().signal)) events.push(e);
    }).rejects.toMatchObject({ kind: 'connection' });
  });

  async function collect(list: unknown[]) {
    const events: unknown[] = [];
    let error: ProviderError | undefined;
    try {
      for await (const e of fromChatStream(chunks(list), new AbortController().signal)) events.push(e);
    } catch (err) {
      error = err as ProviderError;
    }
    return { events, error };
  }
  const delta = (d: unknown, finish: string | null = null) => ({ choices: [{ index: 0, delta: d, finish_reason: finish }] });

  it('shows reasoning as it streams and keeps it as one part before the text that follows', async () => {
    const { events } = await collect([delta({ reasoning_content: 'Think' }), delta({ reasoning: 'ing.' }), delta({ content: 'Answer.' }), delta({}, 'stop')]);
    expect(events).toEqual([
      { type: 'reasoning_delta', text: 'Think' },
      { type: 'reasoning_delta', text: 'ing.' },
      { type: 'reasoning', part: { type: 'reasoning', text: 'Thinking.', source: 'openai-chat' } },
      { type: 'text_delta', text: 'Answer.' },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('reads content given as parts: text parts as the answer, thinking parts as reasoning, others passed over', async () => {
    const { events } = await collect([
      delta({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Hmm.' }] }] }),
      delta({ content: [{ type: 'text', text: 'Hi' }, { type: 'reference', reference_ids: [1] }] }),
      delta({}, 'stop'),
    ]);
    expect(events).toEqual([
      { type: 'reasoning_delta', text: 'Hmm.' },
      { type: 'reasoning', part: { type: 'reasoning', text: 'Hmm.', source: 'openai-chat' } },
      { type: 'text_delta', text: 'Hi' },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('passes a refusal on as text and stops with reason refusal', async () => {
    const { events } = await collect([delta({ refusal: 'I cannot help with that.' }), delta({}, 'stop')]);
    expect(events).toEqual([
      { type: 'text_delta', text: 'I cannot help with that.' },
      { type: 'stop', reason: 'refusal' },
    ]);
  });

  it('reports a chunk it cannot read as a protocol error naming the chunk', async () => {
    const { error } = await collect([delta({ content: 42 })]);
    expect(error!.kind).toBe('protocol');
    expect(error!.message).toBe('the OpenAI-compatible server sent a stream lug cannot read: delta.content is neither a string nor a list of parts: {"choices":[{"index":0,"delta":{"content":42},"finish_reason":null}]}');
    expect((await collect(['not an object'])).error!.kind).toBe('protocol');
    expect((await collect([{ choices: {} }])).error!.message).toMatch(/choices is not a list/);
    expect((await collect([delta({ tool_calls: [{ index: 0, function: { name: 7 } }] })])).error!.message).toMatch(/a tool call’s name is not a string/);
  });

  it("reports vLLM's in-stream error object as the server's error, with its message and status", async () => {
    const { error } = await collect([delta({ role: 'assistant' }), { object: 'error', message: 'prompt too long', type: 'BadRequestError', param: null, code: 400 }]);
    expect(error!.kind).toBe('bad_request');
    expect(error!.status).toBe(400);
    expect(error!.message).toBe('OpenAI-compatible server error (400 BadRequestError): prompt too long');
  });

  it('treats a finish reason that says the server failed as a server error, worth a retry', async () => {
    const { error } = await collect([delta({}, 'insufficient_system_resource')]);
    expect(error!.kind).toBe('server');
    expect(error!.message).toMatch(/finish_reason "insufficient_system_resource"/);
  });

  it('reads usage from the finishing chunk, from a chunk after it, or from Groq’s x_groq, with cache and reasoning tokens apart', async () => {
    const inFinish = await collect([{ ...delta({ content: 'a' }, 'stop'), usage: { prompt_tokens: 10, completion_tokens: 2 } }]);
    expect(inFinish.events).toContainEqual({ type: 'usage', usage: { inputTokens: 10, outputTokens: 2 } });
    const groq = await collect([delta({}, 'stop'), { choices: [], x_groq: { usage: { prompt_tokens: 5, completion_tokens: 1 } } }]);
    expect(groq.events).toContainEqual({ type: 'usage', usage: { inputTokens: 5, outputTokens: 1 } });
    const detailed = await collect([
      delta({}, 'stop'),
      { choices: [], usage: { prompt_tokens: 100, completion_tokens: 30, prompt_tokens_details: { cached_tokens: 60 }, completion_tokens_details: { reasoning_tokens: 20 } } },
    ]);
    expect(detailed.events).toContainEqual({ type: 'usage', usage: { inputTokens: 40, outputTokens: 30, cacheReadTokens: 60, reasoningTokens: 20 } });
  });

  it('emits the calls cut by the output cap with reason max_tokens, so the loop can refuse to run them', async () => {
    const { events } = await collect([delta({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'write', arguments: '{"path":"a","con' } }] }), delta({}, 'length')]);
    expect(events).toEqual([
      { type: 'tool_call', id: 'c1', name: 'write', argsText: '{"path":"a","con' },
      { type: 'stop', reason: 'max_tokens' },
    ]);
  });
});
