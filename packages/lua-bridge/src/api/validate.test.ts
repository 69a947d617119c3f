/** The declarative checks behind every lug.* function, on a bare Lua state with a test function `f`. */
import { describe, expect, it, vi } from 'vitest';
import { LuaError } from '../lua-error.js';
import { LuaVM } from '../lua-vm.js';
import { LuaFunctionRef } from '../lua-values.js';
import { bareVM } from '../fengari-test-support.js';
import { is, readArgument, signature, type Check, type Param } from './validate.js';

/** A state whose global `f` reads its arguments with `params` and returns what it read. */
function stateWith(declared: Record<string, Check<unknown>>): { vm: LuaVM; run(code: string): unknown[]; last(): unknown } {
  const vm = bareVM();
  let last: unknown;
  const sig = signature('lug.test.f', Object.entries(declared) as Param[]);
  vm.f.lua.lua_pushjsfunction(
    vm.L,
    vm.fn('lug.test.f', (L) => {
      const read = sig.read(vm, L);
      // Returned to Lua by name, so the tests read as the parameters are declared.
      const named = Object.fromEntries(Object.keys(declared).map((name, i) => [name, read[i]]));
      last = named;
      vm.pushJs(L, named);
      return 1;
    }),
  );
  vm.f.lua.lua_setglobal(vm.L, 'f');
  return { vm, run: (code) => vm.call(vm.load(code, '@init.lua')) as unknown[], last: () => last };
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof LuaError) return err.luaMessage;
    throw err;
  }
  throw new Error('no error');
}

describe('signature', () => {
  it('reads the arguments by name, with fallbacks for the optional ones', () => {
    const { run } = stateWith({ name: is.string, n: is.integer.optional(10), flag: is.boolean.optional() });
    expect(run('return f("a")')).toEqual([{ name: 'a', n: 10 }]);
    expect(run('return f("a", 3, true)')).toEqual([{ name: 'a', n: 3, flag: true }]);
  });

  it('names the argument, the function and what was expected, at the caller\'s line', () => {
    const { run } = stateWith({ name: is.string, fn: is.function });
    expect(errorOf(() => run('\nf(1, print)'))).toBe("init.lua:2: bad argument #1 to 'lug.test.f' (name: expected string, got number)");
    expect(errorOf(() => run('f("a")'))).toBe("init.lua:1: bad argument #2 to 'lug.test.f' (fn: expected function, got no value)");
    expect(errorOf(() => run('f("a", nil)'))).toBe("init.lua:1: bad argument #2 to 'lug.test.f' (fn: expected function, got nil)");
  });

  it('refuses an extra argument, naming the ones it takes; trailing nils are fine', () => {
    const { run } = stateWith({ name: is.string, n: is.integer.optional() });
    expect(errorOf(() => run('f("a", 1, "extra")'))).toBe("init.lua:1: bad argument #3 to 'lug.test.f' (unexpected argument; it takes: name, n)");
    expect(run('return f("a", nil, nil)')).toEqual([{ name: 'a' }]);
    const none = stateWith({});
    expect(errorOf(() => none.run('f(1)'))).toBe("init.lua:1: bad argument #1 to 'lug.test.f' (unexpected argument; it takes none)");
  });

  it('is caught by pcall like any Lua error', () => {
    const { run } = stateWith({ name: is.string });
    expect(run('return pcall(f, 1)')).toEqual([false, "bad argument #1 to 'lug.test.f' (name: expected string, got number)"]);
  });

  it('releases the functions it already kept when a later argument is wrong', () => {
    const { run } = stateWith({ a: is.function, opts: is.fields({ b: is.function.optional(), c: is.string.optional() }) });
    const release = vi.spyOn(LuaFunctionRef.prototype, 'release');
    try {
      expect(errorOf(() => run('f(print, { b = print, c = 1 })'))).toBe("init.lua:1: bad argument #2 to 'lug.test.f' (opts.c: expected string, got number)");
      expect(release).toHaveBeenCalledTimes(2);
    } finally {
      release.mockRestore();
    }
  });
});

describe('value checks', () => {
  it('one of some strings shows what it got', () => {
    const { run } = stateWith({ level: is.oneOf('info', 'warn', 'error') });
    expect(errorOf(() => run('f("loud")'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (level: expected "info", "warn" or "error", got "loud")`);
    expect(errorOf(() => run('f(2)'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (level: expected "info", "warn" or "error", got 2)`);
    expect(run('return f("warn")')).toEqual([{ level: 'warn' }]);
  });

  it('an integer is a number without a fraction', () => {
    const { run } = stateWith({ n: is.integer });
    expect(errorOf(() => run('f(1.5)'))).toBe("init.lua:1: bad argument #1 to 'lug.test.f' (n: expected integer, got 1.5)");
    expect(errorOf(() => run('f("1")'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (n: expected integer, got string)`);
    expect(run('return f(3)')).toEqual([{ n: 3 }]);
  });

  it('that() narrows a check and says so in its own words', () => {
    const { run } = stateWith({ t: is.number.that((n) => n > 0, 'a number greater than 0') });
    expect(errorOf(() => run('f(0)'))).toBe("init.lua:1: bad argument #1 to 'lug.test.f' (t: expected a number greater than 0, got 0)");
    expect(errorOf(() => run('f("5")'))).toBe("init.lua:1: bad argument #1 to 'lug.test.f' (t: expected a number greater than 0, got string)");
  });

  it('anyOf takes the first alternative that fits, and reports a mismatch inside a table it fits best', () => {
    const { run } = stateWith({ x: is.anyOf(is.string, is.fields({ n: is.integer })) });
    expect(run('return f("s")')).toEqual([{ x: 's' }]);
    expect(run('return f({ n = 1 })')).toEqual([{ x: { n: 1 } }]);
    expect(errorOf(() => run('f(true)'))).toBe("init.lua:1: bad argument #1 to 'lug.test.f' (x: expected string or table, got true)");
    expect(errorOf(() => run('f({ n = "1" })'))).toBe("init.lua:1: bad argument #1 to 'lug.test.f' (x.n: expected integer, got string)");
  });

  it('any value is data, nil included', () => {
    const { run } = stateWith({ v: is.any });
    expect(run('return f({ a = { 1, 2 } })')).toEqual([{ v: { a: [1, 2] } }]);
    expect(run('return f()')).toEqual([{}]);
  });
});

describe('tables', () => {
  it('fields: an unknown field names the allowed ones, before any field is read', () => {
    const { run } = stateWith({ opts: is.fields({ desc: is.string.optional(), complete: is.function.optional() }) });
    expect(errorOf(() => run('f({ descr = 1 })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts: unknown field "descr"; the fields are: desc, complete)`);
    expect(errorOf(() => run('f({ desc = 1, x = 1, y = 2 })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts: unknown fields "x", "y"; the fields are: desc, complete)`);
    expect(errorOf(() => run('f({ "desc" })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts: unknown field [1]; the fields are: desc, complete)`);
    expect(errorOf(() => run('f({ desc = 1 })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts.desc: expected string, got number)`);
    expect(errorOf(() => run('f("desc")'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts: expected table, got string)`);
    expect(run('return f({})')).toEqual([{ opts: {} }]);
  });

  it('fields: a required field that is missing is nil', () => {
    const { run } = stateWith({ spec: is.fields({ handler: is.function }) });
    expect(errorOf(() => run('f({})'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (spec.handler: expected function, got nil)`);
  });

  it('fields: nested tables name the whole path, quoting keys that are not names', () => {
    const { run } = stateWith({ opts: is.fields({ env: is.mapOf(is.string), 'the-list': is.listOf(is.string).optional() }) });
    expect(errorOf(() => run('f({ env = { HOME = 1 } })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts.env.HOME: expected string, got number)`);
    expect(errorOf(() => run('f({ env = { ["a b"] = 1 } })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts.env["a b"]: expected string, got number)`);
    expect(errorOf(() => run('f({ env = {}, ["the-list"] = { "a", 2 } })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts["the-list"][2]: expected string, got number)`);
    expect(errorOf(() => run('f({ env = { [1] = "x" } })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (opts.env: expected table of string values, got a number key)`);
  });

  it('listOf: keys exactly 1..n; an empty table is an empty list', () => {
    const { run, last } = stateWith({ argv: is.listOf(is.string) });
    run('f({ "a", "b" })');
    expect(last()).toEqual({ argv: ['a', 'b'] });
    run('f({})');
    expect(last()).toEqual({ argv: [] });
    expect(errorOf(() => run('f({ "a", x = 1 })'))).toBe(`init.lua:1: bad argument #1 to 'lug.test.f' (argv: expected list of string values, got a table with keys other than 1..n)`);
  });

  it('a table that cannot be data (a cycle) is a bad argument saying why', () => {
    const { run } = stateWith({ t: is.table });
    expect(errorOf(() => run('local t = {} t.t = t f(t)'))).toBe(
      `init.lua:1: bad argument #1 to 'lug.test.f' (t: the table refers to itself (a cycle), so it cannot be turned into data)`,
    );
  });
});

describe('readArgument', () => {
  it('checks one argument in the same shape (a metamethod\'s key)', () => {
    const vm = bareVM();
    vm.f.lua.lua_pushjsfunction(
      vm.L,
      vm.fn('lug.opt', (L) => {
        vm.pushJs(L, readArgument(vm, L, 'lug.opt', 2, 'name', is.string));
        return 1;
      }),
    );
    vm.f.lua.lua_setglobal(vm.L, 'index');
    const run = (code: string) => vm.call(vm.load(code, '@init.lua'));
    expect(run('return index({}, "model")')).toEqual(['model']);
    expect(errorOf(() => run('index({}, 1)'))).toBe(`init.lua:1: bad argument #2 to 'lug.opt' (name: expected string, got number)`);
  });
});
