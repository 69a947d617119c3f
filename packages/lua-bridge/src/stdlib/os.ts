/**
 * What lug changes in fengari's os library and base functions: os.getenv reads
 * lug's environment; os.remove, os.rename and os.tmpname are backed by Node
 * (paths relative to the project directory); os.execute and os.exit are
 * refused with a pointer to what to use instead; print becomes a notification
 * because lug owns the terminal. os.time, os.date, os.clock and os.difftime
 * are fengari's own.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { jsString, luaConst, luaString } from '../lua-strings.js';
import { pushFsFailure } from './lua-file.js';

export interface OsHost {
  cwd(): string;
  env(): Record<string, string | undefined>;
  output(text: string, stream: 'stdout' | 'stderr'): void;
}

/** Create an empty file only we can read, as Lua's os.tmpname does on POSIX (mkstemp). */
export function makeTempFile(): string {
  for (;;) {
    const name = path.join(os.tmpdir(), `lua_${randomBytes(6).toString('hex')}`);
    try {
      fs.closeSync(fs.openSync(name, 'wx', 0o600));
      return name;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

export function patchOs(vm: LuaVM, host: OsHost): void {
  const { lua } = vm.f;
  const L = vm.L;
  lua.lua_getglobal(L, luaConst('os'));
  for (const [name, impl] of Object.entries(osFunctions(vm, host))) {
    lua.lua_pushjsfunction(L, vm.fn(name, impl));
    lua.lua_setfield(L, -2, luaConst(name));
  }
  lua.lua_pop(L, 1);
  lua.lua_pushjsfunction(L, vm.fn('print', printFunction(vm, host)));
  lua.lua_setglobal(L, luaConst('print'));
}

/** Argument i, which must be a string. */
function stringArg(vm: LuaVM, Ls: LuaState, i: number, fname: string): string {
  const { lua } = vm.f;
  if (lua.lua_type(Ls, i) !== lua.LUA_TSTRING) throw new Error(`bad argument #${i} to '${fname}' (string expected, got ${vm.typeName(Ls, i)})`);
  return jsString(lua.lua_tolstring(Ls, i)!);
}

/** What Lua's os functions return: true, or nil, the message (naming `filename`) and the errno. */
function fsResult(vm: LuaVM, Ls: LuaState, err: unknown, filename?: string): number {
  const { lua } = vm.f;
  if (!err) {
    lua.lua_pushboolean(Ls, true);
    return 1;
  }
  return pushFsFailure(lua, Ls, err, filename);
}

/** The os functions lug replaces: getenv from lug's environment, the file ones on Node (relative to the project), execute and exit refused. */
function osFunctions(vm: LuaVM, host: OsHost): Record<string, (Ls: LuaState) => number> {
  const resolve = (p: string) => path.resolve(host.cwd(), p);
  return {
    getenv: (Ls) => {
      vm.pushJs(Ls, host.env()[stringArg(vm, Ls, 1, 'getenv')]);
      return 1;
    },
    remove: (Ls) => {
      const name = stringArg(vm, Ls, 1, 'remove');
      try {
        const target = resolve(name);
        if (fs.lstatSync(target).isDirectory()) fs.rmdirSync(target);
        else fs.unlinkSync(target);
        return fsResult(vm, Ls, null);
      } catch (err) {
        return fsResult(vm, Ls, err, name);
      }
    },
    rename: (Ls) => {
      const from = stringArg(vm, Ls, 1, 'rename');
      const to = stringArg(vm, Ls, 2, 'rename');
      try {
        fs.renameSync(resolve(from), resolve(to));
        return fsResult(vm, Ls, null);
      } catch (err) {
        return fsResult(vm, Ls, err, from);
      }
    },
    tmpname: (Ls) => {
      vm.f.lua.lua_pushstring(Ls, luaString(makeTempFile()));
      return 1;
    },
    execute: () => {
      throw new Error('os.execute is not available in lug: run programs with lug.proc.run({ "prog", "arg" }) (an argument list, never a shell string)');
    },
    exit: () => {
      throw new Error('os.exit is not available in lug: a plugin cannot end lug; raise an error with error("...") instead');
    },
  };
}

/** print: the values, tab-separated, as one notification; each through the global tostring, as Lua 5.3's print does. */
function printFunction(vm: LuaVM, host: OsHost): (Ls: LuaState) => number {
  const { lua } = vm.f;
  return (Ls) => {
    const parts: string[] = [];
    const n = lua.lua_gettop(Ls);
    lua.lua_getglobal(Ls, luaConst('tostring'));
    for (let i = 1; i <= n; i++) {
      lua.lua_pushvalue(Ls, n + 1);
      lua.lua_pushvalue(Ls, i);
      lua.lua_call(Ls, 1, 1);
      if (lua.lua_type(Ls, -1) !== lua.LUA_TSTRING && lua.lua_type(Ls, -1) !== lua.LUA_TNUMBER) throw new Error("'tostring' must return a string to 'print'");
      parts.push(jsString(lua.lua_tolstring(Ls, -1)!));
      lua.lua_pop(Ls, 1);
    }
    host.output(`${parts.join('\t')}\n`, 'stdout');
    return 0;
  };
}
