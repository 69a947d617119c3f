/**
 * What a start loads before its first request leaves `node:child_process` for
 * the first process lug starts (@lug/core's childProcess(), and fengari's
 * os.execute patched in packages/lua-bridge/tsup.config.ts): the packages and
 * the fengari bundle, loaded in a fresh node, have not loaded it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cliDir = fileURLToPath(new URL('..', import.meta.url));
const fengari = fileURLToPath(new URL('../../lua-bridge/dist/fengari.cjs', import.meta.url));

describe('node:child_process at start-up', () => {
  it('is not loaded by @lug/core, @lug/tools, @lug/checkpoints or the fengari bundle', () => {
    const script = `
      await import('@lug/core'); await import('@lug/tools'); await import('@lug/checkpoints');
      (await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(fengari)});
      const loaded = process.moduleLoadList.filter((m) => m.includes('child_process'));
      (await import('@lug/core')).childProcess();
      const after = process.moduleLoadList.filter((m) => m.includes('child_process'));
      console.log(JSON.stringify({ loaded, after: after.length > 0 }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: cliDir, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ loaded: [], after: true });
  });
});
