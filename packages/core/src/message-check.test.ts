import { describe, expect, it } from 'vitest';
import { isMessage, messageProblem, usageProblem } from './message-check.js';

describe('checking a message read back from a file', () => {
  it('accepts every kind of message and part of the model', () => {
    expect(messageProblem({ role: 'user', content: 'hi', images: [{ type: 'image', mediaType: 'image/png', data: 'AAAA', name: 'shot.png' }] })).toBeUndefined();
    expect(
      messageProblem({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: '', source: 'anthropic', signature: 'sig', redacted: 'opaque' },
          { type: 'text', text: 'Reading.' },
          { type: 'tool_call', id: 'c1', name: 'read', argsText: '{"path":"a"}' },
        ],
      }),
    ).toBeUndefined();
    expect(messageProblem({ role: 'tool', results: [{ type: 'tool_result', callId: 'c1', name: 'read', content: 'x', isError: false }] })).toBeUndefined();
  });

  it('says what is wrong, and where in the message', () => {
    expect(messageProblem(null)).toBe('a message must be an object, got null');
    expect(messageProblem([])).toBe('a message must be an object, got an array');
    expect(messageProblem({ role: 'user' })).toBe("a user message's content must be a string, got nothing");
    expect(messageProblem({ role: 'user', content: 'x', images: 'a.png' })).toBe('a user message\'s images must be a list, got the string "a.png"');
    expect(messageProblem({ role: 'assistant', content: 'text' })).toBe('an assistant message\'s content must be a list of parts, got the string "text"');
    expect(messageProblem({ role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'reasoning', text: 'r' }] })).toBe('part 2: source must be a string, got nothing');
    expect(messageProblem({ role: 'assistant', content: [{ type: 'tool_call', id: 'c', name: 'x', argsText: {} }] })).toBe('part 1: argsText must be a string, got an object');
    expect(messageProblem({ role: 'assistant', content: [{ type: 'image' }] })).toBe('part 1: a part\'s type must be "text", "tool_call" or "reasoning", got the string "image"');
    expect(messageProblem({ role: 'tool', results: [] })).toBe('a tool message must have results (a list of at least one tool result), got an array');
    expect(messageProblem({ role: 'tool', results: [{ type: 'tool_result', callId: 'c', name: 'n', content: 'x' }] })).toBe('result 1: isError must be true or false, got nothing');
    expect(isMessage({ role: 'user', content: 'x' })).toBe(true);
  });

  it('checks usage counts', () => {
    expect(usageProblem({ inputTokens: 1, outputTokens: 2, cacheReadTokens: 3 })).toBeUndefined();
    expect(usageProblem({ inputTokens: 1 })).toBe('outputTokens must be a number of tokens, got nothing');
    expect(usageProblem({ inputTokens: 1, outputTokens: 1, reasoningTokens: 'many' })).toBe('reasoningTokens must be a number of tokens when given, got the string "many"');
  });
});
