/**
 * collectgarbage in every form Lua 5.3 takes (fengari 0.1.5 raises "lua_gc
 * not implemented" for all of them). JavaScript's collector runs on its own,
 * so the controls are kept as settings and answered as Lua 5.3 answers them:
 * "collect", "stop" and "restart" return 0; "count" the memory in use, in KiB
 * (a float: the JS heap's used size, the nearest thing to Lua's own count);
 * "step" true (a cycle finished); "isrunning" whether "stop" was called
 * last; "setpause" and "setstepmul" the previous value (200 at first);
 * "incremental" and "generational" (Lua 5.4's, accepted too) the previous mode.
 */
import type { LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { jsString, luaConst, luaString } from '../lua-strings.js';

const OPTIONS = ['collect', 'stop', 'restart', 'count', 'step', 'setpause', 'setstepmul', 'isrunning', 'incremental', 'generational'] as const;

export function openCollectgarbage(vm: LuaVM): void {
  const { lua } = vm.f;
  let running = true;
  let pause = 200;
  let stepmul = 200;
  let mode = 'incremental';
  const impl = (L: LuaState): number => {
    const option = lua.lua_type(L, 1) <= lua.LUA_TNIL ? 'collect' : lua.lua_type(L, 1) === lua.LUA_TSTRING ? jsString(lua.lua_tolstring(L, 1)!) : undefined;
    if (option === undefined || !(OPTIONS as readonly string[]).includes(option)) {
      const shown = option === undefined ? vm.typeName(L, 1) : `'${option}'`;
      throw new Error(`bad argument #1 to 'collectgarbage' (invalid option ${shown}; the options are: ${OPTIONS.join(', ')})`);
    }
    if (lua.lua_type(L, 2) > lua.LUA_TNIL && lua.lua_type(L, 2) !== lua.LUA_TNUMBER) {
      throw new Error(`bad argument #2 to 'collectgarbage' (number expected, got ${vm.typeName(L, 2)})`);
    }
    const arg = lua.lua_type(L, 2) === lua.LUA_TNUMBER ? Math.trunc(lua.lua_tonumber(L, 2) as number) : 0;
    switch (option) {
      case 'count':
        lua.lua_pushnumber(L, process.memoryUsage().heapUsed / 1024);
        return 1;
      case 'step':
        lua.lua_pushboolean(L, true);
        return 1;
      case 'isrunning':
        lua.lua_pushboolean(L, running);
        return 1;
      case 'setpause':
        lua.lua_pushinteger(L, pause);
        pause = arg;
        return 1;
      case 'setstepmul':
        lua.lua_pushinteger(L, stepmul);
        stepmul = arg;
        return 1;
      case 'incremental':
      case 'generational':
        lua.lua_pushstring(L, luaString(mode));
        mode = option;
        return 1;
      default:
        if (option === 'stop') running = false;
        if (option === 'restart') running = true;
        lua.lua_pushinteger(L, 0);
        return 1;
    }
  };
  lua.lua_pushjsfunction(vm.L, vm.fn('', impl));
  lua.lua_setglobal(vm.L, luaConst('collectgarbage'));
}
