/**
 * The standard libraries of a lug state: fengari's base, package, coroutine,
 * table, string, math, utf8, os and debug, plus lug's own io and the changes
 * in os.ts. `require` finds only Lua files, on the path lug sets (the `lua/`
 * folders of the config directory and of each plugin): fengari's searchers
 * for JavaScript files are removed.
 */
import type { ChunkCache } from '../chunk-cache.js';
import type { LuaVM } from '../lua-vm.js';
import { luaConst } from '../lua-strings.js';
import { openIo, type IoHost } from './io.js';
import { patchOs, type OsHost } from './os.js';
import { openCollectgarbage } from './collectgarbage.js';
import { patchCoroutineTopLevel } from './coroutine-top.js';

/** The prelude compiled (through `cache` when given, under the key the build's compiled stock Lua has it: compile-chunks.ts), not run. */
export function loadPrelude(vm: LuaVM, cache?: ChunkCache) {
  return cache ? cache.load(vm, luaConst(PRELUDE), PRELUDE_NAME) : vm.load(PRELUDE, PRELUDE_NAME);
}

const PRELUDE_NAME = '=lug prelude';

/**
 * Lua code run once per state. A lug function that waits yields a sentinel up
 * to lug's driver; inside a coroutine the user made, coroutine.resume would
 * receive it instead. These wrappers pass the wait up and then resume the
 * inner coroutine, so waiting works at any depth of coroutines.
 */
const PRELUDE = `
local PENDING = ...
local create, resume, yield, status = coroutine.create, coroutine.resume, coroutine.yield, coroutine.status
local select, error = select, error

local function forward(co, ok, ...)
  if ok and select("#", ...) == 1 and (...) == PENDING and status(co) == "suspended" then
    yield(PENDING)
    return forward(co, resume(co))
  end
  return ok, ...
end

function coroutine.resume(co, ...)
  return forward(co, resume(co, ...))
end

local function unwrap(ok, ...)
  if not ok then error((...), 0) end
  return ...
end

function coroutine.wrap(f)
  local co = create(f)
  return function(...)
    return unwrap(forward(co, resume(co, ...)))
  end
end

package.searchers[4] = nil
package.searchers[3] = nil
package.loadlib = nil
package.jspath = ""
package.path = ""
package.cpath = ""
`;

export function openStandardLibraries(vm: LuaVM, host: IoHost & OsHost, cache?: ChunkCache): void {
  const { lua, lauxlib, lualib } = vm.f;
  const libs: Array<[string, typeof lualib.luaopen_base]> = [
    ['_G', lualib.luaopen_base],
    ['package', lualib.luaopen_package],
    ['coroutine', lualib.luaopen_coroutine],
    ['table', lualib.luaopen_table],
    ['string', lualib.luaopen_string],
    ['math', lualib.luaopen_math],
    ['utf8', lualib.luaopen_utf8],
    ['os', lualib.luaopen_os],
    ['debug', lualib.luaopen_debug],
  ];
  for (const [name, open] of libs) {
    lauxlib.luaL_requiref(vm.L, name, open, 1);
    lua.lua_pop(vm.L, 1);
  }
  vm.lazyTables.replaceRawReads();
  openIo(vm, host);
  patchOs(vm, host);
  const prelude = loadPrelude(vm, cache);
  vm.call(prelude, [vm.pending]);
  prelude.release();
  patchCoroutineTopLevel(vm);
  openCollectgarbage(vm);
}
