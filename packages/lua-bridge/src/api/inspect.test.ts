/** lug.inspect: any value as text, and it never fails. */
import { describe, expect, it } from "vitest";
import { luaEachTest } from "../test-support.js";

const lua = luaEachTest();
const { run } = lua;

describe('lug.inspect', () => {
  it('shows a short table on one line: the list first, then the other keys sorted, strings quoted as Lua reads them', async () => {
    expect(await run('return lug.inspect({ 1, "two", z = true, a = "x\\ny", ["not ident"] = 1, [10] = 2 })')).toEqual([
      '{ 1, "two", [10] = 2, a = "x\\ny", ["not ident"] = 1, z = true }',
    ]);
  });

  it('takes a line an entry when a table is long, indenting nested tables', async () => {
    const [text] = await run('return lug.inspect({ name = string.rep("n", 40), inner = { string.rep("x", 60) } })');
    expect(text).toBe(`{\n  inner = { "${'x'.repeat(60)}" },\n  name = "${'n'.repeat(40)}"\n}`);
  });

  it('shows a cycle as <cycle> instead of failing', async () => {
    expect(await run('local t = { a = 1 }; t.self = t; return lug.inspect(t)')).toEqual(['{ a = 1, self = <cycle> }']);
  });

  it('shows functions, threads and userdata as Lua names them', async () => {
    const [text] = await run('return lug.inspect({ f = print, co = coroutine.create(print), file = io.tmpfile() })');
    expect(text).toMatch(/^ {2}co = thread: 0x[0-9a-f]+,$/m);
    expect(text).toMatch(/^ {2}f = function: 0x[0-9a-f]+,$/m);
    expect(text).toMatch(/^ {2}file = file \(.+\)$/m);
  });

  it('uses __tostring, and shows a failing __tostring instead of raising it', async () => {
    expect(await run('return lug.inspect(setmetatable({}, { __tostring = function() return "<point>" end }))')).toEqual(['<point>']);
    expect(await run('return lug.inspect(setmetatable({}, { __tostring = function() error("nope", 0) end }))')).toEqual(['<__tostring failed: nope>']);
  });

  it('stops at opts.depth', async () => {
    expect(await run('return lug.inspect({ a = { b = { c = 1 } } }, { depth = 2 })')).toEqual(['{ a = { b = {...} } }']);
  });

  it('cuts a huge list with "..." instead of showing every item', async () => {
    const [text] = await run('local t = {} for i = 1, 100000 do t[i] = "xxxxxxxx" end return lug.inspect(t)');
    expect((text as string).length).toBeLessThan(400_000); // 200,000 characters of items, and the layout between them
    expect(text).toMatch(/,\n {2}\.\.\.\n\}$/);
  });

  it('shows nil, numbers and booleans as tostring does', async () => {
    expect(await run('return lug.inspect(nil), lug.inspect(3), lug.inspect(true)')).toEqual(['nil', '3', 'true']);
  });
});
