/**
 * The fengari lug runs (dist/fengari.cjs) clears stack slots by writing
 * undefined, never with `delete` (tsup.config.ts's keepStacksArrays: a
 * `delete` turned a grown coroutine's stack into a dictionary), and calls on a
 * stack that grew past V8's 64 slots still give Lua's answers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LuaVM } from './lua-vm.js';
import { openStandardLibraries } from './stdlib/open.js';

describe('fengari stacks', () => {
  it('the bundle never deletes a stack slot', () => {
    const bundle = readFileSync(createRequire(import.meta.url).resolve('../dist/fengari.cjs'), 'utf8');
    expect(bundle).not.toMatch(/delete \w+\.stack\[/);
  });

  it('deep calls with many results, then shallow ones, give every value back in order on a reused coroutine', () => {
    const vm = new LuaVM();
    openStandardLibraries(vm, { cwd: () => process.cwd(), env: () => ({}), output: () => undefined });
    const deep = vm.load(
      `local function many(n) if n == 0 then return end return n, many(n - 1) end
local t = { many(150) }
local function sum(...) local s = 0 for i = 1, select("#", ...) do s = s + select(i, ...) end return s end
return #t, t[1], t[150], sum(table.unpack(t)), select("#", table.unpack(t, 1, 3))`,
      '=deep',
    );
    const shallow = vm.load('local a, b, c = ... return c, b, a, select("#", ...)', '=shallow');
    for (let i = 0; i < 3; i++) {
      expect(vm.call(deep)).toEqual([150, 150, 1, 11325, 3]);
      expect(vm.call(shallow, [1, 2])).toEqual([undefined, 2, 1, 2]);
    }
  });
});
