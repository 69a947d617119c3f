/**
 * lug's configuration and state directories, where they lie inside the
 * project and do not exist yet, cannot be made during a sandboxed call
 * (real bubblewrap): an `init.lua` planted there would run with the user's
 * full rights at the next start. Only lug's own directory is held (its
 * missing parents are made, stay writable during the call and go again when
 * empty); a symlink on the way is followed; where the place cannot be held,
 * the command does not run.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../process/run-process.js';
import { SandboxError } from './sandbox-launcher.js';
import { buildPolicy } from './sandbox-policy.js';
import { bwrapSuite, onLinux, until } from './sandbox-test-support.js';

const PLANT = (dir: string) => `mkdir -p ${dir} && echo 'io.open("/tmp/x", "w")' > ${dir}/init.lua`;

describe.runIf(onLinux)("lug's own directories inside the project, not made yet", () => {
  const fx = bwrapSuite();
  let n = 0;
  /** A project of its own (no .git: git init in the fixture is not what is tested), lug's directories under `home` in it. */
  const fresh = (configDir: (project: string) => string, stateDir?: (project: string) => string) => {
    const project = path.join(fx.root, `own-${++n}`);
    mkdirSync(project);
    const policy = buildPolicy({
      mode: 'workspace',
      network: false,
      projectRoot: project,
      configDir: configDir(project),
      stateDir: stateDir?.(project),
      tempDir: fx.temp,
    });
    return { project, policy };
  };

  it('cannot make the configuration directory, its parents stay writable, and nothing of it is left', async () => {
    const { project, policy } = fresh((p) => path.join(p, 'home', '.config', 'lug'));
    const config = path.join(project, 'home', '.config', 'lug');
    const r = await runProcess({ shell: PLANT(config) }, { cwd: project, sandbox: policy });
    expect(r.code).not.toBe(0);
    expect(r.sandbox?.blocked).toEqual([expect.stringMatching(/^blocked by the sandbox: lug's configuration directory .* is read-only/)]);
    const other = await runProcess({ shell: 'mkdir -p home/.config/other && echo ok > home/.config/other/x && mv home/.config/other home/.config/moved && echo done' }, { cwd: project, sandbox: policy });
    expect(other.stdout).toBe('done\n');
    expect(await until(() => !existsSync(config))).toBe(true);
    expect(readdirSync(path.join(project, 'home', '.config'))).toEqual(['moved']);
  });

  it('removes the parents it made once nothing is in them', async () => {
    const { project, policy } = fresh((p) => path.join(p, 'home', '.config', 'lug'));
    const r = await runProcess({ shell: `ls -d home/.config/lug && ${PLANT('home/.config/lug')}` }, { cwd: project, sandbox: policy });
    expect(r.stdout).toBe('home/.config/lug\n');
    expect(r.code).not.toBe(0);
    expect(await until(() => readdirSync(project).length === 0)).toBe(true);
  });

  it("cannot make the state directory either (the checkpoints' git config, the MCP trust)", async () => {
    const { project, policy } = fresh(
      () => path.join(fx.root, 'elsewhere', 'lug'),
      (p) => path.join(p, '.local', 'state', 'lug'),
    );
    const r = await runProcess({ shell: 'mkdir -p .local/state/lug/checkpoints && echo forged > .local/state/lug/checkpoints/config' }, { cwd: project, sandbox: policy });
    expect(r.code).not.toBe(0);
    expect(r.sandbox?.blocked).toEqual([expect.stringMatching(/^blocked by the sandbox: lug's state directory .* is read-only/)]);
    expect(await until(() => readdirSync(project).length === 0)).toBe(true);
  });

  it('is held where a symlink on the way leads into the project', async () => {
    const link = path.join(fx.root, `xdg-link-${n + 1}`);
    const { project, policy } = fresh((p) => {
      mkdirSync(path.join(p, 'cfg'));
      symlinkSync(path.join(p, 'cfg'), link);
      return path.join(link, 'lug');
    });
    const r = await runProcess({ shell: PLANT(path.join(link, 'lug')) }, { cwd: project, sandbox: policy });
    expect(r.code).not.toBe(0);
    expect(existsSync(path.join(project, 'cfg', 'lug', 'init.lua'))).toBe(false);
    expect(await until(() => readdirSync(path.join(project, 'cfg')).length === 0)).toBe(true);
  });

  it('does not run the command where the place cannot be held (fails closed, saying why)', async () => {
    // A file where a parent must be: the command could remove it and make lug's directory, so it must not run.
    const { project, policy } = fresh((p) => {
      writeFileSync(path.join(p, 'home'), '');
      return path.join(p, 'home', '.config', 'lug');
    });
    const run = runProcess({ shell: 'touch ran' }, { cwd: project, sandbox: policy });
    await expect(run).rejects.toThrow(SandboxError);
    await expect(run).rejects.toThrow(/^the sandbox cannot protect lug's configuration directory: .*home\/\.config\/lug does not exist.*mkdir -p/);
    expect(existsSync(path.join(project, 'ran'))).toBe(false);
    expect(readdirSync(project)).toEqual(['home']);
  });
});
