/**
 * modelProcesses(host): every process it starts gets the host's sandbox
 * policy of that moment, and a caller cannot hand it a looser one. Real
 * bubblewrap, real processes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelProcesses } from './model-processes.js';
import type { SandboxMode } from './sandbox-options.js';
import type { SandboxSource } from './sandbox-policy.js';
import { bwrapSuite, onLinux } from './sandbox-test-support.js';

describe.runIf(onLinux)('modelProcesses', () => {
  const fx = bwrapSuite();

  function host(mode: SandboxMode): SandboxSource & { mode: SandboxMode } {
    const source = {
      mode,
      cwd: fx.project,
      env: { XDG_CONFIG_HOME: path.dirname(fx.config) },
      options: { has: (name: string) => name === 'sandbox' || name === 'sandbox_network', get: <T>(name: string) => (name === 'sandbox' ? source.mode : false) as T },
    };
    return source;
  }

  it('runs and spawns inside the sandbox the host asks for, reading it at each start', async () => {
    const h = host('workspace');
    const processes = modelProcesses(h);
    const target = path.join(fx.outside, 'run.txt');
    const run = await processes.run({ shell: `echo no > ${target}` }, { cwd: fx.project });
    expect(run.sandbox?.blocked[0]).toMatch(/^blocked by the sandbox: write outside the project/);
    const spawned = await processes.spawn(['sh', '-c', `echo no > ${target}`], { cwd: fx.project }).wait();
    expect(spawned.sandbox?.blocked[0]).toMatch(/^blocked by the sandbox: write outside the project/);
    expect(existsSync(target)).toBe(false);
    h.mode = 'off';
    expect(processes.policy()).toBeNull();
    const off = await processes.run({ shell: `echo yes > ${target}` }, { cwd: fx.project });
    expect(off.code).toBe(0);
    expect(existsSync(target)).toBe(true);
  });

  it("replaces a caller's own sandbox option with the host's policy, never loosening it", async () => {
    const target = path.join(fx.outside, 'loosened.txt');
    const opts = { cwd: fx.project, sandbox: null } as Parameters<ReturnType<typeof modelProcesses>['run']>[1];
    const r = await modelProcesses(host('read-only')).run({ shell: `echo no > ${target}` }, opts);
    expect(r.sandbox?.mode).toBe('read-only');
    expect(existsSync(target)).toBe(false);
  });
});
