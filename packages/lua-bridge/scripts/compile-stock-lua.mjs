#!/usr/bin/env node
// Run by the build (tsup.config.ts) once dist/ is written: the prelude and the
// stock Lua in dist/lua compiled into dist/lua/compiled/ (src/compile-chunks.ts).
import { compileStockLua } from '../dist/index.js';

const failed = compileStockLua();
if (failed.length) {
  console.error(`compile-stock-lua: ${failed.join(', ')} did not compile`);
  process.exit(1);
}
