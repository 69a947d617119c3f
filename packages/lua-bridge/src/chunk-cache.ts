/**
 * Compiled Lua chunks, kept so a file is parsed once. fengari's parser is the
 * largest part of loading a state (a 200-line init.lua: several ms warm, far
 * more cold), while loading its dumped bytecode is about ten times cheaper.
 * Entries are keyed by a hash of the chunk name and the exact source, so an
 * edited file is compiled again. In memory by default (a second state in the
 * same process); with `dir`, also on disk, for the next process.
 *
 * Beside the cache it writes, it may read one it never writes (`shipped`):
 * the stock Lua (the prelude, basic.lug, the workflows) compiled when lug
 * was built (compile-chunks.ts), so that a first start, or a start with a
 * new $XDG_CACHE_HOME, parses none of it (`lug -p`: ~20 ms of a cold start).
 * Its keys name the files where the build put them; a package moved after
 * its build finds none there, and compiles its stock Lua once into `dir`.
 *
 * Dumping bytecode costs time too (fengari allocates for every instruction),
 * so the first state does not pay for it while it starts: a compiled chunk is
 * dumped once the process is idle (setImmediate), or at once when another
 * state asks for the same chunk before that.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LuaVM } from './lua-vm.js';
import type { LuaFunctionRef } from './lua-values.js';

/** Part of every key: bytecode is only valid for the fengari that wrote it. */
const FORMAT = 'fengari-0.1.5-lua5.3-1';
const MAX_MEMORY_ENTRIES = 256;

let shared: ChunkCache | undefined;

export class ChunkCache {
  private memory = new Map<string, Uint8Array>();
  /** Compiled, not yet dumped: the function, kept alive until it is. */
  private pending = new Map<string, { vm: LuaVM; fn: LuaFunctionRef }>();
  private flushScheduled = false;
  /** How many loads were served from bytecode, and how many compiled source. */
  readonly stats = { hits: 0, misses: 0 };

  /**
   * `dir`: where compiled chunks are also written (created 0700), e.g. $XDG_CACHE_HOME/lug/lua.
   * `shipped`: chunks compiled at build time, read after `dir`, never written (stockChunkDir).
   */
  constructor(private readonly opts: { dir?: string; shipped?: string } = {}) {}

  /** Where compiled chunks are kept on disk, if anywhere. */
  get dir(): string | undefined {
    return this.opts.dir;
  }

  /** The in-memory cache every runtime of this process shares unless given another. */
  static shared(): ChunkCache {
    return (shared ??= new ChunkCache());
  }

  load(vm: LuaVM, source: Uint8Array, chunkName: string): LuaFunctionRef {
    const key = createHash('sha1').update(FORMAT).update('\0').update(chunkName).update('\0').update(source).digest('hex');
    if (this.pending.has(key)) this.flush(key);
    const cached = this.memory.get(key) ?? this.readDisk(key);
    if (cached) {
      try {
        const fn = vm.load(cached, chunkName, 'binary');
        this.stats.hits++;
        return fn;
      } catch {
        this.memory.delete(key); // a damaged entry: compile from source below
      }
    }
    const fn = vm.load(source, chunkName, 'text');
    this.stats.misses++;
    this.pending.set(key, { vm, fn: vm.retain(fn) });
    this.scheduleFlush();
    return fn;
  }

  /** Dump every chunk compiled since the last flush (tests and benchmarks call it to be deterministic). */
  flushAll(): void {
    for (const key of [...this.pending.keys()]) this.flush(key);
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flushAll();
    });
  }

  private flush(key: string): void {
    const entry = this.pending.get(key);
    if (!entry) return;
    this.pending.delete(key);
    try {
      const bytecode = entry.vm.dump(entry.fn);
      this.remember(key, bytecode);
      this.writeDisk(key, bytecode);
    } catch {
      // not cached: the next load compiles again
    } finally {
      entry.fn.release();
    }
  }

  private remember(key: string, bytecode: Uint8Array): void {
    if (this.memory.size >= MAX_MEMORY_ENTRIES) this.memory.delete(this.memory.keys().next().value!);
    this.memory.set(key, bytecode);
  }

  private readDisk(key: string): Uint8Array | undefined {
    for (const dir of [this.opts.dir, this.opts.shipped]) {
      if (!dir) continue;
      try {
        const bytes = fs.readFileSync(path.join(dir, `${key}.luac`));
        this.remember(key, bytes);
        return bytes;
      } catch {
        // not there: the next place, or compiled from source
      }
    }
    return undefined;
  }

  private writeDisk(key: string, bytecode: Uint8Array): void {
    if (!this.opts.dir) return;
    try {
      fs.mkdirSync(this.opts.dir, { recursive: true, mode: 0o700 });
      const file = path.join(this.opts.dir, `${key}.luac`);
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, bytecode, { mode: 0o600 });
      fs.renameSync(tmp, file);
    } catch {
      // a cache that cannot be written only costs time
    }
  }
}
