/**
 * string.match and string.find with a literal pattern on the fengari lug runs
 * (dist/fengari.cjs, patched by fengari-patches.ts's literalPatterns to look for
 * the bytes instead of running the general matcher): the same answers as
 * Lua's own matching, position for position, anchored or not, from every
 * init; and every other pattern still goes through the matcher.
 */
import { describe, expect, it } from 'vitest';
import { luaQuote, runLua as run } from './fengari-test-support.js';

describe('string.match and string.find on fengari, literal patterns', () => {
  it('answer as the matcher does for the patterns rules use', () => {
    expect(run('return ("src/.env"):match("%.env$"), ("src/a.ts"):match("%.env$"), ("a.env.bak"):match("%.env$")')).toEqual(['.env', undefined, undefined]);
    // (A call that is not last in a list gives its first value only.)
    expect(run('return ("sudo rm"):find("^sudo ")')).toEqual([1, 5]);
    expect(run('return ("x sudo rm"):find("^sudo "), ("x sudo rm"):find("sudo ")')).toEqual([undefined, 3, 7]);
    expect(run('return ("a.b"):match("^a%.b$"), ("a.bc"):match("^a%.b$"), ("50%"):match("%%$"), ("a$"):match("a%$"), ("a$b"):find("$b")')).toEqual(['a.b', undefined, '%', 'a$', 2, 3]);
    expect(run('return ("xax"):find("^a", 2), ("xax"):match("x$", 2), ("xax"):find("x$", 4), ("ab"):find("b", 3)')).toEqual([2, 'x', undefined, undefined]);
  });

  it('give what a byte-by-byte search gives, for escaped punctuation, anchors and every init', () => {
    let seed = 5;
    // The high bits of the generator: its low bits repeat with short periods (the lowest alternates).
    const random = (n: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 16) % n;
    const alphabet = ['a', 'b', '.', '/', '%', '$', '^', '-', ' ', '\0', 'é'];
    const cases: string[] = [];
    for (let round = 0; round < 400; round++) {
      let subject = '';
      const length = random(12);
      while (subject.length < length) subject += alphabet[random(alphabet.length)];
      let literal = '';
      const size = 1 + random(3);
      while (literal.length < size) literal += alphabet[random(alphabet.length)];
      cases.push(`{${luaQuote(subject)}, ${luaQuote(literal)}, ${random(2) === 1}, ${random(2) === 1}, ${1 + random(length + 2)}}`);
    }
    const code = `
      local function at(s, lit, pos)
        if pos < 1 or pos + #lit - 1 > #s then return false end
        for k = 1, #lit do if s:byte(pos + k - 1) ~= lit:byte(k) then return false end end
        return true
      end
      local function ref(s, lit, first, last, init)
        if init > #s + 1 then return nil end
        for pos = init, first and init or #s + 1 do
          if at(s, lit, pos) and (not last or pos + #lit - 1 == #s) then return pos, pos + #lit - 1 end
        end
        return nil
      end
      local function escaped(lit)
        return (lit:gsub("[^%w]", function(c) return c:byte() >= 128 and c or "%" .. c end))
      end
      local wrong = {}
      for _, c in ipairs({ ${cases.join(', ')} }) do
        local s, lit, first, last, init = c[1], c[2], c[3], c[4], c[5]
        local pattern = (first and "^" or "") .. escaped(lit) .. (last and "$" or "")
        local a, b = s:find(pattern, init)
        local ra, rb = ref(s, lit, first, last, init)
        local m = s:match(pattern, init)
        local rm = ra and s:sub(ra, rb) or nil
        if a ~= ra or b ~= rb or m ~= rm then
          wrong[#wrong + 1] = string.format("%q:find(%q, %d) = %s %s, want %s %s", s, pattern, init, tostring(a), tostring(b), tostring(ra), tostring(rb))
        end
      end
      return #wrong, wrong[1]`;
    expect(run(code)).toEqual([0, undefined]);
  });

  it('leave every other pattern to the matcher: classes, sets, quantifiers, captures, and its errors', () => {
    expect(run('return ("a1"):match("%d"), ("ab"):match("[b]"), ("aab"):match("a+"), ("ab"):match("(a)(b)")')).toEqual(['1', 'b', 'aa', 'a', 'b']);
    expect(run('return ("a.b"):match("a.b"), ("a-b"):find("a-b"), ("x^y"):find("x^y"), ("(x)"):match("%(x%)")')).toEqual(['a.b', 3, 1, '(x)']);
    expect(run('return ("aab"):find("a-b")')).toEqual([1, 3]);
    expect(() => run('return ("a"):match("a%")')).toThrow(/malformed pattern \(ends with '%'\)/);
    expect(() => run('return ("a"):match("a)")')).toThrow(/invalid pattern capture/);
  });
});
