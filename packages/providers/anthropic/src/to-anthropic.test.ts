import { describe, expect, it } from 'vitest';
import { argsInput, toAnthropicMessages, toAnthropicParams } from './to-anthropic.js';

describe('argsInput', () => {
  it('keeps a JSON object, and carries anything else in _raw so the request stays valid', () => {
    expect(argsInput('{"a":1}')).toEqual({ a: 1 });
    expect(argsInput('')).toEqual({});
    expect(argsInput('{"a":')).toEqual({ _raw: '{"a":' });
    expect(argsInput('[1,2]')).toEqual({ _raw: '[1,2]' });
    expect(argsInput('null')).toEqual({ _raw: 'null' });
  });
});

describe('toAnthropicMessages', () => {
  it('merges consecutive user-role content so roles alternate', () => {
    const out = toAnthropicMessages([
      { role: 'user', content: 'one' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
    ]);
    expect(out).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] },
    ]);
  });

  it('drops empty text and empty messages, which the API rejects', () => {
    const out = toAnthropicMessages([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: [{ type: 'text', text: '' }] },
      { role: 'user', content: 'again' },
    ]);
    expect(out).toEqual([{ role: 'user', content: [{ type: 'text', text: 'q' }, { type: 'text', text: 'again' }] }]);
  });

  it('gives an empty tool result some content, and flags errors', () => {
    const [msg] = toAnthropicMessages([
      { role: 'tool', results: [{ type: 'tool_result', callId: 't1', name: 'bash', content: '', isError: true }] },
    ]);
    expect(msg!.content).toEqual([{ type: 'tool_result', tool_use_id: 't1', content: '(no output)', is_error: true }]);
  });
});

describe('toAnthropicParams', () => {
  it('puts cache breakpoints on the system prompt, the last tool and the last block', () => {
    const params = toAnthropicParams({
      model: 'm',
      system: 'sys',
      maxTokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
      tools: [
        { name: 'a', description: 'A', parameters: { type: 'object' } },
        { name: 'b', description: 'B', parameters: { type: 'object' } },
      ],
    });
    expect(params.system).toEqual([{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }]);
    expect(params.tools!.map((t) => 'cache_control' in t)).toEqual([false, true]);
    expect(params.messages[0]!.content).toEqual([{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }]);
  });

  it('sends neither system nor tools when there are none', () => {
    const params = toAnthropicParams({ model: 'm', system: '', maxTokens: 10, messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect('system' in params).toBe(false);
    expect('tools' in params).toBe(false);
  });
});
