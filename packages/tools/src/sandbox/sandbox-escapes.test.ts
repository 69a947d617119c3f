/**
 * A hostile command against the read-only mounts themselves, with real
 * bubblewrap: taking them away (umount, a remount read-write: possible with
 * the capabilities bwrap keeps for root unless told to drop them), renaming
 * the directory above one so that its path is free again, and lug's state
 * directory (sessions, approvals.log, the checkpoints' shadow repositories,
 * whose config lug's unsandboxed git reads) when the project holds it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../process/run-process.js';
import { buildPolicy } from './sandbox-policy.js';
import { bwrapSuite, onLinux } from './sandbox-test-support.js';

describe.runIf(onLinux)('the bubblewrap sandbox against a command that attacks its mounts', () => {
  const fx = bwrapSuite();

  it('cannot unmount or remount read-write what is read-only, as root too', async () => {
    writeFileSync(path.join(fx.config, 'init.lua'), '-- the user\'s\n');
    const hook = path.join(fx.project, '.git/hooks/pre-commit');
    const escaped = path.join(fx.outside, 'escaped');
    const attack = [
      `umount ${fx.project}/.git; umount ${fx.config}`,
      'mount -o remount,rw,bind /; mount -o remount,rw /',
      `echo pwned > ${hook}; echo pwned > ${escaped}; echo pwned > ${fx.config}/init.lua`,
    ].join('; ');
    await runProcess({ shell: `(${attack}) 2>/dev/null` }, { cwd: fx.project, sandbox: fx.policy('workspace'), timeoutSecs: 30 });
    expect(existsSync(hook)).toBe(false);
    expect(existsSync(escaped)).toBe(false);
    expect(readFileSync(path.join(fx.config, 'init.lua'), 'utf8')).toBe('-- the user\'s\n');
  });

  it("cannot free the path of lug's configuration by renaming the directory above it", async () => {
    const home = path.join(fx.project, 'home-rename');
    const config = path.join(home, '.config/lug');
    mkdirSync(config, { recursive: true });
    const policy = fx.policy('workspace', { configDir: config });
    const attack = `mv home-rename/.config home-rename/moved && mkdir -p home-rename/.config/lug && echo 'os.execute("pwned")' > home-rename/.config/lug/init.lua`;
    await runProcess({ shell: `(${attack}) 2>/dev/null` }, { cwd: fx.project, sandbox: policy, timeoutSecs: 30 });
    expect(existsSync(path.join(config, 'init.lua'))).toBe(false);
    expect(existsSync(path.join(home, 'moved'))).toBe(false);
  });

  it("keeps lug's state directory read-only when the project holds it", async () => {
    const state = path.join(fx.project, 'home-state/.local/state/lug');
    const shadowConfig = path.join(state, 'checkpoints/p-0123/config');
    mkdirSync(path.dirname(shadowConfig), { recursive: true });
    writeFileSync(shadowConfig, '[core]\n');
    writeFileSync(path.join(state, 'approvals.log'), '');
    const policy = buildPolicy({ mode: 'workspace', network: false, projectRoot: fx.project, configDir: fx.config, tempDir: fx.temp, stateDir: state });
    const attack = `printf '[core]\\n\\tfsmonitor = touch pwned\\n' >> ${shadowConfig}; echo '{"allow":"*"}' >> ${state}/approvals.log; mv home-state/.local home-state/moved`;
    const r = await runProcess({ shell: attack }, { cwd: fx.project, sandbox: policy, timeoutSecs: 30 });
    expect(readFileSync(shadowConfig, 'utf8')).toBe('[core]\n');
    expect(readFileSync(path.join(state, 'approvals.log'), 'utf8')).toBe('');
    expect(r.sandbox?.blocked[0]).toMatch(/^blocked by the sandbox: lug's state directory/);
  });
});
