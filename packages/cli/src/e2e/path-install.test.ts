/**
 * The README's way to put `lug` on PATH from a clone, run as written (into a
 * temporary prefix instead of npm's global one), then lug used from another
 * project the way a user would: found on PATH, not through npm or npx.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { REPO_ROOT } from './pack-install.js';
import { lugEnv, sandbox, type LugRun } from './run-lug.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The README's install command: the `npm install -g` line of its first shell block after the two commands. */
function readmeInstallCommand(): string[] {
  const line = README.split('\n').find((l) => /^npm install -g \.\/packages\/cli\b/.test(l));
  if (!line) throw new Error('the README has no line starting with "npm install -g ./packages/cli"');
  return line.replace(/#.*$/, '').trim().split(/\s+/);
}

/** Runs a command found on PATH (no shell), as a user's shell would. */
function runOnPath(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, stdin = ''): Promise<LugRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

describe('lug on PATH from a clone, as the README says', () => {
  const prefix = mkdtempSync(join(tmpdir(), 'lug-prefix-'));
  const bin = join(prefix, 'bin');
  // Only the prefix's bin, node's own directory and the system's: no other lug can be found.
  const PATH = [bin, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter);
  let server: ScriptedServer | undefined;

  beforeAll(() => {
    const [npm, ...args] = readmeInstallCommand();
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
    // The README's command as written; only npm's global prefix is a temporary one.
    const r = spawnSync(npm!, args, {
      cwd: REPO_ROOT,
      env: { ...env, npm_config_prefix: prefix, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (r.status !== 0) throw new Error(`${npm} ${args.join(' ')} failed (exit ${r.status ?? r.signal}):\n${r.stderr || r.stdout}`);
  }, 150_000);

  afterAll(async () => {
    await server?.close();
    rmSync(prefix, { recursive: true, force: true });
  });

  it('runs no line of the README through npx', () => {
    expect(README).not.toMatch(/npx lug/);
  });

  it('puts a lug on PATH that answers --version from another directory', async () => {
    const box = sandbox();
    const env = { PATH, HOME: box.home, LANG: 'C.UTF-8' };
    const r = await runOnPath('lug', ['--version'], box.project, env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${JSON.parse(readFileSync(join(REPO_ROOT, 'packages/cli/package.json'), 'utf8')).version}\n`);
    // A link to this clone: a rebuild updates the lug on PATH.
    expect(realpathSync(join(bin, 'lug'))).toBe(realpathSync(join(REPO_ROOT, 'packages/cli/bin/lug.js')));
  });

  it('runs lug -p in another project against a model server', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('Hello from the scripted model.')]);
    const env = { ...lugEnv(server, 'openai', box), PATH };
    const r = await runOnPath('lug', ['-p', 'say hello'], box.project, env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Hello from the scripted model.\n');
    expect(server.modelRequests()).toHaveLength(1);
  });
});
