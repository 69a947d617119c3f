/**
 * Checks of tables: a list (keys exactly 1..n), a map of string keys, and a
 * table of known fields, whose unknown fields are an error naming the known
 * ones. Each reads the table once from the Lua stack; a mismatch inside names
 * its path (`opts.env.HOME`, `argv[2]`, `opts["the-list"]`).
 */
import type { LuaState } from '../fengari.js';
import { jsString, luaConst } from '../lua-strings.js';
import { Check, Mismatch, NUMBER, STRING, TABLE, expectedGot, fieldSegment, numberAt, releaseRefs, type CheckedType, type Vm } from './checks.js';

/** A sequence 1..n (an empty table is an empty list), each item checked. */
export function listOf<T>(item: Check<T>, expected = `list of ${item.expected} values`): Check<T[]> {
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
export function mapOf<T>(value: Check<T>, expected = `table of ${value.expected} values`): Check<Record<string, T>> {
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

/** A fields check's fields, prepared once: their names, as bytes too (keys are compared to them), their checks, how a path names each. */
interface FieldList {
  names: string[];
  keys: Uint8Array[];
  checks: Check<unknown>[];
  segments: string[];
  /** The names as a message lists them. */
  list: string;
}

function fieldListOf(spec: Record<string, Check<unknown>>): FieldList {
  const names = Object.keys(spec);
  return {
    names,
    keys: names.map((name) => luaConst(name)),
    checks: names.map((name) => spec[name]!),
    segments: names.map(fieldSegment),
    list: names.join(', '),
  };
}

/** The mismatch of a table with fields it does not take (`unknown`, as keyName names them). */
function unknownFields({ names, list }: FieldList, unknown: string[]): Mismatch {
  const what = unknown.length === 1 ? `unknown field ${unknown[0]}` : `unknown fields ${unknown.join(', ')}`;
  return new Mismatch('', names.length ? `${what}; the fields are: ${list}` : `${what}; it takes no fields`);
}

/** Read the fields before `wrongAt` that were not `seen` into `values`; the first wrong one's mismatch, if any. */
function readAbsent(vm: Vm, L: LuaState, top: number, { checks, segments }: FieldList, values: unknown[], seen: readonly boolean[], wrongAt: number): Mismatch | undefined {
  const { lua } = vm.f;
  let wrong: Mismatch | undefined;
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
  return wrong;
}

/**
 * A table with these fields and no others; each field is checked (declare the optional ones .optional()).
 * One pass over the table: unknown fields are reported first (a misspelt field says more than the missing
 * one it was meant to be), then the first wrong field in declared order.
 */
export function fields<S extends Record<string, Check<unknown>>>(spec: S, expected = 'table'): Check<Fields<S>> {
  const fieldList = fieldListOf(spec);
  const { names, keys, checks, segments } = fieldList;
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
        throw unknownFields(fieldList, unknown);
      }
      // The fields that were not there: nil, which only an optional field takes.
      wrong = readAbsent(vm, L, top, fieldList, values, seen, wrongAt) ?? wrong;
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
