/**
 * The bubblewrap command line for a policy. The whole file system is mounted
 * read-only, then the writable places read-write over it, then the protected
 * paths read-only again (bwrap applies mounts in order); a fresh /dev and
 * /proc; its own PID namespace, so that every process of the call, however it
 * left its group or session, is inside it and dies with it; `--die-with-parent`,
 * so the namespace dies with lug even after a `kill -9`; without the network,
 * a network namespace of its own holding only loopback.
 *
 * The command runs under a supervisor (supervisor.ts) that reports on fd 3
 * how it ended (through perl, where there is one: `perl`, the real wait
 * status) and, without the network, the namespace's network counters, and
 * keeps the namespace alive while background jobs (`cmd > log 2>&1 &`) still
 * run, as they would unsandboxed.
 */
import type { SandboxPolicy } from './sandbox-policy.js';
import { SUPERVISOR_SCRIPT } from './supervisor.js';

export interface CommandToWrap {
  file: string;
  args: readonly string[];
  cwd: string;
}

export function bwrapArgs(policy: SandboxPolicy, command: CommandToWrap, helpers: { shell?: string; perl?: string } = {}): string[] {
  const args = ['--die-with-parent', '--unshare-pid'];
  if (!policy.network) args.push('--unshare-net');
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
  for (const dir of policy.writable) args.push('--bind', dir, dir);
  for (const p of policy.protected) args.push('--ro-bind', p.path, p.path);
  if (policy.tempDir) args.push('--setenv', 'TMPDIR', policy.tempDir);
  const report = [policy.network ? '-' : 'net', helpers.perl ?? '-'];
  args.push('--chdir', command.cwd, '--', helpers.shell ?? '/bin/sh', '-c', SUPERVISOR_SCRIPT, 'lug-sandbox', ...report, command.file, ...command.args);
  return args;
}
