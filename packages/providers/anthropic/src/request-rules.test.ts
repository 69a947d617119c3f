/**
 * Every request lug sends follows the API's rules: roles alternate, tool
 * results come first in the user message after the calls, at most four cache
 * breakpoints and none on thinking, thinking blocks with their signatures
 * first in the assistant message (before tool_use) and only to the model that
 * wrote them, images before the text, the output cap above a thinking budget.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ImagePart, Message, ModelRequest, ReasoningPart } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { toAnthropicParams } from './to-anthropic.js';

const thought = (text: string, signature: string, model = 'claude-sonnet-5-5'): ReasoningPart => ({ type: 'reasoning', text, source: 'anthropic', signature, model });

function request(messages: Message[], fields: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model: 'claude-sonnet-5-5',
    system: 'sys',
    maxTokens: 16_384,
    messages,
    tools: [
      { name: 'read', description: 'Read.', parameters: { type: 'object' } },
      { name: 'ls', description: 'List.', parameters: { type: 'object' } },
    ],
    ...fields,
  };
}

/** Two tool-use turns with thinking, as the loop stores them. */
const twoToolTurns: Message[] = [
  { role: 'user', content: 'find beta' },
  { role: 'assistant', content: [thought('look at the notes', 'sig1'), { type: 'text', text: 'Reading.' }, { type: 'tool_call', id: 't1', name: 'read', argsText: '{"path":"notes.txt"}' }] },
  { role: 'tool', results: [{ type: 'tool_result', callId: 't1', name: 'read', content: 'alpha\nbeta', isError: false }] },
  { role: 'assistant', content: [thought('list too', 'sig2'), { type: 'tool_call', id: 't2', name: 'ls', argsText: '{}' }] },
  { role: 'tool', results: [{ type: 'tool_result', callId: 't2', name: 'ls', content: 'notes.txt', isError: false }] },
];

function breakpoints(params: Anthropic.MessageCreateParamsStreaming): number {
  return JSON.stringify(params).split('"cache_control"').length - 1;
}

function checkRules(params: Anthropic.MessageCreateParamsStreaming): void {
  const { messages } = params;
  expect(messages[0]!.role).toBe('user');
  messages.forEach((m, i) => i > 0 && expect(m.role, `message ${i}`).not.toBe(messages[i - 1]!.role));
  for (const [i, m] of messages.entries()) {
    const blocks = m.content as Anthropic.ContentBlockParam[];
    if (m.role === 'assistant') {
      // Thinking first, and every thinking block signed.
      const firstOther = blocks.findIndex((b) => b.type !== 'thinking' && b.type !== 'redacted_thinking');
      expect(blocks.slice(firstOther === -1 ? blocks.length : firstOther).some((b) => b.type === 'thinking' || b.type === 'redacted_thinking'), `message ${i}`).toBe(false);
      for (const b of blocks) if (b.type === 'thinking') expect(b.signature).toMatch(/\S/);
      const used = blocks.filter((b) => b.type === 'tool_use').map((b) => (b as Anthropic.ToolUseBlockParam).id);
      if (used.length) {
        // Every call's result opens the next (user) message, in order.
        const next = messages[i + 1]!.content as Anthropic.ContentBlockParam[];
        expect(next.slice(0, used.length).map((b) => (b as Anthropic.ToolResultBlockParam).tool_use_id)).toEqual(used);
      }
    }
    for (const b of blocks) if (b.type === 'thinking' || b.type === 'redacted_thinking') expect(b).not.toHaveProperty('cache_control');
  }
  expect(breakpoints(params)).toBeLessThanOrEqual(4);
  if (params.thinking?.type === 'enabled') expect(params.max_tokens).toBeGreaterThan(params.thinking.budget_tokens);
  expect(params).not.toHaveProperty('temperature');
  expect(params).not.toHaveProperty('tool_choice');
}

describe('thinking across two tool-use turns', () => {
  it('sends each thinking block back with its signature, first in its message, before tool_use', () => {
    const params = toAnthropicParams(request(twoToolTurns, { thinking: 'high' }));
    checkRules(params);
    expect(params.messages[1]!.content).toEqual([
      { type: 'thinking', thinking: 'look at the notes', signature: 'sig1' },
      { type: 'text', text: 'Reading.' },
      { type: 'tool_use', id: 't1', name: 'read', input: { path: 'notes.txt' } },
    ]);
    expect((params.messages[3]!.content as Anthropic.ContentBlockParam[])[0]).toEqual({ type: 'thinking', thinking: 'list too', signature: 'sig2' });
    expect(params.thinking).toEqual({ type: 'adaptive', display: 'summarized' });
    expect(params.output_config).toEqual({ effort: 'high' });
  });

  it('sends redacted thinking back unchanged', () => {
    const messages: Message[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: [thought('a', 's'), { type: 'reasoning', text: '', source: 'anthropic', redacted: 'OPAQUE', model: 'claude-sonnet-5-5' }, { type: 'text', text: 'answer' }] },
      { role: 'user', content: 'more' },
    ];
    const params = toAnthropicParams(request(messages));
    checkRules(params);
    expect((params.messages[1]!.content as Anthropic.ContentBlockParam[]).slice(0, 2)).toEqual([
      { type: 'thinking', thinking: 'a', signature: 's' },
      { type: 'redacted_thinking', data: 'OPAQUE' },
    ]);
  });

  it("sends no reasoning the API would reject: another API's, another model's, or one without a signature", () => {
    const messages: Message[] = [
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'from deepseek', source: 'openai-chat' },
          thought('by opus', 'sig-opus', 'claude-opus-5-5'),
          { type: 'reasoning', text: 'cut before its signature', source: 'anthropic' },
          { type: 'text', text: 'answer' },
        ],
      },
      { role: 'user', content: 'more' },
    ];
    expect(toAnthropicParams(request(messages)).messages[1]!.content).toEqual([{ type: 'text', text: 'answer' }]);
  });

  it('asks no thinking of a request that continues a budget model\'s tool loop begun without it', () => {
    const messages: Message[] = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: [{ type: 'tool_call', id: 't1', name: 'read', argsText: '{}' }] },
      { role: 'tool', results: [{ type: 'tool_result', callId: 't1', name: 'read', content: 'x', isError: false }] },
    ];
    expect(toAnthropicParams(request(messages, { model: 'claude-haiku-4-5', thinking: 'high' }))).not.toHaveProperty('thinking');
    expect(toAnthropicParams(request([{ role: 'user', content: 'q' }], { model: 'claude-haiku-4-5', thinking: 'high' })).thinking).toMatchObject({ type: 'enabled' });
  });
});

describe('the thinking level', () => {
  it('asks an adaptive model for the nearest effort it accepts, with room for thinking on top of max_tokens', () => {
    expect(toAnthropicParams(request([{ role: 'user', content: 'q' }], { thinking: 'minimal' }))).toMatchObject({ max_tokens: 16_384 + 1024, output_config: { effort: 'low' } });
    expect(toAnthropicParams(request([{ role: 'user', content: 'q' }], { thinking: 'high', maxTokens: 120_000 })).max_tokens).toBe(128_000);
    expect(toAnthropicParams(request([{ role: 'user', content: 'q' }], { thinking: 'max' })).output_config).toEqual({ effort: 'max' });
    expect(toAnthropicParams(request([{ role: 'user', content: 'q' }], { model: 'claude-haiku-5-5', thinking: 'max' })).output_config).toEqual({ effort: 'high' });
  });

  it('gives a budget model a budget on top of max_tokens, within its output limit', () => {
    const high = toAnthropicParams(request([{ role: 'user', content: 'q' }], { model: 'claude-sonnet-4-5', thinking: 'high' }));
    expect(high).toMatchObject({ max_tokens: 16_384 + 32_000, thinking: { type: 'enabled', budget_tokens: 32_000 } });
    checkRules(high);
    const max = toAnthropicParams(request([{ role: 'user', content: 'q' }], { model: 'claude-haiku-4-5', thinking: 'max' }));
    expect(max).toMatchObject({ max_tokens: 64_000, thinking: { type: 'enabled', budget_tokens: 64_000 - 16_384 } });
    const tight = toAnthropicParams(request([{ role: 'user', content: 'q' }], { model: 'claude-haiku-4-5', thinking: 'low', maxTokens: 64_000 }));
    expect(tight).toMatchObject({ max_tokens: 64_000, thinking: { type: 'enabled', budget_tokens: 1024 } });
  });

  it('asks for nothing when off', () => {
    const params = toAnthropicParams(request([{ role: 'user', content: 'q' }], { thinking: 'off' }));
    expect(params).not.toHaveProperty('thinking');
    expect(params).not.toHaveProperty('output_config');
  });
});

describe('images', () => {
  const png = (name: string, side = 10): ImagePart => ({ type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=', name, width: side, height: side });

  it('go before the prompt text, as base64 image blocks', () => {
    const params = toAnthropicParams(request([{ role: 'user', content: 'what is this?', images: [png('a.png'), { ...png('b.jpg'), mediaType: 'image/jpeg' }] }]));
    expect(params.messages[0]!.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'iVBORw0KGgo=' } },
      { type: 'text', text: 'what is this?', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('are refused before sending past 100 in a request, or over 2000 pixels when there are more than 20', () => {
    const many = (n: number, side: number): Message[] => [{ role: 'user', content: 'q', images: Array.from({ length: n }, (_, i) => png(`${i}.png`, side)) }];
    expect(() => toAnthropicParams(request(many(101, 10)))).toThrow('the conversation holds 101 images; Anthropic takes at most 100 in one request: start a new conversation');
    expect(() => toAnthropicParams(request(many(21, 2001)))).toThrow(/^0\.png is 2001×2001 pixels; with more than 20 images in a conversation, Anthropic takes none over 2000 pixels on a side/);
    expect(() => toAnthropicParams(request(many(20, 8000)))).not.toThrow();
  });
});

describe('a paused turn sent again', () => {
  it('ends with the paused answer, its trailing whitespace trimmed as the API requires', () => {
    const params = toAnthropicParams(request([{ role: 'user', content: 'go' }, { role: 'assistant', content: [{ type: 'text', text: 'Working: first, ' }] }]));
    expect(params.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Working: first,', cache_control: { type: 'ephemeral' } }] });
  });
});
