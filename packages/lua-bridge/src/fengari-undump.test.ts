/**
 * Loading compiled chunks on the bundle's fengari (fengari-undump-patch.ts):
 * instructions and line numbers read in blocks, a chunk
 * given whole read from one copy with its strings as views of it, and a chunk
 * read piece by piece (a reader function) read as before. Each way must give
 * the function the source compiles to.
 */
import { describe, expect, it } from 'vitest';
import { bareVM, runLua as run } from './fengari-test-support.js';

/**
 * A chunk with every kind of constant (booleans, integers, negative and large
 * ones, floats, short and long strings with NULs and UTF-8), nested functions
 * with upvalues, locals whose names the debug library reads, an error whose
 * line number comes from the line info, and a long run of instructions.
 */
const SOURCE = `
local long = string.rep("long string ", 30) .. "\\0end"
local t = { true, false, 0, -1, 2147483647, -2147483648, 1.5, -0.25, 1e300, "é\\0x", long }
local function counter(start)
  local n = start
  return function(step) n = n + step return n end
end
local c = counter(10)
c(1) c(2)
local sum = 0
${Array.from({ length: 400 }, (_, i) => `sum = sum + ${i} * ${i % 7}`).join('\n')}
local ok, err = pcall(function() error("boom") end)
local line = debug.getinfo(1, "l").currentline
local name = debug.getlocal(1, 1)
local keys = {} keys[t[10]] = 1 keys["é\\0x"] = (keys["é\\0x"] or 0) + 1
return #t, t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], #t[11], t[11]:sub(-4), c(3), sum, err, line, name, keys["é\\0x"]
`;

/** What SOURCE returns, run from its source under the name the dumped chunks keep. */
const expected = () => run(`return assert(load(${JSON.stringify(SOURCE)}, "=chunk"))()`);

/** SOURCE compiled and dumped, then loaded back by `load` (given whole) and by a reader handing `piece` bytes a call. */
const throughDump = (how: 'whole' | 'pieces', piece = 3) =>
  run(`
    local f = assert(load(${JSON.stringify(SOURCE)}, "=chunk"))
    local bytes = string.dump(f)
    local g
    if ${how === 'whole' ? 'true' : 'false'} then
      g = assert(load(bytes, "=chunk", "b"))
    else
      local at = 1
      g = assert(load(function()
        local s = bytes:sub(at, at + ${piece} - 1)
        at = at + ${piece}
        if s ~= "" then return s end
      end, "=chunk", "b"))
    end
    return g()
  `);

describe('compiled chunks on fengari (fengari-undump-patch.ts)', () => {
  it('load whole as the source runs: constants, upvalues, line numbers, locals, long strings', () => {
    const want = expected();
    expect(want[15]).toMatch(/^chunk:\d+: boom$/);
    expect(throughDump('whole')).toEqual(want);
  });

  it('load piece by piece, whatever the size of the pieces, as the source runs', () => {
    const want = expected();
    for (const piece of [1, 3, 4, 7, 64]) expect(throughDump('pieces', piece)).toEqual(want);
  });

  it('say a chunk that ends short is truncated, given whole or in pieces', () => {
    const lua = (cut: number) => `
      local bytes = string.dump(function(a) local s = "x" .. a return s, 1.5, {a} end)
      local short = bytes:sub(1, #bytes - ${cut})
      local _, whole = load(short, "=short", "b")
      local at = 1
      local _, pieces = load(function() local s = short:sub(at, at + 2) at = at + 3 if s ~= "" then return s end end, "=short", "b")
      return whole, pieces`;
    for (const cut of [1, 5, 20]) expect(run(lua(cut))).toEqual(['short: truncated precompiled chunk', 'short: truncated precompiled chunk']);
  });

  it('keeps what it loaded when the caller changes the bytes it gave afterwards', () => {
    const vm = bareVM();
    const bytes = vm.dump(vm.load('return "a constant string", "another", 42', '=c'));
    const given = new Uint8Array(bytes);
    const fn = vm.load(given, '=c', 'binary');
    given.fill(0);
    expect(vm.call(fn)).toEqual(['a constant string', 'another', 42]);
    expect(vm.call(fn)).toEqual(['a constant string', 'another', 42]);
  });
});
