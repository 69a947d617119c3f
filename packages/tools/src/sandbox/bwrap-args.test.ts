/** The bwrap command line: mounts in the order that gives them their meaning, the namespaces, the supervisor. */
import { describe, expect, it } from 'vitest';
import { bwrapArgs } from './bwrap-args.js';
import type { SandboxPolicy } from './sandbox-policy.js';
import { SUPERVISOR_SCRIPT } from './supervisor.js';

const policy: SandboxPolicy = {
  mode: 'workspace',
  network: false,
  projectRoot: '/p',
  tempDir: '/t',
  writable: ['/p', '/t'],
  protected: [{ path: '/p/.git', what: "the project's .git" }],
};

describe('bwrapArgs', () => {
  it('mounts everything read-only, then the writable places, then the protected paths read-only again', () => {
    const args = bwrapArgs(policy, { file: 'ls', args: ['-l'], cwd: '/p/src' }).join(' ');
    expect(args).toMatch(/--ro-bind \/ \/ .*--bind \/p \/p --bind \/t \/t --ro-bind \/p\/\.git \/p\/\.git/);
  });

  it('gives the call its own PID namespace that dies with lug, and no network unless allowed', () => {
    const args = bwrapArgs(policy, { file: 'ls', args: [], cwd: '/p' });
    expect(args.slice(0, 3)).toEqual(['--die-with-parent', '--unshare-pid', '--unshare-net']);
    expect(bwrapArgs({ ...policy, network: true }, { file: 'ls', args: [], cwd: '/p' })).not.toContain('--unshare-net');
  });

  it('runs the command under the supervisor, in its directory, with the private TMPDIR', () => {
    const args = bwrapArgs(policy, { file: 'ls', args: ['-l', 'a b'], cwd: '/p/src' });
    expect(args.slice(args.indexOf('--chdir'))).toEqual(['--chdir', '/p/src', '--', '/bin/sh', '-c', SUPERVISOR_SCRIPT, 'lug-sandbox', 'net', '-', 'ls', '-l', 'a b']);
    expect(args.join(' ')).toContain('--setenv TMPDIR /t');
  });

  it('makes no temp directory in read-only mode', () => {
    const args = bwrapArgs({ ...policy, mode: 'read-only', writable: [], tempDir: null, protected: [] }, { file: 'ls', args: [], cwd: '/p' });
    expect(args).not.toContain('--bind');
    expect(args).not.toContain('TMPDIR');
  });
});
