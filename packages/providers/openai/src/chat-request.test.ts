/**
 * What goes over the Chat Completions wire for each compatibility record,
 * read back from the scripted server's recorded requests.
 */
import type { Message, ModelRequest, ProviderContext } from '@lug/core';
import { FAST_RETRY, collectStream, historyWithToolCalls, modelRequest, scriptedServers, text, type ScriptedServer } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider } from './openai-provider.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

function provider(s: ScriptedServer, compat?: unknown, context?: ProviderContext) {
  return createOpenAIProvider({ apiKey: 'test-key', baseURL: s.openaiBaseUrl, retry: FAST_RETRY, compat, context });
}

async function sent(compat: unknown, request: Partial<ModelRequest> = {}) {
  const s = await servers.start([text('ok')]);
  const { error } = await collectStream(provider(s, compat), modelRequest(request));
  expect(error).toBeUndefined();
  return s.modelRequests()[0]!;
}

const reasoned = (text: string, calls = true): Message[] => [
  { role: 'user', content: 'how big is notes.txt?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text, source: 'openai-chat' },
      ...(calls ? [{ type: 'tool_call' as const, id: 'call_1', name: 'read', argsText: '{"path":"notes.txt"}' }] : [{ type: 'text' as const, text: 'Small.' }]),
    ],
  },
  ...(calls ? [{ role: 'tool' as const, results: [{ type: 'tool_result' as const, callId: 'call_1', name: 'read', content: 'two lines', isError: false }] }] : []),
];

describe('the output cap and stream_options', () => {
  it('a server of unknown kind gets max_tokens and stream_options', async () => {
    const req = await sent(undefined);
    expect(req.body).toMatchObject({ max_tokens: 1024, stream_options: { include_usage: true } });
    expect(req.body.max_completion_tokens).toBeUndefined();
  });

  it('Mistral gets max_tokens and no stream_options (it answers 422 to it)', async () => {
    const req = await sent({ server: 'mistral' });
    expect(req.body.max_tokens).toBe(1024);
    expect('stream_options' in req.body).toBe(false);
  });

  it.each(['azure', 'groq', 'xai'])('%s gets max_completion_tokens', async (server) => {
    const req = await sent({ server });
    expect(req.body.max_completion_tokens).toBe(1024);
    expect(req.body.max_tokens).toBeUndefined();
  });

  it("Azure gets its key in api-key as well as the bearer token", async () => {
    const req = await sent({ server: 'azure' });
    expect(req.headers['api-key']).toBe('test-key');
    expect(req.headers.authorization).toBe('Bearer test-key');
  });

  it('follows lug.opt.openai_compat as it is on each request', async () => {
    const s = await servers.start([text('one'), text('two')]);
    let option: unknown = { max_tokens_field: 'max_completion_tokens' };
    const p = provider(s, undefined, { option: (name) => (name === 'openai_compat' ? option : undefined) });
    await collectStream(p, modelRequest());
    option = { stream_usage: false };
    await collectStream(p, modelRequest());
    const [first, second] = s.modelRequests();
    expect(first!.body.max_completion_tokens).toBe(1024);
    expect(second!.body.max_tokens).toBe(1024);
    expect('stream_options' in second!.body).toBe(false);
  });

  it('refuses a bad lug.opt.openai_compat before sending anything, naming the field', async () => {
    const s = await servers.start([text('unused')]);
    const p = provider(s, undefined, { option: () => ({ stream_usage: 'yes' }) });
    const { error } = await collectStream(p, modelRequest());
    expect(error!.kind).toBe('config');
    expect(error!.message).toBe('lug.opt.openai_compat.stream_usage must be true or false, got "yes"');
    expect(s.modelRequests()).toHaveLength(0);
  });
});

describe('reasoning effort', () => {
  it('is sent as reasoning_effort for the thinking level, as the record maps it, and not at all when off', async () => {
    expect((await sent(undefined, { thinking: 'high' })).body.reasoning_effort).toBe('high');
    expect((await sent(undefined, { thinking: 'minimal' })).body.reasoning_effort).toBe('low');
    expect((await sent({ server: 'deepseek' }, { thinking: 'max' })).body.reasoning_effort).toBe('max');
    expect('reasoning_effort' in (await sent(undefined, { thinking: 'off' })).body).toBe(false);
    expect('reasoning_effort' in (await sent(undefined)).body).toBe(false);
    expect('reasoning_effort' in (await sent({ server: 'mistral' }, { thinking: 'high' })).body).toBe(false);
  });
});

describe('reasoning sent back', () => {
  it("goes back as reasoning_content on the assistant message that had it (DeepSeek's thinking mode with tools)", async () => {
    const req = await sent({ server: 'deepseek' }, { messages: reasoned('I should read it.') });
    expect(req.body.messages[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"path":"notes.txt"}' } }],
      reasoning_content: 'I should read it.',
    });
  });

  it('goes back empty on a DeepSeek tool-call message that kept none (DeepSeek refuses one without the field)', async () => {
    const req = await sent({ server: 'deepseek' }, { messages: historyWithToolCalls() });
    expect(req.body.messages[2].reasoning_content).toBe('');
    expect('reasoning_content' in req.body.messages[0]).toBe(false);
  });

  it('goes back in the field the record names, and only where there was some', async () => {
    expect((await sent({ server: 'ollama' }, { messages: reasoned('hm', false) })).body.messages[2]).toEqual({ role: 'assistant', content: 'Small.', reasoning: 'hm' });
    expect('reasoning_content' in (await sent(undefined, { messages: historyWithToolCalls() })).body.messages[2]).toBe(false);
  });

  it('does not go to servers that refuse it (Mistral, Groq), nor when send_reasoning is false', async () => {
    for (const compat of [{ server: 'mistral' }, { server: 'groq' }, { send_reasoning: false }]) {
      const msg = (await sent(compat, { messages: reasoned('secret') })).body.messages[2];
      expect(Object.keys(msg).sort()).toEqual(['content', 'role', 'tool_calls']);
    }
  });

  it("never sends another wire's reasoning (Anthropic thinking, Responses items) to a Chat Completions server", async () => {
    const messages: Message[] = [
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'anthropic thought', source: 'anthropic', signature: 'sig' },
          { type: 'reasoning', text: 'responses thought', source: 'openai-responses', id: 'rs_1', redacted: 'enc' },
          { type: 'text', text: 'A.' },
        ],
      },
    ];
    expect((await sent({ server: 'deepseek' }, { messages })).body.messages[2]).toEqual({ role: 'assistant', content: 'A.' });
  });
});

describe('images', () => {
  const png = { type: 'image' as const, mediaType: 'image/png' as const, data: 'iVBORw0KGgo=', name: 'shot.png' };

  it('go as image_url parts with a data URL after the text', async () => {
    const req = await sent(undefined, { messages: [{ role: 'user', content: 'what is this?', images: [png] }] });
    expect(req.body.messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'what is this?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    });
  });

  it('are refused before sending where the record says the model takes none', async () => {
    const s = await servers.start([text('unused')]);
    const { error } = await collectStream(provider(s, { server: 'deepseek' }), modelRequest({ model: 'deepseek-chat', messages: [{ role: 'user', content: 'x', images: [png] }] }));
    expect(error!.kind).toBe('bad_request');
    expect(error!.message).toMatch(/^deepseek-chat does not take images on this server \(deepseek\)/);
    expect(s.modelRequests()).toHaveLength(0);
  });
});
