import { describe, expect, it } from 'vitest';
import { closestNames } from './closest-names.js';

describe('closestNames', () => {
  it('finds a name with a typo, two letters swapped counting as one edit', () => {
    expect(closestNames('atuo', ['auto', 'approvals', 'help'])).toEqual(['auto']);
    expect(closestNames('bsh', ['bash', 'read', 'edit'])).toEqual(['bash']);
  });

  it('finds nothing when no name is near', () => {
    expect(closestNames('zzz', ['bash', 'read'])).toEqual([]);
  });
});
