import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packageBuild } from '../../tsup.package';
import { build, type Plugin } from 'esbuild';

/**
 * fengari requires two packages at load that lug never uses: `tmp` (os.tmpname,
 * which lug provides itself) and `readline-sync` (debug.debug, which cannot
 * work under lug's interface). Replacing them keeps them off the start-up path.
 */
const stubUnused: Plugin = {
  name: 'stub-unused-fengari-deps',
  setup(b) {
    b.onResolve({ filter: /^(tmp|readline-sync)$/ }, (args) => ({ path: args.path, namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({
      contents:
        args.path === 'tmp'
          ? 'module.exports = { tmpNameSync() { throw new Error("os.tmpname is provided by lug"); } };'
          : 'module.exports = { setDefaultOptions() {}, prompt() { throw new Error("debug.debug is not available in lug"); } };',
      loader: 'js',
    }));
  },
};

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
      plugins: [stubUnused],
      logLevel: 'warning',
    });
    // The stock runtime and lug.docs ship inside the package.
    rmSync('dist/lua', { recursive: true, force: true });
    cpSync('../../lua', 'dist/lua', { recursive: true });
  },
});
