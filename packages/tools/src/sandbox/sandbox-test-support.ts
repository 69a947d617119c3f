/**
 * What the sandbox's tests share: a project in a temp directory (a git
 * repository, a sibling directory outside it, a config dir), the policy for
 * it, and the check that bubblewrap is here, failing with what to install
 * when it is not (on macOS the Seatbelt end-to-end test runs instead).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { killAllProcesses } from '../process/exit-cleanup.js';
import { buildPolicy, type SandboxPolicy } from './sandbox-policy.js';
import { locateBwrap } from './sandbox-launcher.js';
import type { SandboxMode } from './sandbox-options.js';

export const onLinux = process.platform === 'linux';

/** Fails, saying what to do, where the bubblewrap tests must run and cannot. */
export function requireBwrap(): void {
  if (!locateBwrap()) throw new Error('the sandbox tests need bubblewrap: install it (apt-get install bubblewrap; .ci/run does), then run them again');
}

export interface SandboxFixture {
  root: string;
  project: string;
  outside: string;
  config: string;
  temp: string;
  policy(mode?: Exclude<SandboxMode, 'off'>, opts?: { network?: boolean; configDir?: string }): SandboxPolicy;
  remove(): void;
}

export function sandboxFixture(): SandboxFixture {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-sandbox-test-')));
  const project = path.join(root, 'project');
  const outside = path.join(root, 'outside');
  const config = path.join(root, 'config', 'lug');
  const temp = path.join(root, 'tmp');
  for (const d of [project, outside, config, temp]) mkdirSync(d, { recursive: true });
  execFileSync('git', ['init', '-q', project]);
  return {
    root,
    project,
    outside,
    config,
    temp,
    policy: (mode = 'workspace', opts = {}) =>
      buildPolicy({ mode, network: opts.network ?? false, projectRoot: project, configDir: opts.configDir ?? config, tempDir: temp }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * The fixture of a describe block that runs real bubblewrap: made before its
 * tests (failing, saying what to install, where bwrap is missing), removed
 * after them, and every process the tests started killed after each one.
 */
export function bwrapSuite(): SandboxFixture {
  const fx = {} as SandboxFixture;
  beforeAll(() => {
    requireBwrap();
    Object.assign(fx, sandboxFixture());
  });
  afterAll(() => fx.remove?.());
  afterEach(async () => {
    await killAllProcesses({ graceMs: 200 });
  });
  return fx;
}

export async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}
