/**
 * Streams shaped exactly like what real servers send (fixtures/*.http, each
 * with a note of where its shape comes from), replayed over HTTP into the
 * provider: the right text, calls, reasoning, usage and stop reason, the
 * server's own error message, and no parser fault taken for a network fault.
 */
import { fileURLToPath } from 'node:url';
import type { Message, ModelRequest, Provider } from '@lug/core';
import { FAST_RETRY, assistantMessageOf, collectStream, eventsOfType, modelRequest, replay, scriptedServers, textOf, type ScriptedServer } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider } from './openai-provider.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}.http`, import.meta.url));

function provider(s: ScriptedServer, compat?: Record<string, unknown>): Provider {
  return createOpenAIProvider({ apiKey: 'test-key', baseURL: s.openaiBaseUrl, retry: FAST_RETRY, compat });
}

async function play(names: string[], compat?: Record<string, unknown>, request: Partial<ModelRequest> = {}) {
  const s = await servers.start(names.map((n) => replay(fixture(n))));
  const result = await collectStream(provider(s, compat), modelRequest(request));
  return { ...result, server: s };
}

const reasoningOf = (events: Awaited<ReturnType<typeof play>>['events']) => eventsOfType(events, 'reasoning').map((e) => e.part);

describe('Chat Completions streams from real servers', () => {
  it('OpenAI: text, two parallel calls, usage with cached tokens apart', async () => {
    const { events, error } = await play(['openai-chat-tool-calls']);
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Reading both files.');
    expect(eventsOfType(events, 'tool_call')).toEqual([
      { type: 'tool_call', id: 'call_Qm1nR4sT', name: 'read', argsText: '{"path":"a.txt"}' },
      { type: 'tool_call', id: 'call_Zp8wX2yV', name: 'read', argsText: '{"path":"b.txt"}' },
    ]);
    expect(eventsOfType(events, 'usage')).toEqual([{ type: 'usage', usage: { inputTokens: 425, outputTokens: 52, cacheReadTokens: 1920 } }]);
    expect(events[events.length - 1]).toEqual({ type: 'stop', reason: 'tool_use' });
  });

  it('Azure: the prompt-filter chunk passed over, an answer cut by the content filter stops as content_filter', async () => {
    const { events, error } = await play(['azure-chat-content-filter'], { server: 'azure' });
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('The scene begins');
    expect(events[events.length - 1]).toEqual({ type: 'stop', reason: 'content_filter' });
  });

  it('Mistral: content as parts becomes text and reasoning, never [object Object]; usage read unasked', async () => {
    const { events, error } = await play(['mistral-magistral-parts'], { server: 'mistral' });
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe('Hello! How can I help?');
    expect(reasoningOf(events)).toEqual([{ type: 'reasoning', text: 'Okay, the user is greeting me.', source: 'openai-chat' }]);
    expect(eventsOfType(events, 'usage')[0]!.usage).toEqual({ inputTokens: 12, outputTokens: 28 });
  });

  it('Groq: reasoning from delta.reasoning, usage from x_groq', async () => {
    const { events } = await play(['groq-reasoning-x-groq'], { server: 'groq' });
    expect(reasoningOf(events).map((p) => p.text)).toEqual(['User asks for a list. Call ls.']);
    expect(eventsOfType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 'fc_2f7e1d0c-9b8a-4765-a432-10fedcba9876', name: 'ls', argsText: '{"path":"."}' }]);
    expect(eventsOfType(events, 'usage')[0]!.usage).toEqual({ inputTokens: 980, outputTokens: 31 });
  });

  it('xAI: reasoning_content streamed, reasoning and cached tokens counted apart', async () => {
    const { events } = await play(['xai-reasoning-content'], { server: 'xai' });
    expect(eventsOfType(events, 'reasoning_delta').map((e) => e.text).join('')).toBe('Two plus two is four.');
    expect(textOf(events)).toBe('4');
    expect(eventsOfType(events, 'usage')[0]!.usage).toEqual({ inputTokens: 8, outputTokens: 1, cacheReadTokens: 6, reasoningTokens: 240 });
  });

  it('Ollama: reasoning from delta.reasoning, a whole tool call in one delta', async () => {
    const { events } = await play(['ollama-reasoning-tool-call']);
    expect(reasoningOf(events).map((p) => p.text)).toEqual(['Need to grep for TODO.']);
    expect(eventsOfType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 'call_k2j4h6g8', name: 'grep', argsText: '{"pattern":"TODO"}' }]);
    expect(events[events.length - 1]).toEqual({ type: 'stop', reason: 'tool_use' });
  });

  it('llama.cpp: reasoning_content, usage in the finishing chunk', async () => {
    const { events } = await play(['llamacpp-reasoning']);
    expect(events.map((e) => e.type)).toEqual(['reasoning_delta', 'reasoning_delta', 'reasoning', 'text_delta', 'text_delta', 'usage', 'stop']);
    expect(textOf(events)).toBe('Hi there!');
  });

  it('LM Studio: reasoning_content and a usage chunk', async () => {
    const { events } = await play(['lmstudio-reasoning']);
    expect(reasoningOf(events).map((p) => p.text)).toEqual(['Short answer.']);
    expect(textOf(events)).toBe('Yes.');
  });
});

describe("servers' errors, in their own words", () => {
  it("vLLM's in-stream {\"object\":\"error\"}: the server's message, not a stream that ended early; not retried", async () => {
    const { error, server } = await play(['vllm-stream-error']);
    expect(error!.kind).toBe('bad_request');
    expect(error!.message).toBe(
      'OpenAI-compatible server error (400 BadRequestError): The decoder prompt (length 40961) is longer than the maximum model length of 40960. Make sure that `max_model_len` is no smaller than the number of text tokens.',
    );
    expect(server.modelRequests()).toHaveLength(1);
  });

  it('an older vLLM’s 400 without an "error" key: its message, not "400 status code (no body)"', async () => {
    const { error } = await play(['vllm-400-bad-request']);
    expect(error!.message).toBe(
      'OpenAI-compatible server error (400 BadRequestError): "auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
    );
  });

  it('Mistral’s 422: the field it refused and what to set', async () => {
    const { error } = await play(['mistral-422-extra-forbidden']);
    expect(error!.kind).toBe('bad_request');
    expect(error!.status).toBe(422);
    expect(error!.message).toBe(
      'OpenAI-compatible server error (422 invalid_request_error): body.stream_options: Extra inputs are not permitted; set stream_usage = false in lug.opt.openai_compat',
    );
  });

  it('DeepSeek’s 400 for reasoning not sent back: the message and what to set', async () => {
    const { error } = await play(['deepseek-400-missing-reasoning']);
    expect(error!.message).toMatch(/^OpenAI-compatible server error \(400 invalid_request_error\): Missing `reasoning_content` field .*; the server wants reasoning back: set server = "deepseek"/);
  });

  it("a context-length 400 stops the turn with reason context_window, for the loop to compact, with the server's words", async () => {
    const { events, error } = await play(['vllm-400-context']);
    expect(error).toBeUndefined();
    expect(events).toEqual([
      {
        type: 'stop',
        reason: 'context_window',
        detail: "This model's maximum context length is 32768 tokens. However, you requested 33524 tokens (17140 in the messages, 16384 in the completion). Please reduce the length of the messages or completion.",
      },
    ]);
  });
});

describe('a stream the parser cannot read', () => {
  it('is a protocol error naming the event, not a broken connection, and is not retried', async () => {
    const { events, error, server } = await play(['not-json-event']);
    expect(textOf(events)).toBe('Hel');
    expect(error!.kind).toBe('protocol');
    expect(error!.message).toMatch(/^the OpenAI-compatible server sent a stream lug cannot read: an event that is not JSON \(.*\): <html><body>502 Bad Gateway<\/body><\/html>$/);
    expect(server.modelRequests()).toHaveLength(1);
  });

  it('a chunk of the wrong shape, before any text, is a protocol error too, and not retried', async () => {
    const { error, server } = await play(['wrong-type-chunk']);
    expect(error!.kind).toBe('protocol');
    expect(error!.message).toMatch(/delta\.content is neither a string nor a list of parts: \{"id":"chatcmpl-y"/);
    expect(server.modelRequests()).toHaveLength(1);
  });
});

describe('DeepSeek-style reasoning with tool calls, over two turns', () => {
  it.each([[{ server: 'deepseek' }], [undefined]])('sends the reasoning back on the tool-calling message (compat %j)', async (compat) => {
    const s = await servers.start([replay(fixture('deepseek-reasoning-tool-call')), replay(fixture('deepseek-reasoning-answer'))]);
    const p = provider(s, compat);
    const history: Message[] = [{ role: 'user', content: 'how long is notes.txt?' }];
    const first = await collectStream(p, modelRequest({ model: 'deepseek-reasoner', messages: history }));
    expect(first.error).toBeUndefined();
    expect(eventsOfType(first.events, 'usage')[0]!.usage).toEqual({ inputTokens: 122, outputTokens: 64, cacheReadTokens: 1408, reasoningTokens: 41 });
    history.push(assistantMessageOf(first.events), { role: 'tool', results: [{ type: 'tool_result', callId: 'call_00_Xk2bQ9aW7c', name: 'read', content: 'alpha\nbeta', isError: false }] });
    const second = await collectStream(p, modelRequest({ model: 'deepseek-reasoner', messages: history }));
    expect(textOf(second.events)).toBe('notes.txt has two lines.');
    const assistant = s.modelRequests()[1]!.body.messages[2];
    expect(assistant).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_00_Xk2bQ9aW7c', type: 'function', function: { name: 'read', arguments: '{"path": "notes.txt"}' } }],
      reasoning_content: 'The user wants the size of notes.txt. I should read it first.',
    });
  });
});

describe('the Responses API', () => {
  it('keeps reasoning items across three turns and sends every one back, encrypted, in its place', async () => {
    const s = await servers.start(['responses-reasoning-tool-call', 'responses-reasoning-tool-call-2', 'responses-reasoning-answer'].map((n) => replay(fixture(n))));
    const p = provider(s, { server: 'openai' });
    const history: Message[] = [{ role: 'user', content: 'what is in notes.txt, and what else is here?' }];
    const results = ['alpha\nbeta', 'notes.txt'];
    for (let t = 0; t < 3; t++) {
      const { events, error } = await collectStream(p, modelRequest({ model: 'gpt-5-codex', messages: history }));
      expect(error).toBeUndefined();
      const message = assistantMessageOf(events);
      history.push(message);
      const call = message.content.find((c) => c.type === 'tool_call');
      if (call && call.type === 'tool_call') history.push({ role: 'tool', results: [{ type: 'tool_result', callId: call.id, name: call.name, content: results[t]!, isError: false }] });
      if (t === 0) {
        expect(eventsOfType(events, 'reasoning_delta').map((e) => e.text).join('')).toBe('**Finding the file**\n\nThe user wants the first line of notes.txt; I will read it.');
        expect(eventsOfType(events, 'usage')[0]!.usage).toEqual({ inputTokens: 314, outputTokens: 96, cacheReadTokens: 1536, reasoningTokens: 64 });
        expect(events[events.length - 1]).toEqual({ type: 'stop', reason: 'tool_use' });
      }
      if (t === 1) expect(reasoningOf(events)[0]!.text).toBe('**Reading the result**\n\nThe file starts with alpha.\n\n**Next step**\n\nList the directory to see what else is there.');
      if (t === 2) {
        expect(textOf(events)).toBe('The first line is alpha, and the directory holds notes.txt.');
        expect(events[events.length - 1]).toEqual({ type: 'stop', reason: 'end_turn' });
      }
    }
    const [, second, third] = s.modelRequests();
    for (const req of [second!, third!]) {
      expect(req.body.include).toEqual(['reasoning.encrypted_content']);
      expect(req.body.store).toBe(false);
    }
    const shape = third!.body.input.map((i: any) => i.type ?? i.role);
    expect(shape).toEqual(['user', 'reasoning', 'function_call', 'function_call_output', 'reasoning', 'function_call', 'function_call_output']);
    const reasoning = third!.body.input.filter((i: any) => i.type === 'reasoning');
    expect(reasoning.map((i: any) => i.id)).toEqual(['rs_0a1b2c3d4e5f6071a1', 'rs_1b2c3d4e5f6071a2']);
    for (const item of reasoning) expect(item.encrypted_content).toMatch(/^gAAAAABp/);
    expect(third!.body.input[2]).toEqual({ type: 'function_call', call_id: 'call_r1Lk9mQ2', name: 'read', arguments: '{"path":"notes.txt"}' });
  });

  it('an answer cut by max_output_tokens inside a call: the partial call is passed on, and the stop is max_tokens', async () => {
    const { events } = await play(['responses-incomplete-max-tokens'], { server: 'openai' });
    expect(textOf(events)).toBe('Writing the file now.');
    expect(eventsOfType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 'call_r4Cut9aa', name: 'write', argsText: '{"path":"big.txt","content":"aaaaaaaaaaaa' }]);
    expect(events[events.length - 1]).toEqual({ type: 'stop', reason: 'max_tokens' });
  });

  it('a refusal: its text shown, the stop reason refusal', async () => {
    const { events } = await play(['responses-refusal'], { server: 'openai' });
    expect(textOf(events)).toBe("I'm sorry, but I can't help with that.");
    expect(events[events.length - 1]).toEqual({ type: 'stop', reason: 'refusal' });
  });

  it("response.failed: the server's message, retried as a server error", async () => {
    const s = await servers.start([replay(fixture('responses-failed')), replay(fixture('responses-reasoning-answer'))]);
    const { events, error } = await collectStream(provider(s, { server: 'openai' }), modelRequest());
    expect(error).toBeUndefined();
    expect(eventsOfType(events, 'retry')[0]!.error).toBe('OpenAI error (server_error): The server had an error processing your request. Sorry about that! You can retry your request.');
  });

  it('a context-window 400 stops with reason context_window', async () => {
    const { events } = await play(['responses-400-context'], { server: 'openai' });
    expect(events).toEqual([{ type: 'stop', reason: 'context_window', detail: 'Your input exceeds the context window of this model. Please adjust your input and try again.' }]);
  });
});
