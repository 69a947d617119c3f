import { describe, expect, it } from 'vitest';
import { listLines } from './occurrences.js';

describe('occurrences', () => {
  it('lists lines readably, without repeats', () => {
    expect(listLines([4])).toBe('line 4');
    expect(listLines([3, 3, 9, 20])).toBe('lines 3, 9 and 20');
    expect(listLines([1, 2, 3, 4], 2)).toBe('lines 1, 2 and 2 more');
  });
});
