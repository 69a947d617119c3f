/** Helpers of the tests of lug's fengari bundle (fengari-*.test.ts): a chunk run on a fresh state, and Lua string literals. */
import { LuaVM } from './lua-vm.js';
import { openStandardLibraries } from './stdlib/open.js';

/** Run `code` on a new Lua state with the standard libraries; its returned values. */
export function runLua(code: string): unknown[] {
  const vm = new LuaVM();
  openStandardLibraries(vm, { cwd: () => process.cwd(), env: () => ({}), output: () => undefined });
  return vm.call(vm.load(code, '=test')) as unknown[];
}

/** A Lua string literal of `s`: control characters, quotes and backslashes as decimal escapes (a NUL too). */
export const luaQuote = (s: string) => `"${s.replace(/[\0-\x1f"\\]/g, (c) => `\\${String(c.charCodeAt(0)).padStart(3, '0')}`)}"`;
