/**
 * Strings as table keys and in comparisons, on the fengari lug runs (the
 * build's dist/fengari.cjs, patched by tsup.config.ts's byteOrderStringKeys):
 * fengari 0.1.5 gave "\1\0" and "\16" one table slot and ordered bytes below
 * 16 wrongly ("a\tb" after "a b").
 */
import { describe, expect, it } from 'vitest';
import { LuaVM } from './lua-vm.js';
import { openStandardLibraries } from './stdlib/open.js';

function run(code: string): unknown[] {
  const vm = new LuaVM();
  openStandardLibraries(vm, { cwd: () => process.cwd(), env: () => ({}), output: () => undefined });
  return vm.call(vm.load(code, '=test')) as unknown[];
}

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
