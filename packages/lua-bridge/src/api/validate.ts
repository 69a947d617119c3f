/**
 * The one way a `lug.*` function checks what Lua passed it, like Neovim's
 * vim.validate: each function declares its parameters once, and a mistake is
 * a Lua error at the caller's line in one shape:
 *
 *   init.lua:3: bad argument #3 to 'lug.cmd.register' (opts.desc: expected string, got number)
 *   init.lua:4: bad argument #3 to 'lug.keymap.set' (opts: unknown field "descr"; the fields are: desc)
 *
 *   const REGISTER = signature('lug.cmd.register', [
 *     ['name', is.string],
 *     ['fn', is.function],
 *     ['opts', is.fields({ desc: is.string.optional(), complete: is.function.optional() }).optional({})],
 *   ]);
 *   const [name, fn, opts] = REGISTER.read(vm, L); // typed: string, LuaFunctionRef, { desc?: string, … }
 *
 * A mistake throws a BadArgumentError; the function wrapper (vm.fn, or the
 * continuation of a function that waits) raises it as a Lua error at the
 * caller's line without putting the function's name in front a second time.
 *
 * Checks read the Lua stack directly (no table is converted before it is
 * known to be right), so a check costs a few lua_type calls; a table's unknown
 * fields are found before any of its values is read. Functions become
 * LuaFunctionRefs the caller owns; when a later check fails, those already
 * made are released. Extra non-nil arguments are an error too. The checks
 * themselves are in checks.ts (values) and table-checks.ts (tables).
 */
import type { LuaState } from '../fengari.js';
import { SelfNamedError } from '../lua-state.js';
import { jsString } from '../lua-strings.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { BOOLEAN, Check, FUNCTION, Mismatch, NUMBER, STRING, TABLE, anyOf, dataAt, isNil, numberAt, oneOf, releaseRefs, typeCheck, type Vm } from './checks.js';
import { fields, listOf, mapOf } from './table-checks.js';

export { Check, type CheckedType } from './checks.js';
export type { Fields } from './table-checks.js';

/** The checks a signature or a field is declared with. */
export const is = {
  string: typeCheck('string', STRING, (vm, L, idx) => jsString(vm.f.lua.lua_tolstring(L, idx)!)),
  number: typeCheck('number', NUMBER, numberAt),
  integer: typeCheck('integer', NUMBER, numberAt).that(Number.isInteger, 'integer'),
  boolean: typeCheck('boolean', BOOLEAN, (vm, L, idx) => vm.f.lua.lua_toboolean(L, idx)),
  /** A function, kept as a LuaFunctionRef the caller owns (release it when done). */
  function: typeCheck('function', FUNCTION, (vm, L, idx): LuaFunctionRef => {
    vm.f.lua.lua_pushvalue(L, idx);
    return vm.refTop(L);
  }),
  /** Any table, as data (functions inside are left out). */
  table: typeCheck('table', TABLE, (vm, L, idx) => dataAt(vm, L, idx) as Record<string, unknown> | unknown[]),
  /** Any value, nil included, as data. */
  any: new Check<unknown>('any value', dataAt),
  oneOf,
  anyOf,
  listOf,
  mapOf,
  fields,
};

/** A parameter: its name (for messages) and its check. */
export type Param = readonly [name: string, check: Check<unknown>];

/** What a signature reads: one value a parameter, in order. */
export type Arguments<P extends readonly Param[]> = { -readonly [K in keyof P]: P[K] extends readonly [string, Check<infer T>] ? T : never };

export interface Signature<P extends readonly Param[]> {
  readonly name: string;
  /** The arguments, checked and read; a mistake throws "bad argument #i to 'name' (…)" (a BadArgumentError). */
  read(vm: Vm, L: LuaState): Arguments<P>;
}

/** "bad argument #3 to 'lug.cmd.register' (opts.desc: expected string, got number)": raised at the caller's line. */
export class BadArgumentError extends SelfNamedError {
  override name = 'BadArgumentError';
}

const badArgument = (fname: string, index: number, param: string, err: Mismatch) =>
  new BadArgumentError(`bad argument #${index} to '${fname}' (${param}${err.at}: ${err.text})`);

/** One argument checked and read on its own (a metamethod's key), failing in the same shape as a signature. */
export function readArgument<T>(vm: Vm, L: LuaState, fname: string, index: number, param: string, check: Check<T>): T {
  try {
    return check.read(vm, L, index);
  } catch (err) {
    if (!(err instanceof Mismatch)) throw err;
    throw badArgument(fname, index, param, err);
  }
}

/**
 * A `lug.*` function's parameters, in order. `read` gives them as a tuple (an array is filled by index;
 * an object built by name cost a 2-argument call about 0.1 µs more, measured with the bench's lug.* calls).
 */
export function signature<const P extends readonly Param[]>(name: string, params: P): Signature<P> {
  const names = params.map(([n]) => n);
  const checks = params.map(([, c]) => c);
  const takes = names.length ? `it takes: ${names.join(', ')}` : 'it takes none';
  return {
    name,
    read(vm, L) {
      const { lua } = vm.f;
      const top = lua.lua_gettop(L);
      for (let i = checks.length + 1; i <= top; i++) {
        if (!isNil(vm, L, i)) throw new BadArgumentError(`bad argument #${i} to '${name}' (unexpected argument; ${takes})`);
      }
      const out = new Array<unknown>(checks.length);
      for (let i = 0; i < checks.length; i++) {
        try {
          out[i] = checks[i]!.read(vm, L, i + 1);
        } catch (err) {
          if (!(err instanceof Mismatch)) throw err;
          releaseRefs(out);
          lua.lua_settop(L, top);
          throw badArgument(name, i + 1, names[i]!, err);
        }
      }
      return out as Arguments<P>;
    },
  };
}

