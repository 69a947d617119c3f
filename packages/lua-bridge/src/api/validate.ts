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
 * made are released. Extra non-nil arguments are an error too.
 */
import type { LuaState } from '../fengari.js';
import { SelfNamedError, type LuaStateBase } from '../lua-state.js';
import { jsString, luaConst } from '../lua-strings.js';
import { ConversionError, LuaFunctionRef } from '../lua-values.js';

type Vm = LuaStateBase;

/** What was wrong, found `at` a place below the checked value (".desc", "[2]", "" for the value itself). */
class Mismatch {
  constructor(
    readonly at: string,
    /** "expected string, got number", or a sentence of its own ("unknown field …"). */
    readonly text: string,
    /** Set when `text` is "expected …, got …" about the value itself: a wrapper may say what is expected instead. */
    readonly got?: string,
  ) {}

  within(segment: string): Mismatch {
    return new Mismatch(segment + this.at, this.text, undefined);
  }
}

const expectedGot = (expected: string, got: string) => new Mismatch('', `expected ${expected}, got ${got}`, got);

/** A value as a message shows it: strings quoted, numbers and booleans as written, an empty table as such. */
function literal(vm: Vm, L: LuaState, idx: number): string {
  const { lua } = vm.f;
  const type = lua.lua_type(L, idx);
  if (type === STRING) return JSON.stringify(jsString(lua.lua_tolstring(L, idx)!));
  if (type === NUMBER) return String(numberAt(vm, L, idx));
  if (type === BOOLEAN) return String(lua.lua_toboolean(L, idx));
  if (type === TABLE) {
    lua.lua_pushnil(L);
    if (lua.lua_next(L, idx) === 0) return 'an empty table';
    lua.lua_pop(L, 2);
  }
  return vm.typeName(L, idx);
}

function numberAt(vm: Vm, L: LuaState, idx: number): number {
  const { lua } = vm.f;
  return lua.lua_isinteger(L, idx) ? (lua.lua_tointeger(L, idx) as number) : (lua.lua_tonumber(L, idx) as number);
}

/** Lua's type numbers (lua_type), as the Lua 5.3 C API defines them and fengari keeps them. */
const NONE = -1;
const NIL = 0;
const BOOLEAN = 1;
const NUMBER = 3;
const STRING = 4;
const TABLE = 5;
const FUNCTION = 6;

const isNil = (vm: Vm, L: LuaState, idx: number) => vm.f.lua.lua_type(L, idx) <= NIL;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const fieldSegment = (key: string) => (IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

/** Release the function refs in values already read, when a later check fails. */
function releaseRefs(value: unknown): void {
  if (value instanceof LuaFunctionRef) value.release();
  else if (Array.isArray(value)) value.forEach(releaseRefs);
  else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) Object.values(value).forEach(releaseRefs);
}

/** A mismatch of the value itself, told with what a wrapper expects instead; anything else as it was. */
function retold(err: unknown, expected: string): unknown {
  return err instanceof Mismatch && err.at === '' && err.got !== undefined ? expectedGot(expected, err.got) : err;
}

/** One check: what it expects (for messages) and how it reads an accepted value at a stack index. */
export class Check<T> {
  constructor(
    /** What is allowed, as a message says it: "string", '"info", "warn" or "error"'. */
    readonly expected: string,
    /** Read the value at absolute index `idx`, or throw a Mismatch. */
    readonly read: (vm: Vm, L: LuaState, idx: number) => T,
    /** The Lua types (lua_type) it may accept, so anyOf picks an alternative without trying each; undefined: any. */
    readonly types?: readonly number[],
  ) {}

  /** nil (or no value) is allowed too, and reads as `fallback`. */
  optional(): Check<T | undefined>;
  optional(fallback: T): Check<T>;
  optional(fallback?: T): Check<T | undefined> {
    return new Check(this.expected, (vm, L, idx) => (isNil(vm, L, idx) ? fallback : this.read(vm, L, idx)), this.types && [...this.types, NIL, NONE]);
  }

  /** Only values passing `test` are allowed; `expected` says which ("a number greater than 0"). */
  that(test: (value: T) => boolean, expected: string): Check<T> {
    const read = this.read;
    return new Check(
      expected,
      (vm, L, idx) => {
        let value: T;
        try {
          value = read(vm, L, idx);
        } catch (err) {
          throw retold(err, expected);
        }
        if (test(value)) return value;
        releaseRefs(value);
        throw expectedGot(expected, literal(vm, L, idx));
      },
      this.types,
    );
  }

  /** The same check, its messages saying what is expected in other words. */
  describedAs(expected: string): Check<T> {
    return new Check(
      expected,
      (vm, L, idx) => {
        try {
          return this.read(vm, L, idx);
        } catch (err) {
          throw retold(err, expected);
        }
      },
      this.types,
    );
  }
}

export type CheckedType<C> = C extends Check<infer T> ? T : never;

function typeCheck<T>(expected: string, luaType: number, read: (vm: Vm, L: LuaState, idx: number) => T): Check<T> {
  return new Check(
    expected,
    (vm, L, idx) => {
      if (vm.f.lua.lua_type(L, idx) !== luaType) throw expectedGot(expected, vm.typeName(L, idx));
      return read(vm, L, idx);
    },
    [luaType],
  );
}

/** Converted as data (functions left out): a table's content may be anything. */
const AS_DATA = { functions: 'omit' } as const;

function dataAt(vm: Vm, L: LuaState, idx: number): unknown {
  try {
    return vm.toJs(L, idx, AS_DATA);
  } catch (err) {
    if (err instanceof ConversionError) throw new Mismatch('', err.message);
    throw err;
  }
}

function joinOr(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function oneOf<const V extends string>(...values: V[]): Check<V> {
  const expected = joinOr(values.map((v) => JSON.stringify(v)));
  const allowed = new Set<string>(values);
  return new Check(expected, (vm, L, idx) => {
    const { lua } = vm.f;
    if (lua.lua_type(L, idx) === STRING) {
      const s = jsString(lua.lua_tolstring(L, idx)!);
      if (allowed.has(s)) return s as V;
    }
    throw expectedGot(expected, literal(vm, L, idx));
  }, [STRING]);
}

/** The first alternative that accepts the value (only those that take its Lua type are tried). */
function anyOf<C extends Check<unknown>[]>(...alternatives: C): Check<CheckedType<C[number]>> {
  const expected = joinOr(alternatives.map((c) => c.expected));
  const types = alternatives.every((c) => c.types) ? [...new Set(alternatives.flatMap((c) => c.types!))] : undefined;
  return new Check(expected, (vm, L, idx) => {
    const type = vm.f.lua.lua_type(L, idx);
    let deeper: Mismatch | undefined;
    for (const alternative of alternatives) {
      if (alternative.types && !alternative.types.includes(type)) continue;
      try {
        return alternative.read(vm, L, idx) as CheckedType<C[number]>;
      } catch (err) {
        if (!(err instanceof Mismatch)) throw err;
        // An alternative of the right type that is wrong inside says more than "expected a or b".
        if (err.got === undefined) deeper ??= err;
      }
    }
    throw deeper ?? expectedGot(expected, literal(vm, L, idx));
  }, types);
}

/** A sequence 1..n (an empty table is an empty list), each item checked. */
function listOf<T>(item: Check<T>, expected = `list of ${item.expected} values`): Check<T[]> {
  return new Check(
    expected,
    (vm, L, idx) => {
      const { lua } = vm.f;
      if (lua.lua_type(L, idx) !== TABLE) throw expectedGot(expected, vm.typeName(L, idx));
      const n = lua.lua_rawlen(L, idx);
      let count = 0;
      lua.lua_pushnil(L);
      while (lua.lua_next(L, idx) !== 0) {
        lua.lua_pop(L, 1);
        count++;
      }
      if (count !== n) throw expectedGot(expected, 'a table with keys other than 1..n');
      const out: T[] = [];
      const top = lua.lua_gettop(L);
      for (let i = 1; i <= n; i++) {
        lua.lua_rawgeti(L, idx, i);
        try {
          out.push(item.read(vm, L, top + 1));
        } catch (err) {
          lua.lua_settop(L, top);
          out.forEach(releaseRefs);
          throw err instanceof Mismatch ? err.within(`[${i}]`) : err;
        }
        lua.lua_pop(L, 1);
      }
      return out;
    },
    [TABLE],
  );
}

/** A table of string keys, each value checked. */
function mapOf<T>(value: Check<T>, expected = `table of ${value.expected} values`): Check<Record<string, T>> {
  return new Check(
    expected,
    (vm, L, idx) => {
      const { lua } = vm.f;
      if (lua.lua_type(L, idx) !== TABLE) throw expectedGot(expected, vm.typeName(L, idx));
      const out: Record<string, T> = {};
      const top = lua.lua_gettop(L);
      lua.lua_pushnil(L);
      while (lua.lua_next(L, idx) !== 0) {
        try {
          if (lua.lua_type(L, -2) !== STRING) throw expectedGot(expected, `a ${vm.typeName(L, -2)} key`);
          const key = jsString(lua.lua_tolstring(L, -2)!);
          try {
            out[key] = value.read(vm, L, top + 2);
          } catch (err) {
            throw err instanceof Mismatch ? err.within(fieldSegment(key)) : err;
          }
        } catch (err) {
          lua.lua_settop(L, top);
          releaseRefs(out);
          throw err;
        }
        lua.lua_pop(L, 1);
      }
      return out;
    },
    [TABLE],
  );
}

type OptionalKeys<S> = { [K in keyof S]: undefined extends CheckedType<S[K]> ? K : never }[keyof S];
/** What a fields check reads: a field that may be nil is an optional property. */
export type Fields<S extends Record<string, Check<unknown>>> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: CheckedType<S[K]>;
} & { [K in OptionalKeys<S>]?: CheckedType<S[K]> };

/** Which of `names` the bytes of a key spell, or -1: compared as bytes, so a key is decoded only to name it in an error. */
function fieldIndex(names: readonly Uint8Array[], key: Uint8Array): number {
  outer: for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (name.length !== key.length) continue;
    for (let j = 0; j < name.length; j++) if (name[j] !== key[j]) continue outer;
    return i;
  }
  return -1;
}

/** How a key of a table met where fields were expected is named in an error. */
function keyName(vm: Vm, L: LuaState, idx: number): string {
  const type = vm.f.lua.lua_type(L, idx);
  if (type === STRING) return JSON.stringify(jsString(vm.f.lua.lua_tolstring(L, idx)!));
  if (type === NUMBER) return `[${numberAt(vm, L, idx)}]`;
  return `[${vm.typeName(L, idx)}]`;
}

/**
 * A table with these fields and no others; each field is checked (declare the optional ones .optional()).
 * One pass over the table: unknown fields are reported first (a misspelt field says more than the missing
 * one it was meant to be), then the first wrong field in declared order.
 */
function fields<S extends Record<string, Check<unknown>>>(spec: S, expected = 'table'): Check<Fields<S>> {
  const names = Object.keys(spec);
  const keys = names.map((name) => luaConst(name));
  const checks = names.map((name) => spec[name]!);
  const segments = names.map(fieldSegment);
  const list = names.join(', ');
  const releaseAll = (values: unknown[]) => values.forEach(releaseRefs);
  return new Check(
    expected,
    (vm, L, idx) => {
      const { lua } = vm.f;
      if (lua.lua_type(L, idx) !== TABLE) throw expectedGot(expected, vm.typeName(L, idx));
      lua.lua_checkstack(L, 4);
      const top = lua.lua_gettop(L);
      const values = new Array<unknown>(names.length);
      const seen = new Array<boolean>(names.length).fill(false);
      let unknown: string[] | undefined;
      let wrong: Mismatch | undefined;
      let wrongAt = names.length;
      lua.lua_pushnil(L);
      while (lua.lua_next(L, idx) !== 0) {
        const i = lua.lua_type(L, -2) === STRING ? fieldIndex(keys, lua.lua_tolstring(L, -2)!) : -1;
        if (i < 0) (unknown ??= []).push(keyName(vm, L, -2));
        else if (!unknown && i < wrongAt) {
          seen[i] = true;
          try {
            values[i] = checks[i]!.read(vm, L, top + 2);
          } catch (err) {
            if (!(err instanceof Mismatch)) {
              lua.lua_settop(L, top);
              releaseAll(values);
              throw err;
            }
            lua.lua_settop(L, top + 2);
            wrong = err.within(segments[i]!);
            wrongAt = i;
          }
        }
        lua.lua_pop(L, 1);
      }
      if (unknown) {
        releaseAll(values);
        const what = unknown.length === 1 ? `unknown field ${unknown[0]}` : `unknown fields ${unknown.join(', ')}`;
        throw new Mismatch('', names.length ? `${what}; the fields are: ${list}` : `${what}; it takes no fields`);
      }
      // The fields that were not there: nil, which only an optional field takes.
      for (let i = 0; i < wrongAt; i++) {
        if (seen[i]) continue;
        lua.lua_pushnil(L);
        try {
          values[i] = checks[i]!.read(vm, L, top + 1);
        } catch (err) {
          if (!(err instanceof Mismatch)) throw err;
          wrong = err.within(segments[i]!);
          wrongAt = i;
        }
        lua.lua_pop(L, 1);
      }
      if (wrong) {
        releaseAll(values);
        throw wrong;
      }
      const out: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) if (values[i] !== undefined) out[names[i]!] = values[i];
      return out as Fields<S>;
    },
    [TABLE],
  );
}

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
