/**
 * Strings as table keys and in comparisons, on the fengari lug runs (the
 * build's dist/fengari.cjs, patched by fengari-patches.ts's byteOrderStringKeys):
 * fengari 0.1.5 gave "\1\0" and "\16" one table slot and ordered bytes below
 * 16 wrongly ("a\tb" after "a b").
 */
import { describe, expect, it } from 'vitest';
import { bareVM, runLua as run } from './fengari-test-support.js';

describe('Lua strings on fengari', () => {
  it('are distinct table keys whatever their bytes', () => {
    expect(run('local t = {} t["\\1\\0"] = "a" t["\\16"] = "b" return t["\\1\\0"], t["\\16"]')).toEqual(['a', 'b']);
    expect(run('local t = {} for i = 0, 255 do t[string.char(i)] = i t[string.char(i, i)] = -i end local n = 0 for _ in pairs(t) do n = n + 1 end return n')).toEqual([512]);
  });

  it('compare in byte order, as C Lua does', () => {
    expect(run('return "\\1\\0" < "\\16", "\\10" < "\\1\\0", "a\\tb" < "a b", "a" < "ab", "é" > "z", "" < "\\0", "abc" == "abc"')).toEqual([
      true,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('sort in byte order, long strings too', () => {
    const words = ['b', 'a\tb', 'a b', 'a\nb', 'A', 'é', 'z', `${'x'.repeat(40)}\u0001`, `${'x'.repeat(40)} `, ''];
    // Each byte as a decimal escape, so the Lua source says exactly these bytes.
    const luaString = (w: string) => `"${[...Buffer.from(w)].map((b) => `\\${b}`).join('')}"`;
    const lua = `local t = { ${words.map(luaString).join(', ')} } table.sort(t) return table.concat(t, "|")`;
    const byBytes = [...words].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(run(lua)).toEqual([byBytes.join('|')]);
  });
});

describe('string.sub and type on the bundle (subWithoutCopy, typeNameInterned in fengari-patches.ts)', () => {
  it('gives substrings that share their bytes and act as any string: keys, comparisons, concatenation, long strings', () => {
    const lua = `
      local s = "abcdef" .. string.rep("x", 100)
      local a, b = s:sub(2, 4), ("zbcdz"):sub(2, 4)
      local t = {} t[a] = 1 t[b] = (t[b] or 0) + 1
      local n = 0 for _ in pairs(t) do n = n + 1 end
      return a == b, a == "bcd", t.bcd, n, a .. "!", #s:sub(7), s:sub(7) == string.rep("x", 100), s:sub(-3), s:sub(5, 4), s:sub(0), s:sub(1) == s, a < "bce", s:sub(2, 4):upper(), s:sub(3):sub(2, 3)`;
    expect(run(lua)).toEqual([true, true, 2, 1, 'bcd!', 100, true, 'xxx', '', `abcdef${'x'.repeat(100)}`, true, true, 'BCD', 'de']);
  });

  it('gives the whole string for a whole-string sub, a number converted as C Lua converts it', () => {
    expect(run('return string.sub(123, 1), math.type(string.sub(123, 1)), type(string.sub(1.5, 1)), string.sub(1.5, 1, -1), string.sub("", 1)')).toEqual([
      '123',
      undefined, // math.type of a string: not a number
      'string',
      '1.5',
      '',
    ]);
  });

  it('names every type, the same names at every call', () => {
    expect(run('local t = {} for i = 1, 3 do t[#t + 1] = type(nil) .. type(1) .. type("") .. type({}) .. type(print) .. type(true) .. type(coroutine.create(print)) end return t[1] == t[3], t[1]')).toEqual([
      true,
      'nilnumberstringtablefunctionbooleanthread',
    ]);
  });
});

describe('strings crossing from JavaScript', () => {
  it('are the UTF-8 bytes TextEncoder makes, short or long, ASCII or not, as plain Uint8Arrays', async () => {
    const { luaString } = await import('./lua-strings.js');
    const encoder = new TextEncoder();
    const long = 'export const value = compute(input); // a line\n'.repeat(500);
    for (const text of ['', 'src/a.ts', long, `${long}é`, `${long}Ā`, `${long}\u{1F600}`, `${long}\ud800`, `é${'x'.repeat(100)}`, '\u0100'.repeat(70)]) {
      const bytes = luaString(text);
      expect(Buffer.from(bytes).equals(Buffer.from(encoder.encode(text)))).toBe(true);
      expect(Object.getPrototypeOf(bytes)).toBe(Uint8Array.prototype);
    }
  });

  it('pushed without a copy (lua_lugstring, lua_pushlugstring), act as any Lua string, and their bytes stay as they were', async () => {
    const { luaString } = await import('./lua-strings.js');
    const vm = bareVM();
    const text = `${'rm -rf x; '.repeat(20)}end`;
    const bytes = luaString(text);
    const before = Buffer.from(bytes);
    const { lua } = vm.f;
    lua.lua_pushlugstring(vm.L, lua.lua_lugstring(vm.L, bytes));
    lua.lua_setglobal(vm.L, vm.f.to_luastring('s'));
    const code = 'local t = { [s] = 1 } local u = s:upper() local c = s .. "!" return #s, t[s], s:sub(1, 5), s:find("end", 1, true), u:sub(1, 2), #c, s == ("rm -rf x; "):rep(20) .. "end"';
    expect(vm.call(vm.load(code, '=test'))).toEqual([text.length, 1, 'rm -r', text.length - 2, 'RM', text.length + 1, true]);
    expect(Buffer.from(bytes).equals(before)).toBe(true);
  });

  it('name metamethods that fengari looks up (tostring\'s __tostring, pairs\' __pairs, setmetatable\'s __metatable) as live lookups, whatever was set after the first one (internedStringPush)', () => {
    expect(
      run(`local before = tostring(setmetatable({}, {}))
local t = setmetatable({}, { __tostring = function() return "shown" end, __pairs = function() return function(_, k) if not k then return 1, "one" end end, nil, nil end })
local n = 0 for _ in pairs(t) do n = n + 1 end
local mt = getmetatable("")
mt.__tostring = function(s) return "<" .. #s .. ">" end
local str = tostring("abc")
mt.__tostring = nil
local locked = setmetatable({}, { __metatable = "no" })
return before:match("^table: ") ~= nil, tostring(t), n, str, tostring("abc"), pcall(setmetatable, locked, {})`),
    ).toEqual([true, 'shown', 1, '<3>', 'abc', false, 'cannot change a protected metatable']);
  });
});
