import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('drops the oldest entry when a new key comes past its bound, and keeps every entry below it', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [k, v] of [['a', 1], ['b', 2], ['c', 3]] as const) map.set(k, v);
    expect([...map.keys()]).toEqual(['a', 'b', 'c']);
    map.set('d', 4);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
  });

  it('replaces the value of a key it holds without dropping another', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3);
    expect([...map.entries()]).toEqual([['a', 3], ['b', 2]]);
  });
});
