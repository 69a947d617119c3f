/** lug.json: encode and decode, null, empty tables and arrays, and errors that say where. */
import { describe, expect, it } from 'vitest';
import { luaEachTest } from '../test-support.js';

const lua = luaEachTest();
const { run, failure } = lua;

describe('lug.json', () => {
  it('encodes lists as arrays, string keys as objects in key order, and numbers, strings and booleans as JSON', async () => {
    expect(await run('return lug.json.encode({ b = { 1, 2.5, "x" }, a = true, c = "é\\n" })')).toEqual(['{"a":true,"b":[1,2.5,"x"],"c":"é\\n"}']);
  });

  it('encodes an empty table as an object, unless marked with lug.json.array', async () => {
    expect(await run('return lug.json.encode({}), lug.json.encode(lug.json.array({})), lug.json.encode({ list = lug.json.array() })')).toEqual(['{}', '[]', '{"list":[]}']);
  });

  it('has lug.json.null for JSON null both ways', async () => {
    expect(await run('return lug.json.encode({ 1, lug.json.null, 3 }), lug.json.decode("[null]")[1] == lug.json.null')).toEqual(['[1,null,3]', true]);
  });

  it('decodes objects, arrays, numbers and escapes, and marks arrays so [] round-trips', async () => {
    expect(await run('local v = lug.json.decode(\'{"a": [1, 2], "b": {"c": "\\\\u00e9"}, "n": -1.5e2, "e": []}\'); return v.a[2], v.b.c, v.n, lug.json.encode(v.e), math.type(v.a[1])')).toEqual([2, 'é', -150, '[]', 'integer']);
  });

  it('indents with opts.indent', async () => {
    expect(await run('return lug.json.encode({ a = 1 }, { indent = 2 })')).toEqual(['{\n  "a": 1\n}']);
  });

  it('names the line and column of a bad text and what was expected there', async () => {
    expect(await failure('lug.json.decode("{\\n  \\"a\\": }")')).toBe(':lua:1: lug.json.decode: invalid JSON at line 2, column 8: expected a value (an object, array, string, number, true, false or null), found "}"');
    expect(await failure('lug.json.decode("[1, 2")')).toMatch(/line 1, column 6: expected "," or "\]", found the end of the text/);
    expect(await failure('lug.json.decode("1 2")')).toMatch(/expected the end of the text \(one JSON value only\)/);
  });

  it('refuses what JSON cannot hold, naming where it is', async () => {
    expect(await failure('lug.json.encode({ items = { 1, print } })')).toMatch(/lug.json.encode: value.items\[2\] is a function, which JSON cannot hold/);
    expect(await failure('local t = {}; t.self = t; lug.json.encode(t)')).toMatch(/value.self is a table that contains itself \(a cycle\)/);
    expect(await failure('lug.json.encode({ [1] = 1, [3] = 3 })')).toMatch(/value is a list with a hole/);
    expect(await failure('lug.json.encode({ 1, a = 2 })')).toMatch(/value has both list items \(1..n\) and named fields/);
    expect(await failure('lug.json.encode(0/0)')).toMatch(/value is NaN, which JSON cannot hold/);
  });

  it('checks its arguments in the one shape', async () => {
    expect(await failure('lug.json.decode(1)')).toBe(":lua:1: bad argument #1 to 'lug.json.decode' (text: expected string, got number)");
    expect(await failure('lug.json.encode({}, { indnt = 2 })')).toMatch(/bad argument #2 to 'lug.json.encode' \(opts: unknown field "indnt"; the fields are: indent\)/);
  });
});
