import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { withNativeRegExps } from './native-regexps.js';

// V8's cachedDataVersionTag hashes its flags (what a code cache is keyed by): it shows the flag flipped and back.
describe('withNativeRegExps', () => {
  it('runs the call with regexp tier-up off, and gives V8 its flags back after', () => {
    const before = v8.cachedDataVersionTag();
    const inside = withNativeRegExps(() => ({ tag: v8.cachedDataVersionTag(), match: /(a|b)+c/.exec('ababc')?.[0] }));
    expect(inside.match).toBe('ababc');
    expect(inside.tag).not.toBe(before);
    expect(v8.cachedDataVersionTag()).toBe(before);
  });

  it('gives the flags back when the call throws', () => {
    const before = v8.cachedDataVersionTag();
    expect(() =>
      withNativeRegExps(() => {
        throw new Error('a renderer bug');
      }),
    ).toThrow('a renderer bug');
    expect(v8.cachedDataVersionTag()).toBe(before);
  });
});
