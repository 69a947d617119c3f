/**
 * lug runs every chunk, rule and hook on a coroutine of its own (lua-vm.ts),
 * so that lug's functions can wait; to the Lua code there it is the top
 * level, and it must behave as real Lua's main thread does:
 * coroutine.running() gives the main thread and true, coroutine.isyieldable()
 * is false, and coroutine.yield raises "attempt to yield from outside a
 * coroutine" (so pcall(coroutine.yield) returns false and the message) instead
 * of ending the whole chunk. Inside coroutines the user creates nothing
 * changes. Installed after the prelude (open.ts), whose wrappers keep the
 * original yield to pass lug's waits up.
 */
import type { LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { luaConst } from '../lua-strings.js';

export function patchCoroutineTopLevel(vm: LuaVM): void {
  const { lua } = vm.f;
  const L = vm.L;
  const fns: Record<string, (Ls: LuaState) => number> = {
    running: (Ls) => {
      if (vm.isTopLevel(Ls)) {
        lua.lua_pushthread(L);
        lua.lua_xmove(L, Ls, 1);
        lua.lua_pushboolean(Ls, true);
      } else {
        lua.lua_pushthread(Ls);
        lua.lua_pushboolean(Ls, false);
      }
      return 2;
    },
    isyieldable: (Ls) => {
      lua.lua_pushboolean(Ls, !vm.isTopLevel(Ls) && lua.lua_isyieldable(Ls));
      return 1;
    },
    yield: (Ls) => {
      if (vm.isTopLevel(Ls)) {
        lua.lua_pushstring(Ls, luaConst('attempt to yield from outside a coroutine'));
        return lua.lua_error(Ls);
      }
      return lua.lua_yield(Ls, lua.lua_gettop(Ls));
    },
  };
  lua.lua_getglobal(L, luaConst('coroutine'));
  for (const [name, impl] of Object.entries(fns)) {
    lua.lua_pushjsfunction(L, impl);
    lua.lua_setfield(L, -2, luaConst(name));
  }
  lua.lua_pop(L, 1);
}
