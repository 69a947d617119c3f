/**
 * Reading a Lua function's arguments with errors in the house style: which
 * argument, what it should be, what it got.
 */
import type { LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { jsString } from '../lua-strings.js';
import type { LuaFunctionRef } from '../lua-values.js';

export class LuaArgs {
  constructor(
    private readonly vm: LuaVM,
    private readonly L: LuaState,
  ) {}

  get count(): number {
    return this.vm.f.lua.lua_gettop(this.L);
  }

  typeName(i: number): string {
    return this.vm.typeName(this.L, i);
  }

  isNil(i: number): boolean {
    return this.vm.f.lua.lua_type(this.L, i) <= this.vm.f.lua.LUA_TNIL;
  }

  is(i: number, type: 'string' | 'function' | 'table' | 'number' | 'boolean'): boolean {
    return this.typeName(i) === type;
  }

  private expected(i: number, what: string, type: string): Error {
    return new Error(`bad argument #${i} (${what}): expected ${type}, got ${this.typeName(i)}`);
  }

  string(i: number, what: string): string {
    if (!this.is(i, 'string')) throw this.expected(i, what, 'a string');
    return jsString(this.vm.f.lua.lua_tolstring(this.L, i)!);
  }

  optString(i: number, what: string): string | undefined {
    return this.isNil(i) ? undefined : this.string(i, what);
  }

  integer(i: number, what: string): number {
    const v = this.vm.toJs(this.L, i);
    if (typeof v !== 'number' || !Number.isInteger(v)) throw this.expected(i, what, 'an integer');
    return v;
  }

  func(i: number, what: string): LuaFunctionRef {
    if (!this.is(i, 'function')) throw this.expected(i, what, 'a function');
    this.vm.f.lua.lua_pushvalue(this.L, i);
    return this.vm.refTop(this.L);
  }

  /** A table as data; functions inside it become refs the caller owns. */
  table(i: number, what: string): Record<string, unknown> {
    if (!this.is(i, 'table')) throw this.expected(i, what, 'a table');
    const v = this.vm.toJs(this.L, i, { functions: 'ref' });
    return Array.isArray(v) ? { ...v } : (v as Record<string, unknown>);
  }

  optTable(i: number, what: string): Record<string, unknown> {
    return this.isNil(i) ? {} : this.table(i, what);
  }

  /** A list of strings, such as an argument vector. */
  stringList(i: number, what: string): string[] {
    if (!this.is(i, 'table')) throw this.expected(i, what, 'a list of strings');
    const v = this.vm.toJs(this.L, i);
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' && typeof s !== 'number')) {
      throw new Error(`bad argument #${i} (${what}): expected a list of strings like { "git", "status" }`);
    }
    return v.map(String);
  }

  data(i: number): unknown {
    return this.vm.toJs(this.L, i);
  }
}
