/**
 * A Lua file handle over a Node file descriptor: buffered reads in the formats
 * of Lua 5.3's file:read ("n", "a", "l", "L", a byte count), writes, seek.
 * Synchronous on purpose: Lua's io is synchronous, and config files are small.
 */
import * as fs from 'node:fs';
import type { LuaApi, LuaState } from '../fengari.js';
import { luaString } from '../lua-strings.js';

const CHUNK = 64 * 1024;

/** errno numbers and texts as C's strerror gives them, so messages look like Lua's. */
const ERRNO: Record<string, [number, string]> = {
  ENOENT: [2, 'No such file or directory'],
  EACCES: [13, 'Permission denied'],
  EEXIST: [17, 'File exists'],
  ENOTDIR: [20, 'Not a directory'],
  EISDIR: [21, 'Is a directory'],
  EINVAL: [22, 'Invalid argument'],
  ENOSPC: [28, 'No space left on device'],
  EROFS: [30, 'Read-only file system'],
  EBADF: [9, 'Bad file descriptor'],
  EPERM: [1, 'Operation not permitted'],
  ENOTEMPTY: [39, 'Directory not empty'],
};

/** [message, errno] for a Node file-system error. */
export function describeFsError(err: unknown): [string, number] {
  const code = (err as NodeJS.ErrnoException)?.code ?? '';
  const known = ERRNO[code];
  if (known) return [known[1], known[0]];
  return [(err as Error)?.message ?? String(err), Math.abs((err as NodeJS.ErrnoException)?.errno ?? 0)];
}

export class FileOpError extends Error {
  constructor(
    message: string,
    readonly errno: number,
  ) {
    super(message);
  }
}

/** Lua's convention for a failed file operation (io's and os's alike): nil, the message (naming `filename`) and the errno; returns 3. */
export function pushFsFailure(lua: LuaApi, L: LuaState, err: unknown, filename?: string): number {
  const [message, errno] = err instanceof FileOpError ? [err.message, err.errno] : describeFsError(err);
  lua.lua_pushnil(L);
  lua.lua_pushstring(L, luaString(filename ? `${filename}: ${message}` : message));
  lua.lua_pushinteger(L, errno);
  return 3;
}

const closer = new FinalizationRegistry<number>((fd) => {
  try {
    fs.closeSync(fd);
  } catch {
    // already closed
  }
});

export type ReadFormat = 'n' | 'a' | 'l' | 'L' | number;

export class LuaFile {
  private buf = Buffer.alloc(0);
  private bufStart = 0;
  private pos = 0;
  private closedFlag = false;
  readonly readable: boolean;
  readonly writable: boolean;
  private readonly append: boolean;

  private constructor(
    private fd: number,
    readonly path: string,
    mode: string,
    owner: object,
  ) {
    this.readable = mode.startsWith('r') || mode.includes('+');
    this.writable = !mode.startsWith('r') || mode.includes('+');
    this.append = mode.startsWith('a');
    closer.register(owner, fd, this);
  }

  /** Open with a Lua mode ("r", "w", "a", "r+", "w+", "a+", each optionally with "b"). */
  static open(path: string, mode: string, owner: object): LuaFile {
    const flags = mode.replace('b', '');
    const fd = fs.openSync(path, flags, 0o666);
    return new LuaFile(fd, path, flags, owner);
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  close(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    closer.unregister(this);
    fs.closeSync(this.fd);
  }

  /** One value per format; null where the format found nothing (end of file, or not a number). */
  read(formats: ReadFormat[]): Array<Buffer | number | null> {
    if (!this.readable) throw new FileOpError('Bad file descriptor', 9);
    const out: Array<Buffer | number | null> = [];
    for (const f of formats) {
      const v = this.readOne(f);
      out.push(v);
      if (v === null) break;
    }
    return out;
  }

  private readOne(format: ReadFormat): Buffer | number | null {
    if (typeof format === 'number') return this.readCount(format);
    switch (format) {
      case 'a':
        return this.readAll();
      case 'l':
        return this.readLine(false);
      case 'L':
        return this.readLine(true);
      case 'n':
        return this.readNumber();
    }
  }

  /** Make sure the buffer holds data at `pos`; false at end of file. */
  private fill(): boolean {
    const offset = this.pos - this.bufStart;
    if (offset >= 0 && offset < this.buf.length) return true;
    const chunk = Buffer.allocUnsafe(CHUNK);
    const n = fs.readSync(this.fd, chunk, 0, CHUNK, this.pos);
    this.buf = chunk.subarray(0, n);
    this.bufStart = this.pos;
    return n > 0;
  }

  private readCount(count: number): Buffer | null {
    if (count <= 0) return this.fill() ? Buffer.alloc(0) : null;
    const parts: Buffer[] = [];
    let need = count;
    while (need > 0 && this.fill()) {
      const offset = this.pos - this.bufStart;
      const take = this.buf.subarray(offset, offset + need);
      parts.push(take);
      this.pos += take.length;
      need -= take.length;
    }
    return parts.length ? Buffer.concat(parts) : null;
  }

  private readAll(): Buffer {
    const parts: Buffer[] = [];
    while (this.fill()) {
      const offset = this.pos - this.bufStart;
      parts.push(this.buf.subarray(offset));
      this.pos += this.buf.length - offset;
    }
    return Buffer.concat(parts);
  }

  private readLine(keepNewline: boolean): Buffer | null {
    const parts: Buffer[] = [];
    let any = false;
    while (this.fill()) {
      any = true;
      const offset = this.pos - this.bufStart;
      const nl = this.buf.indexOf(10, offset);
      if (nl >= 0) {
        parts.push(this.buf.subarray(offset, keepNewline ? nl + 1 : nl));
        this.pos += nl + 1 - offset;
        return Buffer.concat(parts);
      }
      parts.push(this.buf.subarray(offset));
      this.pos += this.buf.length - offset;
    }
    return any ? Buffer.concat(parts) : null;
  }

  /** A Lua numeral after optional whitespace; null (and nothing consumed past it) when there is none. */
  private readNumber(): number | null {
    while (this.fill()) {
      const offset = this.pos - this.bufStart;
      const ws = /^[ \t\n\r\f\v]*/.exec(this.buf.subarray(offset, offset + 200).toString('latin1'))![0].length;
      this.pos += ws;
      if (offset + ws < this.buf.length) break;
    }
    if (!this.fill()) return null;
    const offset = this.pos - this.bufStart;
    const text = this.buf.subarray(offset, offset + 200).toString('latin1');
    const m = /^[+-]?(0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(text);
    if (!m) return null;
    this.pos += m[0].length;
    return parseLuaNumeral(m[0]);
  }

  write(chunks: Uint8Array[]): void {
    if (!this.writable) throw new FileOpError('Bad file descriptor', 9);
    for (const chunk of chunks) {
      const at = this.append ? null : this.pos;
      const n = fs.writeSync(this.fd, chunk, 0, chunk.length, at);
      this.pos = this.append ? fs.fstatSync(this.fd).size : this.pos + n;
    }
    this.buf = Buffer.alloc(0);
  }

  seek(whence: 'set' | 'cur' | 'end', offset: number): number {
    const base = whence === 'set' ? 0 : whence === 'cur' ? this.pos : fs.fstatSync(this.fd).size;
    const next = base + offset;
    if (next < 0) throw new FileOpError('Invalid argument', 22);
    this.pos = next;
    return next;
  }
}

function parseLuaNumeral(text: string): number | null {
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.replace(/^[+-]/, '');
  if (/^0[xX]/.test(body)) {
    const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/.exec(body);
    if (!m) return null;
    const int = m[1] ? parseInt(m[1], 16) : 0;
    const frac = m[2] ? parseInt(m[2], 16) / 16 ** m[2].length : 0;
    const exp = m[3] ? Number(m[3]) : 0;
    return sign * (int + frac) * 2 ** exp;
  }
  const n = Number(body);
  return Number.isNaN(n) ? null : sign * n;
}
