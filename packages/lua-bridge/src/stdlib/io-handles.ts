/**
 * The plumbing under lug's io library: file handles as Lua userdata, reading
 * and writing in Lua's formats, and Lua's "nil, message, errno" failures.
 */
import * as path from 'node:path';
import type { LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { jsString, luaConst, luaString } from '../lua-strings.js';
import { describeFsError, FileOpError, LuaFile, pushFsFailure, type ReadFormat } from './lua-file.js';

export interface IoHost {
  /** The directory relative paths are resolved against. */
  cwd(): string;
  /** Where io.stdout / io.stderr writes and print go. */
  output(text: string, stream: 'stdout' | 'stderr'): void;
}

export const FILE_META = 'lug.file';

/** What a Lua file userdata holds: a real file, or one of the standard streams. */
export type Handle = { file: LuaFile } | { stream: 'stdin' | 'stdout' | 'stderr' };

const STDIN_MESSAGE = "standard input belongs to lug's interface and cannot be read from Lua; use lug.ui.confirm to ask the user";

export class IoHandles {
  /** Registry refs of the default input and output handles (io.input / io.output). */
  readonly defaults = { input: 0, output: 0 };

  constructor(
    readonly vm: LuaVM,
    readonly host: IoHost,
  ) {}

  private get lua() {
    return this.vm.f.lua;
  }

  handleAt(L: LuaState, idx: number, what: string): Handle {
    const ud = this.vm.f.lauxlib.luaL_testudata(L, idx, luaConst(FILE_META)) as { handle?: Handle } | null;
    if (!ud?.handle) throw new Error(`bad argument #${idx} to '${what}' (file expected, got ${this.vm.typeName(L, idx)})`);
    return ud.handle;
  }

  /** A handle that is not closed. */
  openHandleAt(L: LuaState, idx: number, what: string): Handle {
    const h = this.handleAt(L, idx, what);
    if ('file' in h && h.file.closed) throw new Error('attempt to use a closed file');
    return h;
  }

  pushHandle(L: LuaState, handle: Handle): void {
    const ud = this.lua.lua_newuserdata(L, 0) as { handle?: Handle };
    ud.handle = handle;
    this.vm.f.lauxlib.luaL_setmetatable(L, luaConst(FILE_META));
  }

  /** Open a file (relative to the project directory) and push its handle. */
  open(L: LuaState, name: string, mode: string): Handle {
    // The descriptor closes when the handle is collected: the userdata and iterators hold it.
    const handle = {} as { file: LuaFile };
    handle.file = LuaFile.open(path.resolve(this.host.cwd(), name), mode, handle);
    this.pushHandle(L, handle);
    return handle;
  }

  /** Lua's convention for a failed operation: nil, message, errno. */
  fail(L: LuaState, err: unknown, filename?: string): number {
    return pushFsFailure(this.lua, L, err, filename);
  }

  /** The read formats given from argument `from` on; "l" when none. */
  formats(L: LuaState, from: number): ReadFormat[] {
    const { lua } = this;
    const top = lua.lua_gettop(L);
    if (top < from) return ['l'];
    const formats: ReadFormat[] = [];
    for (let i = from; i <= top; i++) {
      if (lua.lua_type(L, i) === lua.LUA_TNUMBER) {
        formats.push(Math.max(0, Math.floor(lua.lua_tonumber(L, i) as number)));
        continue;
      }
      const f = jsString(lua.lua_tolstring(L, i) ?? luaString('')).replace(/^\*/, '').charAt(0);
      if (f !== 'n' && f !== 'a' && f !== 'l' && f !== 'L') throw new Error(`bad argument #${i} to 'read' (invalid format: use "n", "a", "l", "L" or a number)`);
      formats.push(f);
    }
    return formats;
  }

  private pushValues(L: LuaState, values: Array<Buffer | number | null>): number {
    for (const v of values) {
      if (v === null) this.lua.lua_pushnil(L);
      else if (typeof v === 'number') this.vm.pushJs(L, v);
      else this.lua.lua_pushstring(L, v);
    }
    return values.length;
  }

  read(L: LuaState, h: Handle, from: number): number {
    if (!('file' in h)) {
      if (h.stream === 'stdin') throw new Error(STDIN_MESSAGE);
      return this.fail(L, new FileOpError('Bad file descriptor', 9));
    }
    try {
      return this.pushValues(L, h.file.read(this.formats(L, from)));
    } catch (err) {
      return this.fail(L, err);
    }
  }

  /** Write arguments `from`..top; returns the file (the one at fileIdx, or the default output). */
  write(L: LuaState, h: Handle, from: number, fileIdx: number | null): number {
    const { lua } = this;
    const chunks: Uint8Array[] = [];
    for (let i = from; i <= lua.lua_gettop(L); i++) {
      const t = lua.lua_type(L, i);
      if (t !== lua.LUA_TSTRING && t !== lua.LUA_TNUMBER) throw new Error(`bad argument #${i - from + 1} to 'write' (string expected, got ${this.vm.typeName(L, i)})`);
      chunks.push(lua.lua_tolstring(L, i)!);
    }
    if (!('file' in h)) {
      if (h.stream === 'stdin') return this.fail(L, new FileOpError('Bad file descriptor', 9));
      this.host.output(Buffer.concat(chunks).toString('utf8'), h.stream);
    } else {
      try {
        h.file.write(chunks);
      } catch (err) {
        return this.fail(L, err);
      }
    }
    if (fileIdx === null) lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, this.defaults.output);
    else lua.lua_pushvalue(L, fileIdx);
    return 1;
  }

  /** Push an iterator reading with `formats` each call; it closes the file at the end when `autoClose`. */
  pushLines(L: LuaState, h: Handle, formats: ReadFormat[], autoClose: boolean): void {
    const next = this.vm.fn('lines', (Li) => {
      if (!('file' in h)) throw new Error(STDIN_MESSAGE);
      if (h.file.closed) throw new Error('file is already closed');
      const values = h.file.read(formats);
      if (values[0] === null || values[0] === undefined) {
        if (autoClose) h.file.close();
        this.lua.lua_pushnil(Li);
        return 1;
      }
      return this.pushValues(Li, values);
    });
    this.lua.lua_pushjsfunction(L, next);
  }

  /** io.input / io.output: set the default from a file name or handle, then return it. */
  swapDefault(L: LuaState, which: 'input' | 'output', mode: string): number {
    const { lua } = this;
    const t = lua.lua_type(L, 1);
    if (t === lua.LUA_TSTRING) {
      const name = jsString(lua.lua_tolstring(L, 1)!);
      try {
        this.open(L, name, mode);
      } catch (err) {
        throw new Error(`${name}: ${describeFsError(err)[0]}`);
      }
      lua.lua_rawseti(L, lua.LUA_REGISTRYINDEX, this.defaults[which]);
    } else if (t > lua.LUA_TNIL) {
      this.handleAt(L, 1, which);
      lua.lua_pushvalue(L, 1);
      lua.lua_rawseti(L, lua.LUA_REGISTRYINDEX, this.defaults[which]);
    }
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, this.defaults[which]);
    return 1;
  }
}
