/**
 * string.find without patterns on the fengari lug runs (dist/fengari.cjs,
 * patched by tsup.config.ts's nativePlainFind to search with Buffer's
 * indexOf): the same answers as Lua's own find, position for position.
 */
import { describe, expect, it } from 'vitest';
import { LuaVM } from './lua-vm.js';
import { openStandardLibraries } from './stdlib/open.js';

function run(code: string): unknown[] {
  const vm = new LuaVM();
  openStandardLibraries(vm, { cwd: () => process.cwd(), env: () => ({}), output: () => undefined });
  return vm.call(vm.load(code, '=test')) as unknown[];
}

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
});
