/** Coroutines over promises, errors with tracebacks, and the border between Lua and JavaScript values. */
import { afterEach, describe, expect, it } from 'vitest';
import { LuaError } from './lua-error.js';
import { bareVM } from './fengari-test-support.js';
import { setup, type Setup } from './test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

describe('waiting', () => {
  it('a call that never waits finishes synchronously', () => {
    const vm = bareVM();
    const fn = vm.load('local a, b = ... return a + b, "x"', '=t');
    expect(vm.call(fn, [2, 3])).toEqual([5, 'x']);
  });

  it('a JavaScript promise is awaited as straight-line Lua, and a rejection is a Lua error pcall catches', async () => {
    const vm = bareVM();
    let reject!: (e: Error) => void;
    vm.f.lua.lua_pushjsfunction(vm.L, vm.asyncFn('later', async () => [await new Promise((_, r) => (reject = r))]));
    vm.f.lua.lua_setglobal(vm.L, 'later');
    vm.f.lua.lua_pushjsfunction(vm.L, vm.asyncFn('soon', async (L) => [`got ${vm.toJs(L, 1)}`]));
    vm.f.lua.lua_setglobal(vm.L, 'soon');
    const fn = vm.load('local a = soon(1) local ok, err = pcall(function() return later() end) return a, ok, err', '@chunk.lua');
    const out = vm.call(fn);
    expect(out).toBeInstanceOf(Promise);
    await new Promise((r) => setTimeout(r, 0));
    reject(new Error('it broke'));
    expect(await out).toEqual(['got 1', false, 'chunk.lua:1: it broke']);
  });

  it('waiting works inside coroutines the user creates', async () => {
    s = setup();
    const out = s.runtime.run(`
      local co = coroutine.wrap(function(x)
        local yes = lug.ui.confirm("inner " .. x)
        coroutine.yield(yes and "yes" or "no")
        return "done"
      end)
      local first = co("a")
      local second = co()
      local ok, v = coroutine.resume(coroutine.create(function() return lug.ui.confirm("second") end))
      return first, second, ok, v`);
    await s.ui.questions(1);
    expect(s.ui.asked[0]!.message).toBe('inner a');
    s.ui.asked[0]!.answer(true);
    await s.ui.questions(2);
    s.ui.asked[1]!.answer(false);
    expect((await out).values).toEqual(['yes', 'done', true, false]);
  });

  it('waiting inside a table.sort comparator is a clear error, not a hang', async () => {
    s = setup();
    const run = s.runtime.run('local t = { 3, 1, 2 } table.sort(t, function(a, b) return lug.ui.confirm("a < b?") end) return t', '@sort.lua');
    await expect(run).rejects.toThrow(/sort\.lua:1: lug\.ui\.confirm: it waits for an answer, and it was called where Lua cannot wait: inside a function that Lua calls from JavaScript \(a table\.sort comparator/);
    expect(s.ui.asked).toEqual([]);
  });

  it('waiting inside a string.gsub replacement is the same clear error', async () => {
    s = setup();
    await expect(s.runtime.run('return ("ab"):gsub(".", function(c) return lug.proc.run({ "echo", c }).stdout end)')).rejects.toThrow(/lug\.proc\.run: it waits for an answer, and it was called where Lua cannot wait/);
  });

  it('coroutine.yield outside a coroutine the user created is an error', async () => {
    s = setup();
    await expect(s.runtime.run('coroutine.yield(1)')).rejects.toThrow(/attempt to yield from outside a coroutine/);
  });

  it('cancelling the call ends a wait with "cancelled by the user"', async () => {
    s = setup({
      'init.lua': `lug.tool.register("slow", { description = "d", handler = function()
  local ok, err = pcall(lug.ui.confirm, "go?")
  return tostring(ok) .. " " .. tostring(err)
end })`,
    });
    await s.runtime.loadStartup();
    const ac = new AbortController();
    const tool = s.host.tools.get('slow')!;
    const out = tool.handler({}, { cwd: s.host.cwd, signal: ac.signal, lock: async () => () => {}, limits: s.host.limits, emit: () => {}, callId: 'c' });
    await s.ui.questions(1);
    ac.abort();
    expect(await out).toMatch(/^false .*cancelled by the user$/);
  });
});

describe('the coroutines calls run on', () => {
  it('a call on a coroutine an earlier call finished sees only its own arguments and its own results', async () => {
    const vm = bareVM();
    vm.f.lua.lua_pushjsfunction(vm.L, vm.asyncFn('soon', async () => ['waited']));
    vm.f.lua.lua_setglobal(vm.L, 'soon');
    const count = vm.load('return select("#", ...), ...', '=count');
    const waits = vm.load('return soon(), ...', '=waits');
    expect(vm.call(count, [1, 2, 3, 4, 5])).toEqual([5, 1, 2, 3, 4, 5]);
    expect(await vm.call(waits, ['a', 'b'])).toEqual(['waited', 'a', 'b']);
    for (let i = 0; i < 20; i++) expect(vm.call(count, [i])).toEqual([1, i]);
    expect(vm.call(count)).toEqual([0]);
  });

  it('a call on a coroutine an earlier call finished is still at the top level, as the first was', () => {
    const vm = bareVM();
    const top = vm.load('local co, main = coroutine.running() return main', '=top');
    for (let i = 0; i < 3; i++) expect(vm.call(top)).toEqual([true]);
  });

  it('a call after one that failed, or whose arguments Lua could not hold, runs and reports its own error with its file and line', () => {
    const vm = bareVM();
    const fails = vm.load('local x = ...\nerror("bad " .. tostring(x))', '@rule.lua');
    const ok = vm.load('return ...', '=ok');
    expect(() => vm.call(ok, [Symbol('not data')])).toThrow(/symbol/);
    expect(vm.call(ok, [7])).toEqual([7]);
    for (const n of [1, 2]) {
      const err = (() => {
        try {
          vm.call(fails, [n]);
        } catch (e) {
          return e as LuaError;
        }
      })();
      expect(err?.luaMessage).toBe(`rule.lua:2: bad ${n}`);
      expect(vm.call(ok, [n])).toEqual([n]);
    }
  });
});

describe('errors', () => {
  it('come back as LuaError with the message, file, line and a traceback', async () => {
    s = setup({
      'init.lua': `local function inner() error("boom") end
function outer() inner() end
`,
    });
    await s.runtime.loadStartup();
    const err = await s.runtime.run('outer()').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LuaError);
    const e = err as LuaError;
    expect(e.luaMessage).toBe(`${s.lug.configDir}/init.lua:1: boom`);
    expect(e.file).toBe(`${s.lug.configDir}/init.lua`);
    expect(e.line).toBe(1);
    expect(e.traceback).toContain('stack traceback:');
    expect(e.traceback).toContain(`${s.lug.configDir}/init.lua:2: in function 'outer'`);
  });

  it('a JavaScript exception inside a lug function becomes a Lua error with its message', async () => {
    s = setup();
    await expect(s.runtime.run('lug.opt.no_such_option = 1', '@x.lua')).rejects.toThrow(/x\.lua:1: lug\.opt: unknown option "no_such_option"; the options are: approval, clear_tool_output_at, compact_at, context_window, keep_turns, lua_budget, max_cost, max_tokens/);
    const r = await s.runtime.run('return pcall(function() lug.opt.approval = "sometimes" end)');
    expect(r.values[0]).toBe(false);
    expect(r.values[1]).toMatch(/option approval must be one of "off", "policy", "all", got "sometimes"/);
  });

  it('a table raised as an error is shown as JSON', async () => {
    s = setup();
    await expect(s.runtime.run('error({ code = 7 })')).rejects.toThrow('{"code":7}');
  });
});

describe('values', () => {
  it('tables become arrays or objects, and come back', async () => {
    s = setup();
    const r = await s.runtime.run('return { 1, 2, 3 }, { a = 1, b = { true, false } }, {}, { [1] = "x", [3] = "y" }, 2^31, math.maxinteger, 1.5, nil');
    expect(r.values).toEqual([[1, 2, 3], { a: 1, b: [true, false] }, {}, { 1: 'x', 3: 'y' }, 2147483648, 2147483647, 1.5, undefined]);
  });

  it('a table that refers to itself is an error when it crosses as data, not a hang', async () => {
    s = setup();
    await expect(s.runtime.run('local t = { type = "object" } t.self = t lug.tool.register("x", { description = "d", parameters = t, handler = print })')).rejects.toThrow(/refers to itself/);
    // :lua shows it all the same (lua-show.test.ts), and gives it back as nil.
    expect((await s.runtime.run('local t = {} t.self = t return t')).values).toEqual([undefined]);
  });

  it('a table key that cannot be data is an error naming its type', async () => {
    s = setup();
    await expect(s.runtime.run('lug.tool.register("x", { description = "d", parameters = { [print] = 1 }, handler = print })')).rejects.toThrow(/a table key of type function cannot be turned into data/);
  });

  it('JavaScript numbers beyond 32 bits stay exact as floats', async () => {
    s = setup();
    s.host.options.set('max_tokens', 1_000_000);
    expect((await s.runtime.run('return lug.opt.max_tokens, math.type(lug.opt.max_tokens)')).values).toEqual([1_000_000, 'integer']);
    const vm = bareVM();
    const fn = vm.load('local n = ... return n, math.type(n), n + 1', '=t');
    expect(vm.call(fn, [2 ** 40])).toEqual([2 ** 40, 'float', 2 ** 40 + 1]);
  });
});
