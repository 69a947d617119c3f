import { describe, expect, it } from 'vitest';
import { costOf, formatCost, parsePriceTable } from './pricing.js';

describe('costOf', () => {
  it('prices input, output, cache reads and cache writes each at their own rate', () => {
    const cost = costOf({ inputTokens: 100, outputTokens: 10, cacheReadTokens: 1000, cacheWriteTokens: 200 }, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 });
    expect(cost).toBeCloseTo((100 * 3 + 10 * 15 + 1000 * 0.3 + 200 * 3.75) / 1e6, 12);
  });

  it('prices cache tokens at the input rate when the table gives no cache price', () => {
    expect(costOf({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 1e6 }, { input: 2, output: 8 })).toBe(2);
  });

  it('uses the long-prompt prices for every token of a request whose whole prompt is longer', () => {
    const pricing = { input: 1, output: 5, longPrompt: { aboveTokens: 100_000, input: 2, output: 10 } };
    expect(costOf({ inputTokens: 60_000, outputTokens: 1000, cacheReadTokens: 40_000 }, pricing)).toBeCloseTo((60_000 + 40_000 + 5000) / 1e6, 12);
    expect(costOf({ inputTokens: 60_000, outputTokens: 1000, cacheReadTokens: 40_001 }, pricing)).toBeCloseTo((2 * 100_001 + 10_000) / 1e6, 12);
  });
});

describe('parsePriceTable', () => {
  it('reads the Lua spelling into prices, long prompts included', () => {
    expect(parsePriceTable({ 'openai/local': { input: 0, output: 0 }, 'a/b': { input: 1, output: 2, cache_read: 0.1, cache_write: 1.25, long_prompt: { above_tokens: 200_000, input: 2, output: 4 } } })).toEqual({
      'openai/local': { input: 0, output: 0 },
      'a/b': { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 1.25, longPrompt: { aboveTokens: 200_000, input: 2, output: 4 } },
    });
  });

  it('says what is wrong with a long prompt without its threshold', () => {
    expect(() => parsePriceTable({ 'a/b': { input: 1, output: 2, long_prompt: { input: 2, output: 4 } } })).toThrow('prices["a/b"].long_prompt.above_tokens must be a whole number of tokens, got undefined');
  });
});

describe('formatCost', () => {
  it('shows cents for dollars and four places below one', () => {
    expect(formatCost(0.01234)).toBe('$0.0123');
    expect(formatCost(12.345)).toBe('$12.35');
  });
});
