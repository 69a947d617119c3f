/**
 * The bubblewrap command line for a policy. The whole file system is mounted
 * read-only, then the writable places read-write over it, then the protected
 * paths read-only again (bwrap applies mounts in order); a fresh /dev and
 * /proc; its own PID namespace, so that every process of the call, however it
 * left its group or session, is inside it and dies with it; `--die-with-parent`,
 * so the namespace dies with lug even after a `kill -9`; without the network,
 * a network namespace of its own holding only loopback. Every capability is
 * dropped: bwrap started by root keeps them all by default, and with
 * CAP_SYS_ADMIN a command could `umount` the read-only mounts over `.git` and
 * lug's configuration, or `mount -o remount,rw /`, and write anywhere (or
 * mknod the disk, reboot). Root keeps only what makes it root among files
 * (FILE_CAPS): it still writes a file of another user's in the project, as
 * unsandboxed, but a nested bwrap, which needs CAP_SYS_ADMIN, no longer
 * starts for root (for another user it runs in a user namespace).
 *
 * The command runs under a supervisor (supervisor.ts) that reports on fd 3
 * how it ended (through perl, where there is one: `perl`, the real wait
 * status) and, without the network, the namespace's network counters, and
 * keeps the namespace alive while background jobs (`cmd > log 2>&1 &`) still
 * run, as they would unsandboxed.
 */
import { join } from 'node:path';
import type { SandboxPolicy } from './sandbox-policy.js';
import { SUPERVISOR_SCRIPT } from './supervisor.js';

export interface CommandToWrap {
  file: string;
  args: readonly string[];
  cwd: string;
}

/** Root's power over files' ownership and permissions, which no read-only mount yields to. */
const FILE_CAPS = ['CAP_CHOWN', 'CAP_DAC_OVERRIDE', 'CAP_DAC_READ_SEARCH', 'CAP_FOWNER', 'CAP_FSETID'];

function isRoot(): boolean {
  return process.geteuid?.() === 0;
}

/**
 * The directories between a writable place and a protected path below it
 * (`~/.config` for `~/.config/lug` when the project is the home directory),
 * shallowest first. Each is bound over itself, writable as before, only to
 * make it a mount point: a mount point cannot be renamed or removed, and
 * otherwise `mv ~/.config ~/x && mkdir -p ~/.config/lug` would take the
 * read-only mount away with the old name and leave a new, writable
 * `init.lua` where lug reads it.
 */
export function pinnedAncestors(policy: SandboxPolicy): string[] {
  const pins = new Set<string>();
  for (const p of policy.protected) {
    const root = policy.writable.find((w) => p.path.startsWith(w.endsWith('/') ? w : `${w}/`));
    if (!root) continue;
    const parts = p.path.slice(root.length).split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) pins.add(join(root, ...parts.slice(0, i)));
  }
  return [...pins].sort((a, b) => a.split('/').length - b.split('/').length);
}

export function bwrapArgs(policy: SandboxPolicy, command: CommandToWrap, helpers: { shell?: string; perl?: string; root?: boolean } = {}): string[] {
  const args = ['--die-with-parent', '--unshare-pid'];
  if (!policy.network) args.push('--unshare-net');
  args.push('--cap-drop', 'ALL');
  if (helpers.root ?? isRoot()) for (const cap of FILE_CAPS) args.push('--cap-add', cap);
  args.push('--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
  for (const dir of policy.writable) args.push('--bind', dir, dir);
  for (const dir of pinnedAncestors(policy)) args.push('--bind', dir, dir);
  for (const p of policy.protected) args.push('--ro-bind', p.path, p.path);
  if (policy.tempDir) args.push('--setenv', 'TMPDIR', policy.tempDir);
  const report = [policy.network ? '-' : 'net', helpers.perl ?? '-'];
  args.push('--chdir', command.cwd, '--', helpers.shell ?? '/bin/sh', '-c', SUPERVISOR_SCRIPT, 'lug-sandbox', ...report, command.file, ...command.args);
  return args;
}
