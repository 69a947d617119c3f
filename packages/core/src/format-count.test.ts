import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.js';

describe('formatCount', () => {
  it('writes counts as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 42, 999, 1000, 30_000, 123_456, 1_234_567, 2 ** 40, -1, -1000, -987_654_321, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('leaves what is not a safe integer to toLocaleString', () => {
    for (const n of [1.5, 1234.5678, Number.NaN, Infinity, 2 ** 60]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});
