/**
 * The io library fengari lacks, backed by Node's file system: io.open,
 * io.lines, io.read/io.write/io.input/io.output/io.close/io.type/io.tmpfile,
 * and file handles with read, write, lines, seek, close, flush, setvbuf.
 * Relative paths are relative to the project directory (where tools run).
 * io.stdout and io.stderr become notifications (lug owns the terminal);
 * io.stdin cannot be read; io.popen points to lug.proc.run.
 */
import * as path from 'node:path';
import type { LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { jsString, luaConst, luaString } from '../lua-strings.js';
import { describeFsError, FileOpError, LuaFile, type ReadFormat } from './lua-file.js';
import { makeTempFile } from './os.js';

export interface IoHost {
  /** The directory relative paths are resolved against. */
  cwd(): string;
  /** Where io.stdout / io.stderr writes and print go. */
  output(text: string, stream: 'stdout' | 'stderr'): void;
}

const FILE_META = 'lug.file';

/** What a Lua file userdata holds: a real file, or one of the standard streams. */
type Handle = { file: LuaFile } | { stream: 'stdin' | 'stdout' | 'stderr'; closed?: false };

export function openIo(vm: LuaVM, host: IoHost): void {
  const { lua, lauxlib } = vm.f;
  const L = vm.L;
  const defaults: { input: number; output: number } = { input: 0, output: 0 };

  const handleAt = (Ls: LuaState, idx: number, what: string): Handle => {
    const ud = lauxlib.luaL_testudata(Ls, idx, luaConst(FILE_META)) as { handle?: Handle } | null;
    if (!ud?.handle) throw new Error(`bad argument #${idx} to '${what}' (file expected, got ${vm.typeName(Ls, idx)})`);
    return ud.handle;
  };
  const openFile = (Ls: LuaState, idx: number, what: string): Handle => {
    const h = handleAt(Ls, idx, what);
    if ('file' in h && h.file.closed) throw new Error('attempt to use a closed file');
    return h;
  };
  const pushHandle = (Ls: LuaState, handle: Handle): void => {
    const ud = lua.lua_newuserdata(Ls, 0) as { handle?: Handle };
    ud.handle = handle;
    lauxlib.luaL_setmetatable(Ls, luaConst(FILE_META));
  };
  /** Lua's convention for a failed operation: nil, message, errno. */
  const fail = (Ls: LuaState, err: unknown, filename?: string): number => {
    const [message, errno] = err instanceof FileOpError ? [err.message, err.errno] : describeFsError(err);
    lua.lua_pushnil(Ls);
    lua.lua_pushstring(Ls, luaString(filename ? `${filename}: ${message}` : message));
    lua.lua_pushinteger(Ls, errno);
    return 3;
  };
  const resolve = (name: string) => path.resolve(host.cwd(), name);
  const checkMode = (mode: string) => {
    if (!/^[rwa]\+?b?$/.test(mode)) throw new Error(`bad argument #2 to 'open' (invalid mode "${mode}": use "r", "w", "a", "r+", "w+" or "a+", optionally with "b")`);
  };

  const readFormats = (Ls: LuaState, from: number): ReadFormat[] => {
    const top = lua.lua_gettop(Ls);
    if (top < from) return ['l'];
    const formats: ReadFormat[] = [];
    for (let i = from; i <= top; i++) {
      if (lua.lua_type(Ls, i) === lua.LUA_TNUMBER) {
        formats.push(Math.max(0, Math.floor(lua.lua_tonumber(Ls, i) as number)));
        continue;
      }
      const f = jsString(lua.lua_tolstring(Ls, i) ?? luaString('')).replace(/^\*/, '').charAt(0);
      if (f !== 'n' && f !== 'a' && f !== 'l' && f !== 'L') throw new Error(`bad argument #${i} to 'read' (invalid format: use "n", "a", "l", "L" or a number)`);
      formats.push(f);
    }
    return formats;
  };
  const pushReads = (Ls: LuaState, values: Array<Buffer | number | null>): number => {
    for (const v of values) {
      if (v === null) lua.lua_pushnil(Ls);
      else if (typeof v === 'number') vm.pushJs(Ls, v);
      else lua.lua_pushstring(Ls, v);
    }
    return values.length;
  };
  const doRead = (Ls: LuaState, h: Handle, from: number): number => {
    if (!('file' in h)) {
      if (h.stream === 'stdin') throw new Error('standard input belongs to lug\'s interface and cannot be read from Lua; use lug.ui.confirm to ask the user');
      return fail(Ls, new FileOpError('Bad file descriptor', 9));
    }
    try {
      return pushReads(Ls, h.file.read(readFormats(Ls, from)));
    } catch (err) {
      return fail(Ls, err);
    }
  };
  const chunksFrom = (Ls: LuaState, from: number, what: string): Uint8Array[] => {
    const chunks: Uint8Array[] = [];
    for (let i = from; i <= lua.lua_gettop(Ls); i++) {
      const t = lua.lua_type(Ls, i);
      if (t !== lua.LUA_TSTRING && t !== lua.LUA_TNUMBER) throw new Error(`bad argument #${i - from + 1} to '${what}' (string expected, got ${vm.typeName(Ls, i)})`);
      chunks.push(lua.lua_tolstring(Ls, i)!);
    }
    return chunks;
  };
  const doWrite = (Ls: LuaState, h: Handle, from: number, fileIdx: number | null): number => {
    const chunks = chunksFrom(Ls, from, 'write');
    if (!('file' in h)) {
      if (h.stream === 'stdin') return fail(Ls, new FileOpError('Bad file descriptor', 9));
      host.output(Buffer.concat(chunks).toString('utf8'), h.stream);
    } else {
      try {
        h.file.write(chunks);
      } catch (err) {
        return fail(Ls, err);
      }
    }
    if (fileIdx === null) lua.lua_rawgeti(Ls, lua.LUA_REGISTRYINDEX, defaults.output);
    else lua.lua_pushvalue(Ls, fileIdx);
    return 1;
  };
  /** An iterator reading with `formats` each call; closes the file at the end when `autoClose`. */
  const pushLinesIterator = (Ls: LuaState, h: Handle, formats: ReadFormat[], autoClose: boolean): void => {
    lua.lua_pushjsfunction(
      Ls,
      vm.fn('lines', (Li) => {
        if (!('file' in h)) throw new Error('standard input belongs to lug\'s interface and cannot be read from Lua');
        if (h.file.closed) throw new Error('file is already closed');
        const values = h.file.read(formats);
        if (values[0] === null || values[0] === undefined) {
          if (autoClose) h.file.close();
          lua.lua_pushnil(Li);
          return 1;
        }
        return pushReads(Li, values);
      }),
    );
  };
  const openForLua = (Ls: LuaState, name: string, mode: string): Handle => {
    // The descriptor closes when the handle is collected: both the userdata and iterators hold it.
    const handle = {} as { file: LuaFile };
    handle.file = LuaFile.open(resolve(name), mode, handle);
    pushHandle(Ls, handle);
    return handle;
  };

  const methods: Record<string, (Ls: LuaState) => number> = {
    read: (Ls) => doRead(Ls, openFile(Ls, 1, 'read'), 2),
    write: (Ls) => doWrite(Ls, openFile(Ls, 1, 'write'), 2, 1),
    lines: (Ls) => {
      const h = openFile(Ls, 1, 'lines');
      pushLinesIterator(Ls, h, readFormats(Ls, 2), false);
      return 1;
    },
    close: (Ls) => {
      const h = openFile(Ls, 1, 'close');
      if (!('file' in h)) return fail(Ls, new FileOpError('cannot close standard file', 0));
      h.file.close();
      lua.lua_pushboolean(Ls, true);
      return 1;
    },
    seek: (Ls) => {
      const h = openFile(Ls, 1, 'seek');
      const whence = lua.lua_type(Ls, 2) <= lua.LUA_TNIL ? 'cur' : jsString(lua.lua_tolstring(Ls, 2)!);
      if (whence !== 'set' && whence !== 'cur' && whence !== 'end') throw new Error(`bad argument #1 to 'seek' (invalid option '${whence}': use "set", "cur" or "end")`);
      const offset = lua.lua_type(Ls, 3) <= lua.LUA_TNIL ? 0 : (lua.lua_tonumber(Ls, 3) as number);
      if (!('file' in h)) return fail(Ls, new FileOpError('Illegal seek', 29));
      try {
        vm.pushJs(Ls, h.file.seek(whence, offset));
        return 1;
      } catch (err) {
        return fail(Ls, err);
      }
    },
    flush: (Ls) => {
      openFile(Ls, 1, 'flush');
      lua.lua_pushvalue(Ls, 1);
      return 1;
    },
    setvbuf: (Ls) => {
      openFile(Ls, 1, 'setvbuf');
      lua.lua_pushboolean(Ls, true);
      return 1;
    },
  };

  // The metatable shared by every handle.
  lauxlib.luaL_newmetatable(L, luaConst(FILE_META));
  lua.lua_createtable(L, 0, Object.keys(methods).length);
  for (const [name, impl] of Object.entries(methods)) {
    lua.lua_pushjsfunction(L, vm.fn(name, impl));
    lua.lua_setfield(L, -2, luaConst(name));
  }
  lua.lua_setfield(L, -2, luaConst('__index'));
  lua.lua_pushjsfunction(
    L,
    vm.fn('tostring', (Ls) => {
      const h = handleAt(Ls, 1, 'tostring');
      const closed = 'file' in h && h.file.closed;
      lua.lua_pushstring(Ls, luaString(closed ? 'file (closed)' : `file (${'file' in h ? h.file.path : h.stream})`));
      return 1;
    }),
  );
  lua.lua_setfield(L, -2, luaConst('__tostring'));
  lua.lua_pushstring(L, luaConst('FILE*'));
  lua.lua_setfield(L, -2, luaConst('__name'));
  lua.lua_pop(L, 1);

  const io: Record<string, (Ls: LuaState) => number> = {
    open: (Ls) => {
      const name = jsString(lua.lua_tolstring(Ls, 1) ?? luaString(''));
      if (lua.lua_type(Ls, 1) !== lua.LUA_TSTRING) throw new Error(`bad argument #1 to 'open' (string expected, got ${vm.typeName(Ls, 1)})`);
      const mode = lua.lua_type(Ls, 2) <= lua.LUA_TNIL ? 'r' : jsString(lua.lua_tolstring(Ls, 2)!);
      checkMode(mode);
      try {
        openForLua(Ls, name, mode);
        return 1;
      } catch (err) {
        return fail(Ls, err, name);
      }
    },
    lines: (Ls) => {
      if (lua.lua_type(Ls, 1) <= lua.LUA_TNIL) {
        lua.lua_rawgeti(Ls, lua.LUA_REGISTRYINDEX, defaults.input);
        pushLinesIterator(Ls, openFile(Ls, -1, 'lines'), readFormats(Ls, 2), false);
        return 1;
      }
      const name = jsString(lua.lua_tolstring(Ls, 1)!);
      let h: Handle;
      try {
        h = openForLua(Ls, name, 'r');
      } catch (err) {
        throw new Error(`${name}: ${describeFsError(err)[0]}`);
      }
      pushLinesIterator(Ls, h, readFormats(Ls, 2), true);
      return 1;
    },
    close: (Ls) => {
      if (lua.lua_type(Ls, 1) <= lua.LUA_TNIL) {
        lua.lua_settop(Ls, 0);
        lua.lua_rawgeti(Ls, lua.LUA_REGISTRYINDEX, defaults.output);
      }
      return methods.close!(Ls);
    },
    read: (Ls) => {
      lua.lua_rawgeti(Ls, lua.LUA_REGISTRYINDEX, defaults.input);
      lua.lua_insert(Ls, 1);
      return doRead(Ls, openFile(Ls, 1, 'read'), 2);
    },
    write: (Ls) => {
      lua.lua_rawgeti(Ls, lua.LUA_REGISTRYINDEX, defaults.output);
      const h = openFile(Ls, -1, 'write');
      lua.lua_pop(Ls, 1);
      return doWrite(Ls, h, 1, null);
    },
    input: (Ls) => swapDefault(Ls, 'input', 'r'),
    output: (Ls) => swapDefault(Ls, 'output', 'w'),
    type: (Ls) => {
      const ud = lauxlib.luaL_testudata(Ls, 1, luaConst(FILE_META)) as { handle?: Handle } | null;
      if (!ud?.handle) lua.lua_pushnil(Ls);
      else lua.lua_pushstring(Ls, luaConst('file' in ud.handle && ud.handle.file.closed ? 'closed file' : 'file'));
      return 1;
    },
    tmpfile: (Ls) => {
      try {
        openForLua(Ls, makeTempFile(), 'w+');
        return 1;
      } catch (err) {
        return fail(Ls, err);
      }
    },
    popen: () => {
      throw new Error('io.popen is not available in lug: run programs with lug.proc.run({ "prog", "arg" }) (an argument list, never a shell string)');
    },
  };

  const swapDefault = (Ls: LuaState, which: 'input' | 'output', mode: string): number => {
    const t = lua.lua_type(Ls, 1);
    if (t === lua.LUA_TSTRING) {
      const name = jsString(lua.lua_tolstring(Ls, 1)!);
      try {
        openForLua(Ls, name, mode);
      } catch (err) {
        throw new Error(`${name}: ${describeFsError(err)[0]}`);
      }
      lua.lua_rawseti(Ls, lua.LUA_REGISTRYINDEX, defaults[which]);
    } else if (t > lua.LUA_TNIL) {
      handleAt(Ls, 1, which);
      lua.lua_pushvalue(Ls, 1);
      lua.lua_rawseti(Ls, lua.LUA_REGISTRYINDEX, defaults[which]);
    }
    lua.lua_rawgeti(Ls, lua.LUA_REGISTRYINDEX, defaults[which]);
    return 1;
  };

  lua.lua_createtable(L, 0, Object.keys(io).length + 3);
  for (const [name, impl] of Object.entries(io)) {
    lua.lua_pushjsfunction(L, vm.fn(name, impl));
    lua.lua_setfield(L, -2, luaConst(name));
  }
  for (const stream of ['stdin', 'stdout', 'stderr'] as const) {
    pushHandle(L, { stream });
    if (stream !== 'stderr') {
      lua.lua_pushvalue(L, -1);
      defaults[stream === 'stdin' ? 'input' : 'output'] = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    }
    lua.lua_setfield(L, -2, luaConst(stream));
  }
  // Visible to require('io') too.
  lua.lua_getglobal(L, luaConst('package'));
  lua.lua_getfield(L, -1, luaConst('loaded'));
  lua.lua_pushvalue(L, -3);
  lua.lua_setfield(L, -2, luaConst('io'));
  lua.lua_pop(L, 2);
  lua.lua_setglobal(L, luaConst('io'));
}
