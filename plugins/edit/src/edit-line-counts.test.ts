import { describe, expect, it } from 'vitest';
import { editLineCounts } from './edit-line-counts.js';

/** A plan as planEdit makes it, for replacing every `old` in `before`: byte offsets into the file's bytes. */
function plan(before: string, old: string, replacement: string) {
  const bytes = Buffer.from(before, 'utf8');
  const needle = Buffer.from(old, 'utf8');
  const starts: number[] = [];
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length)) starts.push(at);
  return { bytes, starts, oldLength: needle.length, replacement: Buffer.from(replacement, 'utf8') };
}

describe('the lines an edit added and removed', () => {
  it('counts a change inside a line as one line removed and one added', () => {
    expect(editLineCounts(plan('a\nhello world\nc\n', 'world', 'there'))).toEqual({ added: 1, removed: 1 });
    expect(editLineCounts(plan('héllo\nwörld\n', 'h', 'H'))).toEqual({ added: 1, removed: 1 });
  });

  it('counts lines inserted and deleted, not the lines around them', () => {
    expect(editLineCounts(plan('a\nb\nc\n', 'b\n', 'b\nb2\nb3\n'))).toEqual({ added: 2, removed: 0 });
    expect(editLineCounts(plan('a\nb\nc\n', 'b\n', ''))).toEqual({ added: 0, removed: 1 });
  });

  it('counts each replacement of replace_all where it is, and replacements on one line once', () => {
    const far = `x1\n${'keep\n'.repeat(50)}x2\n`;
    expect(editLineCounts(plan(far, 'x', 'y'))).toEqual({ added: 2, removed: 2 });
    expect(editLineCounts(plan('aaa\nb\n', 'a', 'A'))).toEqual({ added: 1, removed: 1 });
  });
});
