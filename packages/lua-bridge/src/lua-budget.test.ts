/** Lua cannot hang lug: every call into Lua is stopped past its budget of instructions without waiting. */
import { afterEach, describe, expect, it } from 'vitest';
import { LuaError } from './lua-error.js';
import { LuaVM } from './lua-vm.js';
import { bareVM } from './fengari-test-support.js';
import { setup, type Setup } from './test-support.js';

let s: Setup | undefined;
afterEach(() => {
  s?.runtime.close();
  s = undefined;
});

function vmWithBudget(budget: number): LuaVM {
  return bareVM({ budget: () => budget });
}

function errorOf(run: () => unknown): LuaError {
  try {
    run();
  } catch (err) {
    return err as LuaError;
  }
  throw new Error('it did not fail');
}

describe('the instruction budget', () => {
  it('stops a loop that never ends with an error naming the file and line', () => {
    const vm = vmWithBudget(100_000);
    const fn = vm.load('local n = 0\nwhile true do n = n + 1 end\n', '@/cfg/init.lua');
    const err = errorOf(() => vm.call(fn));
    expect(err).toBeInstanceOf(LuaError);
    expect(err.message).toMatch(/^\/cfg\/init\.lua:2: ran past its budget of 100000 instructions without waiting \(lug\.opt\.lua_budget\)/);
  });

  it('cannot be caught by pcall and kept looping', () => {
    const vm = vmWithBudget(100_000);
    const fn = vm.load('while true do pcall(function() while true do end end) end', '=t');
    expect(errorOf(() => vm.call(fn)).message).toMatch(/ran past its budget/);
  });

  it('still holds after a pcall caught an ordinary error (fengari turned hooks off there: fengari-patches.ts)', () => {
    const vm = vmWithBudget(100_000);
    const fn = vm.load('pcall(error, "x")\nwhile true do end', '=t');
    expect(errorOf(() => vm.call(fn)).message).toMatch(/^t:2: ran past its budget/);
  });

  it('cannot be caught by a coroutine the user made either', () => {
    const vm = vmWithBudget(100_000);
    const fn = vm.load('while true do coroutine.resume(coroutine.create(function() while true do end end)) end', '=t');
    expect(errorOf(() => vm.call(fn)).message).toMatch(/ran past its budget/);
  });

  it('leaves the state usable, at full speed, for the next call', () => {
    const vm = vmWithBudget(100_000);
    errorOf(() => vm.call(vm.load('while true do end', '=t')));
    expect(vm.call(vm.load('local n = 0 for i = 1, 20000 do n = n + i end return n', '=t'))).toEqual([200010000]);
  });

  it('is a budget per call: many calls that each stay within it all finish', () => {
    const vm = vmWithBudget(100_000);
    const fn = vm.load('local n = 0 for i = 1, 20000 do n = n + i end return n', '=t');
    for (let i = 0; i < 20; i++) expect(vm.call(fn)).toEqual([200010000]);
  });

  it('gives a call after one stopped past its budget a whole budget of its own', () => {
    const vm = vmWithBudget(100_000);
    const endless = vm.load('while true do end', '=t');
    const work = vm.load('local n = 0 for i = 1, 20000 do n = n + i end return n', '=t');
    for (let i = 0; i < 3; i++) {
      expect(errorOf(() => vm.call(endless)).message).toMatch(/^t:1: ran past its budget/);
      for (let k = 0; k < 10; k++) expect(vm.call(work)).toEqual([200010000]);
    }
  });

  it('starts again after each wait, so a call that waits between bursts of work finishes', async () => {
    const vm = vmWithBudget(100_000);
    vm.f.lua.lua_pushjsfunction(vm.L, vm.asyncFn('later', async () => [await new Promise((r) => setTimeout(() => r(1), 1))]));
    vm.f.lua.lua_setglobal(vm.L, 'later');
    const fn = vm.load('local n = 0 for k = 1, 5 do for i = 1, 20000 do n = n + 1 end later() end return n', '=t');
    expect(await vm.callAsync(fn)).toEqual([100000]);
  });

  it('is shared by Lua that JavaScript called from Lua: nesting does not renew it', () => {
    const vm = vmWithBudget(100_000);
    let inner: ReturnType<LuaVM['load']> | undefined;
    vm.f.lua.lua_pushjsfunction(vm.L, vm.fn('again', () => {
      vm.call(inner!);
      return 0;
    }));
    vm.f.lua.lua_setglobal(vm.L, 'again');
    inner = vm.load('for i = 1, 500 do end', '=inner');
    const fn = vm.load('while true do again() end', '=outer');
    expect(errorOf(() => vm.call(fn)).message).toMatch(/ran past its budget/);
  });
});

describe('lug.opt.lua_budget', () => {
  it('is an option, 10,000,000 by default, that stops init.lua-like code and :lua', async () => {
    s = await setup();
    expect(s.host.options.get('lua_budget')).toBe(10_000_000);
    await s.runtime.run('lug.opt.lua_budget = 50000');
    await expect(s.runtime.run('while true do end')).rejects.toThrow(/:lua:1: ran past its budget of 50000 instructions/);
  });

  it('stops a rule that loops, which then fails (and asks in policy mode)', async () => {
    s = await setup();
    await s.runtime.run('lug.opt.lua_budget = 50000');
    await s.runtime.run('lug.tool.rule("bash", function(args) while true do end end)', '@/cfg/init.lua');
    const check = await s.approvals.check({ tool: 'bash', args: { command: 'ls' } });
    expect(check.decision).toBe('ask');
    expect(check.findings[0]).toMatchObject({ verdict: 'failed', reason: expect.stringMatching(/\/cfg\/init\.lua:1: ran past its budget of 50000 instructions/) });
  });
});
