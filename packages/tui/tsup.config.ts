import { defineConfig } from 'tsup';

export default defineConfig({
  // `options` is its own entry so the CLI can define lug.opt.statusline before
  // init.lua runs (headless too) without loading ink.
  entry: ['src/index.ts', 'src/options.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  removeNodeProtocol: false,
});
