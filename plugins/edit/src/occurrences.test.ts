import { describe, expect, it } from 'vitest';
import { findOccurrences, lineNumbersAt, listLines } from './occurrences.js';

describe('occurrences', () => {
  it('finds non-overlapping occurrences left to right', () => {
    expect(findOccurrences('aaaa', 'aa')).toEqual([0, 2]);
    expect(findOccurrences('abc', 'x')).toEqual([]);
  });
  it('gives the line of each index', () => {
    const text = 'a\nbb\n\nc';
    expect(lineNumbersAt(text, [0, 1, 2, 5, 6, 7])).toEqual([1, 1, 2, 3, 4, 4]);
  });
  it('lists lines readably, without repeats', () => {
    expect(listLines([4])).toBe('line 4');
    expect(listLines([3, 3, 9, 20])).toBe('lines 3, 9 and 20');
    expect(listLines([1, 2, 3, 4], 2)).toBe('lines 1, 2 and 2 more');
  });
});
