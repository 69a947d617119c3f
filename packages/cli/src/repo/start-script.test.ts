/** `npm start` (tools/start.mjs): builds what lug needs and starts it here, passing the arguments on. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('npm start', () => {
  it('builds (from the cache, after the test build) and prints the version for `npm start -- --version`', () => {
    const r = spawnSync(process.execPath, ['tools/start.mjs', '--version'], {
      cwd: ROOT,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.stderr).not.toMatch(/failed|cannot find|error/i);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(r.status).toBe(0);
  }, 130_000);
});
