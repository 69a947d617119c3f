import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packageBuild } from '../../tsup.package';
import { build } from 'esbuild';
import { FENGARI_CONF } from './src/fengari-config';
import { keepStacksArrays, stripAsserts } from './src/fengari-bundle-passes';
import { fengariPatches } from './src/fengari-patches';

export default packageBuild({
  async onSuccess() {
    // fengari as one file: loading ~40 modules one by one is a large part of its start-up cost.
    await build({
      entryPoints: [createRequire(import.meta.url).resolve('fengari')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile: 'dist/fengari.cjs',
      plugins: fengariPatches,
      // fengari reads its configuration from FENGARICONF once, at load (luaconf.js): baked in here instead.
      define: { 'process.env.FENGARICONF': JSON.stringify(JSON.stringify(FENGARI_CONF)) },
      logLevel: 'warning',
    });
    keepStacksArrays('dist/fengari.cjs');
    stripAsserts('dist/fengari.cjs');
    // The stock runtime and lug.docs ship inside the package.
    rmSync('dist/lua', { recursive: true, force: true });
    cpSync('../../lua', 'dist/lua', { recursive: true });
    // And compiled, so that a start with no compiled Lua of its own parses none of it (src/compile-chunks.ts).
    const compile = spawnSync(process.execPath, ['scripts/compile-stock-lua.mjs'], { stdio: 'inherit' });
    if (compile.status !== 0) throw new Error(`compiling the stock Lua failed (exit ${compile.status})`);
  },
});
