/**
 * Helpers of the tests of lug's Lua states on its fengari bundle (fengari-*.test.ts, lua-vm.test.ts,
 * lua-budget.test.ts): a bare state, a chunk run on one, and Lua string literals.
 */
import { LuaVM, type LuaVMOptions } from './lua-vm.js';
import { openStandardLibraries } from './stdlib/open.js';

/** A new Lua state with the standard libraries and no lug (output dropped, an empty environment). */
export function bareVM(opts: LuaVMOptions = {}): LuaVM {
  const vm = new LuaVM(opts);
  openStandardLibraries(vm, { cwd: () => process.cwd(), env: () => ({}), output: () => undefined });
  return vm;
}

/** Run `code` on a new bare state; its returned values. */
export function runLua(code: string): unknown[] {
  const vm = bareVM();
  return vm.call(vm.load(code, '=test')) as unknown[];
}

/** A Lua string literal of `s`: control characters, quotes and backslashes as decimal escapes (a NUL too). */
export const luaQuote = (s: string) => `"${s.replace(/[\0-\x1f"\\]/g, (c) => `\\${String(c.charCodeAt(0)).padStart(3, '0')}`)}"`;
