/**
 * The fengari lug runs (dist/fengari.cjs) clears stack slots by writing
 * undefined, never with `delete` (fengari-bundle-passes.ts's keepStacksArrays: a
 * `delete` turned a grown coroutine's stack into a dictionary), and calls on a
 * stack that grew past V8's 64 slots still give Lua's answers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { bareVM } from './fengari-test-support.js';

/** A VM whose pooled coroutine has run a call 5000 deep, with that call, a small one, and the pool of coroutines. */
function afterDeepCall() {
  const vm = bareVM();
  const deep = vm.load('local function d(n) if n == 0 then return 0 end return 1 + d(n - 1) end return d(5000)', '=deep');
  const small = vm.load('return select("#", ...), tostring(...)', '=small');
  expect(vm.call(deep)).toEqual([5000]);
  const pooled = (vm as unknown as { idle: Array<{ base_ci: { next: { next: unknown } | null } }> }).idle;
  return { vm, deep, small, pooled };
}

describe('fengari stacks', () => {
  it('the bundle never deletes a stack slot', () => {
    const bundle = readFileSync(createRequire(import.meta.url).resolve('../dist/fengari.cjs'), 'utf8');
    expect(bundle).not.toMatch(/delete \w+\.stack\[/);
  });

  it('deep calls with many results, then shallow ones, give every value back in order on a reused coroutine', () => {
    const vm = bareVM();
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

  it('reuses a CallInfo for each call depth, as C Lua does, and a reused one carries nothing from its last call', () => {
    const vm = bareVM();
    // Calls of every kind at the same depths: Lua, library, pcall caught errors, coroutines yielding across pcall, a tail call.
    const mixed = vm.load(
      `local function f(n) if n == 0 then return "end" end return (select(2, pcall(f, n - 1))) end
local co = coroutine.wrap(function(a) local ok, b = pcall(function() return coroutine.yield(a + 1) end) return ok and b * 2 end)
local function tail(n) if n == 0 then return tostring(n) end return tail(n - 1) end
local ok, err = pcall(error, "boom")
return f(20), co(1), co(21), tail(100), ok, err, ("x"):rep(3), string.format("%d", 7)`,
      '=mixed',
    );
    for (let i = 0; i < 5; i++) expect(vm.call(mixed)).toEqual(['end', 2, 42, '0', false, 'boom', 'xxx', '7']);
  });

  it('a pooled coroutine that recursed deep keeps only its first CallInfos, and runs calls as before', () => {
    const { vm, deep, small, pooled } = afterDeepCall();
    expect(pooled).toHaveLength(1);
    let kept = 0;
    for (let ci = pooled[0]!.base_ci.next; ci; ci = ci.next as typeof ci) kept++;
    expect(kept).toBeLessThanOrEqual(2);
    expect(vm.call(small, [3, 4])).toEqual([2, '3']);
    expect(vm.call(deep)).toEqual([5000]);
  });

  it('a pooled coroutine that recursed deep once still reuses its CallInfos on its later calls', () => {
    const { vm, deep, small, pooled } = afterDeepCall();
    expect(vm.call(small, [3, 4])).toEqual([2, '3']);
    const second = pooled[0]!.base_ci.next!.next;
    expect(second).not.toBeNull();
    expect(vm.call(small, [3, 4])).toEqual([2, '3']);
    expect(pooled[0]!.base_ci.next!.next).toBe(second);
  });

  it('a table made without its dead-keys Map still lets next go on from keys removed during a traversal', () => {
    const vm = bareVM();
    const traverse = vm.load(
      `local t = {}
for i = 1, 50 do t["k" .. i] = i; t[i + 0.5] = i end
local seen, sum = 0, 0
for k, v in pairs(t) do seen = seen + 1; sum = sum + v; t[k] = nil end
local left = next(t)
t.again = 1
return seen, sum, left, next(t), t.again`,
      '=traverse',
    );
    expect(vm.call(traverse)).toEqual([100, 2550, undefined, 'again', 1]);
  });
});
