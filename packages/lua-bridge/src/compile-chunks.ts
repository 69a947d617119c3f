/**
 * The stock Lua compiled when lug is built: the prelude every state runs,
 * basic.lug and the workflows, each dumped under the key ChunkCache asks for
 * when a start loads it (the prelude's name; `@` and the file's path), into
 * `compiled/` beside them. A start reads them there (ChunkCache's `shipped`)
 * when its own cache has none: the first start after an install, or one with
 * a new $XDG_CACHE_HOME, parses no stock Lua (the parser is most of a cold
 * Lua start: `lug -p` reached its first request ~20 ms later with no
 * compiled Lua at hand).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ChunkCache } from './chunk-cache.js';
import { LuaVM } from './lua-vm.js';
import { defaultRuntimePath } from './runtime-files.js';
import { loadPrelude } from './stdlib/open.js';

/** Where the stock Lua of the runtime at `runtimePath` is kept compiled. */
export function stockChunkDir(runtimePath: string = defaultRuntimePath()): string {
  return path.join(path.dirname(runtimePath), 'compiled');
}

/** The Lua a start runs from `luaDir`: its `.lug` and `.lua` files, and those of its subdirectories but `docs/` (lug.docs reads those as text). */
export function stockLuaFiles(luaDir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(luaDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(luaDir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'docs') files.push(...stockLuaFiles(file));
    } else if (/\.(lua|lug)$/.test(entry.name)) files.push(file);
  }
  return files;
}

/**
 * Compile the prelude and the stock Lua of the runtime at `runtimePath` into
 * stockChunkDir, readable by everyone (the package may be installed by one
 * user and run by another). Returns the files that did not compile (a syntax
 * error, which the start that loads the file reports).
 */
export function compileStockLua(runtimePath: string = defaultRuntimePath()): string[] {
  const vm = new LuaVM();
  const outDir = stockChunkDir(runtimePath);
  const cache = new ChunkCache({ dir: outDir });
  loadPrelude(vm, cache).release();
  const failed: string[] = [];
  for (const file of stockLuaFiles(path.dirname(runtimePath))) {
    try {
      cache.load(vm, fs.readFileSync(file), `@${file}`).release();
    } catch {
      failed.push(file);
    }
  }
  cache.flushAll();
  vm.close();
  fs.chmodSync(outDir, 0o755);
  for (const name of fs.readdirSync(outDir)) fs.chmodSync(path.join(outDir, name), 0o644);
  return failed;
}
