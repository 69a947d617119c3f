import { describe, expect, it } from 'vitest';
import { closestNames, editDistance } from './closest-names.js';

describe('closestNames', () => {
  it('finds a name with a typo, two letters swapped counting as one edit', () => {
    expect(closestNames('atuo', ['auto', 'approvals', 'help'])).toEqual(['auto']);
    expect(closestNames('bsh', ['bash', 'read', 'edit'])).toEqual(['bash']);
  });

  it('finds nothing when no name is near', () => {
    expect(closestNames('zzz', ['bash', 'read'])).toEqual([]);
  });
});

describe('editDistance', () => {
  it('counts edits and stops past the limit', () => {
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('abc', 'xyzabc', 2)).toBe(3);
  });

  it('counts a swap of two neighbours as one edit, and only of neighbours', () => {
    expect(editDistance('atuo', 'auto')).toBe(1);
    expect(editDistance('bab', 'aba')).toBe(2);
  });
});
