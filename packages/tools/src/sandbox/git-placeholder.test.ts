/**
 * A .git that did not exist when a call started cannot be made during it,
 * with real bubblewrap: `git init` and `mkdir .git` fail, a hook planted
 * that way is never there for the user's next `git commit`, a background
 * job that tries later fails too, and the empty directory that held the
 * place is gone once the sandbox is (but not a repository the user made
 * there meanwhile), shared with another lug in the same project, and swept
 * after a lug killed with SIGKILL.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProcess, spawnProcess } from '../process/run-process.js';
import { isPlaceholder } from './placeholder-mark.js';
import { buildPolicy } from './sandbox-policy.js';
import { seatbeltProfile } from './seatbelt-profile.js';
import { bwrapSuite, onLinux, sandboxFixture, until } from './sandbox-test-support.js';

const PLANT = `git init -q && printf '#!/bin/sh\\ntouch pwned\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`;
/** A call's shell waits (up to 20 s) until the test writes `go` in the project. */
const WAIT_FOR_GO = 'i=0; while [ ! -e go ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done';
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe.runIf(onLinux)('a .git made during a sandboxed call', () => {
  const fx = bwrapSuite();
  let n = 0;
  /** A project without .git, and its workspace policy. */
  const fresh = () => {
    const project = path.join(fx.root, `fresh-${++n}`);
    mkdirSync(project);
    return { project, policy: buildPolicy({ mode: 'workspace', network: false, projectRoot: project, configDir: fx.config, tempDir: fx.temp }) };
  };

  it('cannot be made: git init fails, the note names .git, and the user\'s next git commit runs no planted hook', async () => {
    const { project, policy } = fresh();
    const r = await runProcess({ shell: PLANT }, { cwd: project, sandbox: policy });
    expect(r.code).not.toBe(0);
    expect(r.sandbox?.blocked).toEqual([expect.stringMatching(/^blocked by the sandbox: the project's \.git .* is read-only/)]);
    expect(await until(() => !existsSync(path.join(project, '.git')))).toBe(true);
    git(project, 'init', '-q');
    writeFileSync(path.join(project, 'a.txt'), 'a\n');
    git(project, 'add', 'a.txt');
    git(project, 'commit', '-q', '-m', 'first');
    expect(existsSync(path.join(project, 'pwned'))).toBe(false);
    expect(git(project, 'log', '--format=%s')).toBe('first\n');
  });

  it('cannot be made by mkdir, nor written as a file', async () => {
    const { project, policy } = fresh();
    const mkdir = await runProcess({ shell: 'mkdir .git && echo "[core]" > .git/config' }, { cwd: project, sandbox: policy });
    expect(mkdir.code).not.toBe(0);
    const file = await runProcess({ shell: 'rmdir .git || mv .git gone || echo "gitdir: /tmp" > .git' }, { cwd: project, sandbox: policy });
    expect(file.code).not.toBe(0);
    expect(await until(() => !existsSync(path.join(project, '.git')))).toBe(true);
    expect(readdirSync(project)).toEqual([]);
  });

  it('stays held while a background job of the call runs, which cannot plant it later either', async () => {
    const { project, policy } = fresh();
    const r = await runProcess({ shell: `(sleep 1; ${PLANT}; echo $? > status) > /dev/null 2>&1 & echo started` }, { cwd: project, sandbox: policy });
    expect(r.stdout).toBe('started\n');
    expect(isPlaceholder(path.join(project, '.git'))).toBe(true);
    expect(await until(() => existsSync(path.join(project, 'status')), 10_000)).toBe(true);
    expect(await until(() => !existsSync(path.join(project, '.git')), 10_000)).toBe(true);
    expect(existsSync(path.join(project, 'pwned'))).toBe(false);
  });

  it('is held until the last of two calls at once ends', async () => {
    const { project, policy } = fresh();
    // The long call waits for the test's word, not a fixed second a loaded machine can overrun.
    const long = spawnProcess({ shell: `${WAIT_FOR_GO}; git init -q; echo $?` }, { cwd: project, sandbox: policy });
    await runProcess({ shell: 'true' }, { cwd: project, sandbox: policy });
    expect(existsSync(path.join(project, '.git'))).toBe(true);
    writeFileSync(path.join(project, 'go'), '');
    const r = await long.wait();
    expect(r.stdout).not.toBe('0\n');
    expect(await until(() => !existsSync(path.join(project, '.git')))).toBe(true);
  });

  it("keeps a repository the user made there on the host while the call ran", async () => {
    const { project, policy } = fresh();
    const call = spawnProcess({ shell: WAIT_FOR_GO }, { cwd: project, sandbox: policy });
    git(project, 'init', '-q');
    writeFileSync(path.join(project, 'go'), '');
    await call.wait();
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(path.join(project, '.git/HEAD'))).toBe(true);
    expect(readdirSync(path.join(project, '.git')).filter((f) => f.startsWith('lug-sandbox-hold.'))).toEqual([]);
  });
});

describe.runIf(onLinux)('the placeholder of a lug that dies', () => {
  const fx = bwrapSuite();
  const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
  const notes = () => path.join(fx.root, 'notes');

  /** A lug-like process with a sandboxed call running in `project`; resolves once the placeholder stands. */
  async function lugWithCall(project: string) {
    const script = `
      const { configureLeftovers, installExitCleanup, buildPolicy, runProcess } = await import(${JSON.stringify(dist)});
      configureLeftovers({ dir: ${JSON.stringify(notes())} });
      installExitCleanup();
      const policy = buildPolicy({ mode: 'workspace', network: false, projectRoot: ${JSON.stringify(project)}, configDir: ${JSON.stringify(fx.config)}, tempDir: ${JSON.stringify(fx.temp)} });
      await runProcess({ shell: 'sleep 60' }, { cwd: ${JSON.stringify(project)}, sandbox: policy, timeoutSecs: 0 });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Held once its hold file is in it: the placeholder directory appears a moment before the file.
    expect(await until(() => existsSync(path.join(project, '.git')) && readdirSync(path.join(project, '.git')).some((name) => name.startsWith('lug-sandbox-hold.')), 10_000)).toBe(true);
    return { child, exited };
  }

  it('is shared with another lug in the same project: its exit leaves it standing for our call', async () => {
    const project = path.join(fx.root, 'two-lugs');
    mkdirSync(project);
    const other = await lugWithCall(project);
    const policy = buildPolicy({ mode: 'workspace', network: false, projectRoot: project, configDir: fx.config, tempDir: fx.temp });
    expect(policy.protected[0]).toMatchObject({ placeholder: true });
    const ours = spawnProcess({ shell: 'sleep 1; git init -q; echo $?' }, { cwd: project, sandbox: policy });
    expect(readdirSync(path.join(project, '.git'))).toHaveLength(2);
    other.child.kill('SIGTERM');
    await other.exited;
    expect(readdirSync(path.join(project, '.git'))).toHaveLength(1);
    expect((await ours.wait()).stdout).not.toBe('0\n');
    expect(await until(() => !existsSync(path.join(project, '.git')))).toBe(true);
  });

  it('is removed when lug exits on a signal it can catch', async () => {
    const project = path.join(fx.root, 'dies-term');
    mkdirSync(project);
    const lug = await lugWithCall(project);
    lug.child.kill('SIGTERM');
    await lug.exited;
    expect(existsSync(path.join(project, '.git'))).toBe(false);
  });

  it('is removed by the next start after a SIGKILL, when nothing else is in it', async () => {
    const project = path.join(fx.root, 'dies-kill');
    mkdirSync(project);
    const lug = await lugWithCall(project);
    lug.child.kill('SIGKILL');
    await lug.exited;
    expect(readdirSync(path.join(project, '.git'))).toEqual([expect.stringMatching(/^lug-sandbox-hold\.\d+\.\d+$/)]);
    const sweep = `const { configureLeftovers, sweepLeftovers } = await import(${JSON.stringify(dist)});
      configureLeftovers({ dir: ${JSON.stringify(notes())} });
      await sweepLeftovers({ graceMs: 200 });`;
    const next = spawnSync(process.execPath, ['--input-type=module', '-e', sweep], { encoding: 'utf8', timeout: 20_000 });
    expect(next.stderr).toBe('');
    expect(existsSync(path.join(project, '.git'))).toBe(false);
  });
});

describe('the policy of a project without .git', () => {
  it('protects .git before it exists: bwrap gets a placeholder, Seatbelt a rule for the path', () => {
    const fx = sandboxFixture();
    try {
      const project = path.join(fx.root, 'no-git');
      mkdirSync(project);
      const policy = buildPolicy({ mode: 'workspace', network: false, projectRoot: project, configDir: fx.config, tempDir: fx.temp });
      expect(policy.protected).toEqual([{ path: path.join(project, '.git'), what: "the project's .git", placeholder: true }]);
      expect(seatbeltProfile(policy)).toContain(`(deny file-write* (subpath "${path.join(project, '.git')}") (regex `);
      expect(buildPolicy({ mode: 'workspace', network: false, projectRoot: fx.project, configDir: fx.config, tempDir: fx.temp }).protected[0]).not.toHaveProperty('placeholder');
    } finally {
      fx.remove();
    }
  });
});
