/** lug.str and lug.tbl: the string and table helpers (Neovim's vim.split, vim.trim, vim.tbl_*). */
import { describe, expect, it } from "vitest";
import { luaEachTest } from "../test-support.js";

const lua = luaEachTest();
const { run, failure } = lua;

describe('lug.str', () => {
  it('splits on a plain separator, keeping empty parts unless trimempty', async () => {
    expect(await run('return lug.str.split("a.b..c", ".")')).toEqual([['a', 'b', '', 'c']]);
    expect(await run('return lug.str.split(",a,b,", ",", { trimempty = true })')).toEqual([['a', 'b']]);
    expect(await failure('lug.str.split("abc", "")')).toMatch(/bad argument #2 to 'lug.str.split' \(sep: expected a non-empty string, got ""\)/);
  });

  it('trims whitespace at both ends, and tells prefixes and suffixes', async () => {
    expect(await run('return lug.str.trim("  \\t x y \\n"), lug.str.startswith("lug.opt", "lug."), lug.str.endswith("init.lua", ".vim")')).toEqual(['x y', true, false]);
  });
});

describe('lug.tbl', () => {
  it('lists keys and values', async () => {
    expect(await run('local k = lug.tbl.keys({ a = 1, b = 2 }); table.sort(k); return k')).toEqual([['a', 'b']]);
    expect(await run('local v = lug.tbl.values({ a = 1, b = 2 }); table.sort(v); return v')).toEqual([[1, 2]]);
  });

  it('maps every value keeping its key, and filters values into a list', async () => {
    expect(await run('return lug.tbl.map(function(v) return v * 2 end, { a = 1, 3 })')).toEqual([{ a: 2, 1: 6 }]);
    expect(await run('return lug.tbl.filter(function(v) return v > 1 end, { 1, 2, 3 })')).toEqual([[2, 3]]);
  });

  it('tells whether a table contains a value', async () => {
    expect(await run('return lug.tbl.contains({ "a", "b" }, "b"), lug.tbl.contains({ "a" }, "c")')).toEqual([true, false]);
  });

  it('deep-extends into a new table: "force" takes the last, "keep" the first, "error" names the conflict', async () => {
    expect(await run('return lug.tbl.deep_extend("force", { a = { x = 1, y = 1 }, l = { 1, 2 } }, { a = { y = 2 }, l = { 3 } })')).toEqual([{ a: { x: 1, y: 2 }, l: [3] }]);
    expect(await run('return lug.tbl.deep_extend("keep", { a = 1 }, { a = 2, b = 3 })')).toEqual([{ a: 1, b: 3 }]);
    expect(await failure('lug.tbl.deep_extend("error", { a = { b = 1 } }, { a = { b = 2 } })')).toMatch(/the key a.b is in more than one table/);
    expect(await failure('lug.tbl.deep_extend("merge", {}, {})')).toMatch(/bad argument #1 to 'lug.tbl.deep_extend' \(behavior: expected "force", "keep" or "error", got "merge"\)/);
    expect(await failure('lug.tbl.deep_extend("force", {}, 1)')).toMatch(/bad argument #3 to 'lug.tbl.deep_extend' \(t2: expected table, got number\)/);
  });
});
