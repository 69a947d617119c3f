import { describe, expect, it } from 'vitest';
import { sortByPath } from './sort-matches.js';

describe('sortByPath', () => {
  it('orders lines by path and keeps each file’s lines in their order', () => {
    expect(sortByPath(['b:1', 'b:2', 'a:9', 'a:10'], ['b', 'b', 'a', 'a'])).toEqual(['a:9', 'a:10', 'b:1', 'b:2']);
  });
});
