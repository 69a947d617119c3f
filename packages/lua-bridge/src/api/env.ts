/**
 * lug.cwd() and lug.env: where the project is (the directory tools run in)
 * and the environment lug runs with, outside any tool call. lug.env is a
 * read-only view: `lug.env.HOME`, `pairs(lug.env)`; assigning to it is an
 * error (set a process's variables with lug.proc.run's `env`).
 */
import type { LuaState } from '../fengari.js';
import { jsString, luaConst, luaKey, luaString } from '../lua-strings.js';
import type { ApiContext } from './api-context.js';
import { signature } from './validate.js';

const CWD = signature('lug.cwd', []);

export function cwdFunction(ctx: ApiContext): (L: LuaState) => number {
  const { vm, host } = ctx;
  return (L) => {
    CWD.read(vm, L);
    vm.f.lua.lua_pushstring(L, luaString(host.cwd));
    return 1;
  };
}

/** Push the read-only lug.env table. */
export function pushEnvView(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  const { lua } = vm.f;
  lua.lua_createtable(L, 0, 0);
  lua.lua_createtable(L, 0, 4);
  lua.lua_pushjsfunction(
    L,
    vm.fn('lug.env', (Ls) => {
      const value = lua.lua_type(Ls, 2) === lua.LUA_TSTRING ? host.env[jsString(lua.lua_tolstring(Ls, 2)!)] : undefined;
      if (value === undefined) lua.lua_pushnil(Ls);
      else lua.lua_pushstring(Ls, luaString(value));
      return 1;
    }),
  );
  lua.lua_setfield(L, -2, luaConst('__index'));
  lua.lua_pushjsfunction(
    L,
    vm.fn('', (Ls) => {
      const key = lua.lua_type(Ls, 2) === lua.LUA_TSTRING ? jsString(lua.lua_tolstring(Ls, 2)!) : vm.typeName(Ls, 2);
      throw new Error(`lug.env.${key} cannot be set: lug.env is a read-only view of lug's environment; give a process its variables with lug.proc.run(argv, { env = { ${key} = ... } })`);
    }),
  );
  lua.lua_setfield(L, -2, luaConst('__newindex'));
  lua.lua_pushjsfunction(
    L,
    vm.fn('lug.env', (Ls) => {
      lua.lua_getglobal(Ls, luaConst('next'));
      const entries = Object.entries(host.env).filter(([, v]) => v !== undefined);
      lua.lua_createtable(Ls, 0, entries.length);
      for (const [k, v] of entries) {
        lua.lua_pushstring(Ls, luaString(v!));
        lua.lua_setfield(Ls, -2, luaKey(k));
      }
      lua.lua_pushnil(Ls);
      return 3;
    }),
  );
  lua.lua_setfield(L, -2, luaConst('__pairs'));
  lua.lua_pushboolean(L, false);
  lua.lua_setfield(L, -2, luaConst('__metatable'));
  lua.lua_setmetatable(L, -2);
}
