/**
 * lug.opt: the options store as a Lua table. Reading a field reads the option,
 * assigning validates and stores it (nil restores the default); an unknown
 * option or a bad value is an error naming what is allowed. pairs(lug.opt)
 * lists every option with its value.
 */
import type { LuaState } from '../fengari.js';
import { luaConst } from '../lua-strings.js';
import { LuaFunctionRef } from '../lua-values.js';
import type { ApiContext } from './api-context.js';
import { is, readArgument } from './validate.js';

const OPTIONAL_NAME = is.string.optional();

export function pushOptTable(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  const { lua } = vm.f;
  const key = (Ls: LuaState) => readArgument(vm, Ls, 'lug.opt', 2, 'name', is.string);
  lua.lua_createtable(L, 0, 0);
  lua.lua_createtable(L, 0, 4);
  const meta: Record<string, (Ls: LuaState) => number> = {
    __index: (Ls) => {
      vm.pushJs(Ls, host.options.get(key(Ls)));
      return 1;
    },
    __newindex: (Ls) => {
      const name = key(Ls);
      let value = vm.toJs(Ls, 3, { functions: 'ref' });
      if (value instanceof LuaFunctionRef) value = vm.asJsFunction(value);
      host.options.set(name, value);
      // Run again, the file that set it and no longer does leaves it at its default.
      ctx.owners.optionSet(name);
      return 0;
    },
    __pairs: (Ls) => {
      const next = vm.fn('lug.opt', (Li) => {
        const names = host.options.list().map((d) => d.name);
        const previous = readArgument(vm, Li, 'lug.opt', 2, 'name', OPTIONAL_NAME);
        const after = previous === undefined ? -1 : names.indexOf(previous);
        const name = names[after + 1];
        if (name === undefined) {
          lua.lua_pushnil(Li);
          return 1;
        }
        vm.pushJs(Li, name);
        vm.pushJs(Li, host.options.get(name));
        return 2;
      });
      lua.lua_pushjsfunction(Ls, next);
      lua.lua_pushvalue(Ls, 1);
      lua.lua_pushnil(Ls);
      return 3;
    },
  };
  for (const [name, impl] of Object.entries(meta)) {
    lua.lua_pushjsfunction(L, vm.fn('lug.opt', impl));
    lua.lua_setfield(L, -2, luaConst(name));
  }
  lua.lua_pushstring(L, luaConst('lug.opt'));
  lua.lua_setfield(L, -2, luaConst('__name'));
  lua.lua_setmetatable(L, -2);
}
