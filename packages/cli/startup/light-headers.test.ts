import { describe, expect, it } from 'vitest';
import { LightHeaders } from './light-headers.js';

/** Node's own Headers (undici) and LightHeaders, each asked the same; both answers, or both errors' kinds. */
function both<T>(act: (h: Headers | LightHeaders) => T): [unknown, unknown] {
  const answer = (make: () => Headers | LightHeaders) => {
    try {
      return act(make());
    } catch (err) {
      return `throws ${(err as Error).constructor.name}`;
    }
  };
  return [answer(() => new Headers()), answer(() => new LightHeaders())];
}

describe('LightHeaders', () => {
  it('answers as Node’s Headers on a thousand random sequences of calls', () => {
    const names = ['Content-Type', 'content-type', 'X-Api-Key', 'set-cookie', 'Set-Cookie', 'accept', 'bad name', 'bad:name', '', 'é'];
    const values = ['a', ' padded\t', 'x, y', '', 'line\nbreak', 'nul\0', 'ünïcode', '  '];
    let seed = 7;
    const pick = <T,>(list: readonly T[]): T => list[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % list.length]!;
    for (let round = 0; round < 1000; round++) {
      const steps = Array.from({ length: 6 }, () => [pick(['append', 'set', 'delete', 'get', 'has'] as const), pick(names), pick(values)] as const);
      const [theirs, mine] = both((h) => {
        const seen: unknown[] = [];
        for (const [op, name, value] of steps) {
          try {
            if (op === 'append' || op === 'set') h[op](name, value);
            else seen.push((h[op] as (n: string) => unknown)(name));
          } catch (err) {
            seen.push(`throws ${(err as Error).constructor.name}`);
          }
        }
        return { seen, entries: [...h], cookies: h.getSetCookie(), keys: [...h.keys()], values: [...h.values()] };
      });
      expect(mine, JSON.stringify(steps)).toEqual(theirs);
    }
  });

  it('takes the initial headers as Node’s does: a record, pairs, Headers, arrays of values', () => {
    const inits: unknown[] = [{ A: '1', b: ' 2 ' }, [['a', '1'], ['A', '2']], new LightHeaders({ x: 'y' }), [['only-one']], 'text', { 'bad name': 'x' }];
    for (const init of inits) {
      const make = (H: new (init: never) => Iterable<[string, string]>) => {
        try {
          return [...new H((init instanceof LightHeaders ? [...init] : init) as never)];
        } catch (err) {
          return `throws ${(err as Error).constructor.name}`;
        }
      };
      expect(make(LightHeaders), JSON.stringify(init)).toEqual(make(Headers));
    }
    expect([...new LightHeaders({ 'set-cookie': ['a=1', 'b=2'] })]).toEqual([['set-cookie', 'a=1'], ['set-cookie', 'b=2']]);
  });

  it('says what is wrong with a bad name or value', () => {
    expect(() => new LightHeaders().set('bad name', 'x')).toThrow(/"bad name" is not a valid header name/);
    expect(() => new LightHeaders().set('x', 'a\r\nb')).toThrow(/the value of "x" holds a NUL, CR or LF/);
  });

  it('iterates with forEach and is tagged Headers', () => {
    const h = new LightHeaders([['B', '2'], ['a', '1']]);
    const seen: string[] = [];
    h.forEach((value, name) => seen.push(`${name}=${value}`));
    expect(seen).toEqual(['a=1', 'b=2']);
    expect(Object.prototype.toString.call(h)).toBe('[object Headers]');
  });
});
