/** lug.json.decode's parser on its own: what JSON.parse reads, it reads alike; each error names its place and what was expected. */
import { describe, expect, it } from 'vitest';
import { decodeJson, JSON_NULL, JsonSyntaxError } from './json-decode.js';

/** JSON.parse's value with null as decodeJson gives it. */
const withNulls = (v: unknown): unknown =>
  v === null ? JSON_NULL : Array.isArray(v) ? v.map(withNulls) : typeof v === 'object' ? Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, withNulls(x)])) : v;

const error = (text: string): string => {
  try {
    decodeJson(text);
  } catch (err) {
    expect(err).toBeInstanceOf(JsonSyntaxError);
    return (err as Error).message;
  }
  throw new Error(`decoded: ${text}`);
};

describe('decodeJson', () => {
  it('reads what JSON.parse reads, alike', () => {
    const texts = [
      '{"a": [1, 2.5, -3e2, 0, -0.25E-1], "b": {"c": null, "d": [true, false, []]}, "e": {}}',
      ' \t\r\n[ "plain", "esc \\" \\\\ \\/ \\b \\f \\n \\r \\t", "\\u00e9\\u4e2d\\ud83d\\ude00", "" ] \n',
      '"just a string"',
      '-12.5e+3',
      '{"__proto__": 1, "constructor": {"x": 2}}',
    ];
    for (const text of texts) expect(decodeJson(text)).toEqual(withNulls(JSON.parse(text)));
  });

  it('keeps a "__proto__" key as a field, not the prototype', () => {
    const v = decodeJson('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the line, the column, what was expected and what was found', () => {
    expect(error('{\n  "a": }')).toBe('invalid JSON at line 2, column 8: expected a value (an object, array, string, number, true, false or null), found "}"');
    expect(error('[1, 2')).toBe('invalid JSON at line 1, column 6: expected "," or "]", found the end of the text');
    expect(error('{"a" 1}')).toBe('invalid JSON at line 1, column 6: expected ":", found "1"');
    expect(error('{"a": 1 "b": 2}')).toBe('invalid JSON at line 1, column 9: expected "," or "}", found "\\""');
    expect(error('{a: 1}')).toBe('invalid JSON at line 1, column 2: expected a field name in double quotes, found "a"');
    expect(error('"abc')).toBe('invalid JSON at line 1, column 5: expected a closing quote, found the end of the text');
    expect(error('"a\tb"')).toMatch(/column 3: expected a character \(control characters must be escaped in a string\)/);
    expect(error('"\\x"')).toMatch(/column 3: expected an escape \(\\" \\\\ \\\/ \\b \\f \\n \\r \\t or \\uXXXX\), found "x"/);
    expect(error('"\\u12G4"')).toMatch(/column 3: expected four hexadecimal digits after \\u, found "u"/);
    expect(error('tru')).toMatch(/column 1: expected a value/);
    expect(error('1 2')).toBe('invalid JSON at line 1, column 3: expected the end of the text (one JSON value only), found "2"');
    expect(error('')).toMatch(/column 1: expected a value .*found the end of the text/);
  });

  it('refuses nesting past 512 levels, before the stack runs out', () => {
    expect(decodeJson('['.repeat(512) + ']'.repeat(512))).toBeDefined();
    expect(error('['.repeat(513) + ']'.repeat(513))).toMatch(/column 513: expected at most 512 levels of nesting/);
    expect(error('{"a":'.repeat(100_000))).toMatch(/expected at most 512 levels of nesting/);
  });
});
