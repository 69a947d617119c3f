import { describe, expect, it } from 'vitest';
import { changedLineCounts } from './changed-lines.js';

describe('changedLineCounts', () => {
  it('counts a new file as every line added', () => {
    expect(changedLineCounts('', 'a\nb\nc\n')).toEqual({ added: 3, removed: 0 });
  });

  it('counts one changed line as one removed and one added', () => {
    expect(changedLineCounts('a\nb\nc\n', 'a\nB\nc\n')).toEqual({ added: 1, removed: 1 });
  });

  it('counts lines inserted and deleted without counting the lines around them', () => {
    expect(changedLineCounts('a\nc\n', 'a\nb1\nb2\nc\n')).toEqual({ added: 2, removed: 0 });
    expect(changedLineCounts('a\nb\nc\n', 'a\nc\n')).toEqual({ added: 0, removed: 1 });
  });

  it('counts nothing when the lines are the same, also when only the last newline differs', () => {
    expect(changedLineCounts('a\nb\n', 'a\nb\n')).toEqual({ added: 0, removed: 0 });
    expect(changedLineCounts('a\nb', 'a\nb\n')).toEqual({ added: 0, removed: 0 });
  });
});
