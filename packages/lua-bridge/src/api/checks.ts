/**
 * The checks the argument checker (validate.ts) is made of: a Check reads one
 * value at a Lua stack index, or throws a Mismatch saying what was wrong and
 * where below the value; the leaf checks (a Lua type, one of some strings,
 * any value as data) and the alternatives between them. Tables are in
 * table-checks.ts.
 */
import type { LuaState } from '../fengari.js';
import type { LuaStateBase } from '../lua-state.js';
import { jsString } from '../lua-strings.js';
import { ConversionError, LuaFunctionRef } from '../lua-values.js';

export type Vm = LuaStateBase;

/** Lua's type numbers (lua_type), as the Lua 5.3 C API defines them and fengari keeps them. */
export const NONE = -1;
export const NIL = 0;
export const BOOLEAN = 1;
export const NUMBER = 3;
export const STRING = 4;
export const TABLE = 5;
export const FUNCTION = 6;

export const isNil = (vm: Vm, L: LuaState, idx: number) => vm.f.lua.lua_type(L, idx) <= NIL;

/** What was wrong, found `at` a place below the checked value (".desc", "[2]", "" for the value itself). */
export class Mismatch {
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

export const expectedGot = (expected: string, got: string) => new Mismatch('', `expected ${expected}, got ${got}`, got);

/** A value as a message shows it: strings quoted, numbers and booleans as written, an empty table as such. */
export function literal(vm: Vm, L: LuaState, idx: number): string {
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

export function numberAt(vm: Vm, L: LuaState, idx: number): number {
  const { lua } = vm.f;
  return lua.lua_isinteger(L, idx) ? (lua.lua_tointeger(L, idx) as number) : (lua.lua_tonumber(L, idx) as number);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const fieldSegment = (key: string) => (IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

/** Release the function refs in values already read, when a later check fails. */
export function releaseRefs(value: unknown): void {
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

export function typeCheck<T>(expected: string, luaType: number, read: (vm: Vm, L: LuaState, idx: number) => T): Check<T> {
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

export function dataAt(vm: Vm, L: LuaState, idx: number): unknown {
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

export function oneOf<const V extends string>(...values: V[]): Check<V> {
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
export function anyOf<C extends Check<unknown>[]>(...alternatives: C): Check<CheckedType<C[number]>> {
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
