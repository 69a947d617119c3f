/**
 * string.find without patterns on the fengari lug runs (dist/fengari.cjs,
 * patched by fengari-patches.ts's nativePlainFind to search with Buffer's
 * indexOf): the same answers as Lua's own find, position for position.
 */
import { describe, expect, it } from 'vitest';
import { luaQuote, runLua as run } from './fengari-test-support.js';

describe('string.find on fengari, plain', () => {
  it('finds the first occurrence at or after init, 1-based, with its end', () => {
    expect(run('return ("hello world"):find("o", 1, true)')).toEqual([5, 5]);
    expect(run('return ("hello world"):find("o", 6, true)')).toEqual([8, 8]);
    expect(run('return ("hello world"):find("world", 1, true)')).toEqual([7, 11]);
    expect(run('return ("a.b.c"):find(".", 3, true)')).toEqual([4, 4]);
  });

  it('is nil when there is none, or init is past the end', () => {
    expect(run('return ("hello"):find("z", 1, true)')).toEqual([undefined]);
    expect(run('return ("hello"):find("o", 6, true)')).toEqual([undefined]);
    expect(run('return ("hello"):find("lo!", 1, true)')).toEqual([undefined]);
  });

  it('counts init from the end when negative, and finds the empty string at init', () => {
    expect(run('return ("hello"):find("l", -2, true)')).toEqual([4, 4]);
    expect(run('return ("hello"):find("", 3, true)')).toEqual([3, 2]);
    expect(run('return ("hello"):find("", 10, true)')).toEqual([undefined]);
  });

  it('searches bytes, in a long string too, and a pattern without special characters the same way', () => {
    expect(run('return ("naïve café"):find("café", 1, true)')).toEqual([8, 12]);
    expect(run('local s = string.rep("r", 20000) .. "rm -rf /" return s:find("rm -rf", 1, true)')).toEqual([20001, 20006]);
    expect(run('local s = string.rep("ab", 5000) .. "abc" return s:find("abc")')).toEqual([10001, 10003]);
    expect(run('return ("x\\0y\\0z"):find("\\0z", 1, true)')).toEqual([4, 5]);
  });

  it('finds the same in short and long strings, from every init, as a byte search does (loop below 128 bytes, Buffer above)', () => {
    let seed = 11;
    // The high bits of the generator: its low bits repeat with short periods (the lowest alternates).
    const random = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 16) % n;
    const pieces = ['a', 'b', 'ab', 'aab', '\0', 'é'];
    const cases: string[] = [];
    for (let round = 0; round < 150; round++) {
      const length = [3, 20, 120, 127, 128, 129, 140, 400][round % 8]!;
      let hay = '';
      while (hay.length < length) hay += pieces[random(pieces.length)];
      const needle = ['ab', 'aab', 'ba', 'bb', 'a\0b', 'é', 'aaab', 'x'][random(8)]!;
      cases.push(`{${luaQuote(hay)}, ${luaQuote(needle)}, ${1 + random(length + 2)}}`);
    }
    // Lua's own find, written out byte by byte, against fengari's plain find, for each case.
    const code = `
      local function slow(s, p, init)
        if init > #s + 1 then return nil end
        for i = init, #s - #p + 1 do
          if s:sub(i, i + #p - 1) == p then return i, i + #p - 1 end
        end
        return nil
      end
      local differ = {}
      for n, c in ipairs({${cases.join(', ')}}) do
        local s, p, init = c[1], c[2], c[3]
        local a1, a2 = s:find(p, init, true)
        local b1, b2 = slow(s, p, init)
        if a1 ~= b1 or a2 ~= b2 then differ[#differ + 1] = n .. ": " .. tostring(a1) .. " " .. tostring(b1) end
      end
      return #differ, table.concat(differ, "; ")`;
    expect(run(code)).toEqual([0, '']);
  });

  it('finds a needle that ends at the last byte, and none longer than what is left', () => {
    expect(run('return ("aaab"):find("aab", 1, true)')).toEqual([2, 4]);
    expect(run('return ("aaab"):find("aab", 3, true)')).toEqual([undefined]);
    expect(run('return ("ab"):find("abc", 1, true)')).toEqual([undefined]);
    expect(run('local s = string.rep("x", 127) .. "yz" return s:find("yz", 100, true)')).toEqual([128, 129]);
    expect(run('local s = string.rep("x", 200) .. "yz" return s:find("yz", 2, true)')).toEqual([201, 202]);
  });
});
