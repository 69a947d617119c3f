/**
 * The io library fengari lacks, backed by Node's file system: io.open,
 * io.lines, io.read/io.write/io.input/io.output/io.close/io.type/io.tmpfile,
 * and file handles with read, write, lines, seek, close, flush, setvbuf.
 * Relative paths are relative to the project directory (where tools run).
 * io.stdout and io.stderr become notifications (lug owns the terminal);
 * io.stdin cannot be read; io.popen points to lug.proc.run.
 */
import type { LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { setGlobalModule } from '../global-module.js';
import { jsString, luaConst, luaString } from '../lua-strings.js';
import { FILE_META, IoHandles, type Handle, type IoHost } from './io-handles.js';
import { describeFsError, FileOpError } from './lua-file.js';
import { makeTempFile } from './os.js';

export type { IoHost } from './io-handles.js';

type Impl = (L: LuaState) => number;

function fileMethods(io: IoHandles): Record<string, Impl> {
  const { lua } = io.vm.f;
  return {
    read: (L) => io.read(L, io.openHandleAt(L, 1, 'read'), 2),
    write: (L) => io.write(L, io.openHandleAt(L, 1, 'write'), 2, 1),
    lines: (L) => {
      io.pushLines(L, io.openHandleAt(L, 1, 'lines'), io.formats(L, 2), false);
      return 1;
    },
    close: (L) => {
      const h = io.openHandleAt(L, 1, 'close');
      if (!('file' in h)) return io.fail(L, new FileOpError('cannot close standard file', 0));
      h.file.close();
      lua.lua_pushboolean(L, true);
      return 1;
    },
    seek: (L) => {
      const h = io.openHandleAt(L, 1, 'seek');
      const whence = lua.lua_type(L, 2) <= lua.LUA_TNIL ? 'cur' : jsString(lua.lua_tolstring(L, 2)!);
      if (whence !== 'set' && whence !== 'cur' && whence !== 'end') throw new Error(`bad argument #1 to 'seek' (invalid option '${whence}': use "set", "cur" or "end")`);
      const offset = lua.lua_type(L, 3) <= lua.LUA_TNIL ? 0 : (lua.lua_tonumber(L, 3) as number);
      if (!('file' in h)) return io.fail(L, new FileOpError('Illegal seek', 29));
      try {
        io.vm.pushJs(L, h.file.seek(whence, offset));
        return 1;
      } catch (err) {
        return io.fail(L, err);
      }
    },
    flush: (L) => {
      io.openHandleAt(L, 1, 'flush');
      lua.lua_pushvalue(L, 1);
      return 1;
    },
    setvbuf: (L) => {
      io.openHandleAt(L, 1, 'setvbuf');
      lua.lua_pushboolean(L, true);
      return 1;
    },
  };
}

/** Push the default input or output file (io.input(), io.output()). */
function pushDefaultFile(io: IoHandles, L: LuaState, which: 'input' | 'output'): void {
  const { lua } = io.vm.f;
  lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, io.defaults[which]);
}

/** io.open(name [, mode]): a handle, or nil and the error. */
function openFile(io: IoHandles, L: LuaState): number {
  const { vm } = io;
  const { lua } = vm.f;
  if (lua.lua_type(L, 1) !== lua.LUA_TSTRING) throw new Error(`bad argument #1 to 'open' (string expected, got ${vm.typeName(L, 1)})`);
  const name = jsString(lua.lua_tolstring(L, 1)!);
  const mode = lua.lua_type(L, 2) <= lua.LUA_TNIL ? 'r' : jsString(lua.lua_tolstring(L, 2)!);
  if (!/^[rwa]\+?b?$/.test(mode)) throw new Error(`bad argument #2 to 'open' (invalid mode "${mode}": use "r", "w", "a", "r+", "w+" or "a+", optionally with "b")`);
  try {
    io.open(L, name, mode);
    return 1;
  } catch (err) {
    return io.fail(L, err, name);
  }
}

/** io.lines([name, ...formats]): the lines of the default input, or of a file it opens (and closes at the end). */
function fileLines(io: IoHandles, L: LuaState): number {
  const { lua } = io.vm.f;
  const formats = io.formats(L, 2);
  if (lua.lua_type(L, 1) <= lua.LUA_TNIL) {
    pushDefaultFile(io, L, 'input');
    io.pushLines(L, io.openHandleAt(L, -1, 'lines'), formats, false);
    return 1;
  }
  const name = jsString(lua.lua_tolstring(L, 1)!);
  let h: Handle;
  try {
    h = io.open(L, name, 'r');
  } catch (err) {
    throw new Error(`${name}: ${describeFsError(err)[0]}`);
  }
  io.pushLines(L, h, formats, true);
  return 1;
}

function ioFunctions(io: IoHandles, methods: Record<string, Impl>): Record<string, Impl> {
  const { lua } = io.vm.f;
  return {
    open: (L) => openFile(io, L),
    lines: (L) => fileLines(io, L),
    close: (L) => {
      if (lua.lua_type(L, 1) <= lua.LUA_TNIL) {
        lua.lua_settop(L, 0);
        pushDefaultFile(io, L, 'output');
      }
      return methods.close!(L);
    },
    read: (L) => {
      pushDefaultFile(io, L, 'input');
      lua.lua_insert(L, 1);
      return io.read(L, io.openHandleAt(L, 1, 'read'), 2);
    },
    write: (L) => {
      pushDefaultFile(io, L, 'output');
      const h = io.openHandleAt(L, -1, 'write');
      lua.lua_pop(L, 1);
      return io.write(L, h, 1, null);
    },
    input: (L) => io.swapDefault(L, 'input', 'r'),
    output: (L) => io.swapDefault(L, 'output', 'w'),
    type: (L) => {
      const ud = io.vm.f.lauxlib.luaL_testudata(L, 1, luaConst(FILE_META)) as { handle?: Handle } | null;
      if (!ud?.handle) lua.lua_pushnil(L);
      else lua.lua_pushstring(L, luaConst('file' in ud.handle && ud.handle.file.closed ? 'closed file' : 'file'));
      return 1;
    },
    tmpfile: (L) => {
      try {
        io.open(L, makeTempFile(), 'w+');
        return 1;
      } catch (err) {
        return io.fail(L, err);
      }
    },
    popen: () => {
      throw new Error('io.popen is not available in lug: run programs with lug.proc.run({ "prog", "arg" }) (an argument list, never a shell string)');
    },
  };
}

/** The metatable every file handle shares. */
function createFileMetatable(io: IoHandles, methods: Record<string, Impl>): void {
  const { vm } = io;
  const { lua, lauxlib } = vm.f;
  const L = vm.L;
  lauxlib.luaL_newmetatable(L, luaConst(FILE_META));
  lua.lua_createtable(L, 0, Object.keys(methods).length);
  for (const [name, impl] of Object.entries(methods)) {
    lua.lua_pushjsfunction(L, vm.fn(name, impl));
    lua.lua_setfield(L, -2, luaConst(name));
  }
  lua.lua_setfield(L, -2, luaConst('__index'));
  const tostring = vm.fn('tostring', (Ls) => {
    const h = io.handleAt(Ls, 1, 'tostring');
    const closed = 'file' in h && h.file.closed;
    lua.lua_pushstring(Ls, luaString(closed ? 'file (closed)' : `file (${'file' in h ? h.file.path : h.stream})`));
    return 1;
  });
  lua.lua_pushjsfunction(L, tostring);
  lua.lua_setfield(L, -2, luaConst('__tostring'));
  lua.lua_pushstring(L, luaConst('FILE*'));
  lua.lua_setfield(L, -2, luaConst('__name'));
  lua.lua_pop(L, 1);
}

export function openIo(vm: LuaVM, host: IoHost): void {
  const { lua, lauxlib } = vm.f;
  const L = vm.L;
  const io = new IoHandles(vm, host);
  const methods = fileMethods(io);
  createFileMetatable(io, methods);
  const fns = ioFunctions(io, methods);
  lua.lua_createtable(L, 0, Object.keys(fns).length + 3);
  for (const [name, impl] of Object.entries(fns)) {
    lua.lua_pushjsfunction(L, vm.fn(name, impl));
    lua.lua_setfield(L, -2, luaConst(name));
  }
  for (const stream of ['stdin', 'stdout', 'stderr'] as const) {
    io.pushHandle(L, { stream });
    if (stream !== 'stderr') {
      lua.lua_pushvalue(L, -1);
      io.defaults[stream === 'stdin' ? 'input' : 'output'] = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    }
    lua.lua_setfield(L, -2, luaConst(stream));
  }
  setGlobalModule(lua, L, 'io');
}
