/**
 * Whether this machine can run the sandbox, found out once per lug: on Linux
 * `bwrap` on PATH (or in /usr/bin) and one real start of it with the
 * namespaces the sandbox uses (a kernel without unprivileged user namespaces,
 * or a container that forbids them, fails here, not in the middle of a call);
 * on macOS `/usr/bin/sandbox-exec`. Anywhere else, or when that fails, asking
 * for the sandbox is a SandboxError that says what to install or change:
 * never an unsandboxed run.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { childProcess } from '@lug/core';

export class SandboxError extends Error {
  override name = 'SandboxError';
}

export type Launcher = { kind: 'bwrap'; path: string; perl?: string } | { kind: 'seatbelt'; path: string };

const SEATBELT = '/usr/bin/sandbox-exec';
const TURN_OFF = 'or turn the sandbox off (lug.opt.sandbox = "off", :sandbox off)';

let found: { launcher?: Launcher; error?: SandboxError } | undefined;

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * `program` on PATH, else in /usr/bin; undefined when there is none. A
 * relative PATH entry (`.`, `node_modules/.bin`) is skipped: it names a
 * directory of the project, where the model may write, and a `bwrap` it
 * planted there would be started by lug, outside any sandbox, at the next
 * start (one that runs `exec "$@"` passes the probe too).
 */
function locate(program: string, path: string): string | undefined {
  const dirs = [...path.split(delimiter).filter((d) => isAbsolute(d)), '/usr/bin'];
  return dirs.map((d) => join(d, program)).find(executable);
}

/** `bwrap` on PATH, else /usr/bin/bwrap; undefined when there is none. */
export function locateBwrap(path = process.env.PATH ?? ''): string | undefined {
  return locate('bwrap', path);
}

/** perl, which the bwrap supervisor uses to tell a signal from an exit status (supervisor.ts); undefined when there is none. */
export function locatePerl(path = process.env.PATH ?? ''): string | undefined {
  return locate('perl', path);
}

/** The launcher for `platform` with bwrap at `bwrap` (undefined: none), started once to see it works; throws SandboxError saying why not. */
export function probeLauncher(platform: NodeJS.Platform, bwrap: string | undefined): Launcher {
  if (platform === 'darwin') {
    if (!executable(SEATBELT)) throw new SandboxError(`the sandbox cannot start: ${SEATBELT} is missing; ${TURN_OFF}`);
    return { kind: 'seatbelt', path: SEATBELT };
  }
  if (platform !== 'linux') throw new SandboxError(`the sandbox cannot start: it needs Linux (bubblewrap) or macOS (Seatbelt), and this is ${platform}; ${TURN_OFF}`);
  if (!bwrap) throw new SandboxError(`the sandbox cannot start: bubblewrap is not installed (no bwrap on PATH); install it (Debian and Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap), ${TURN_OFF}`);
  const probe = childProcess().spawnSync(bwrap, ['--die-with-parent', '--unshare-pid', '--unshare-net', '--cap-drop', 'ALL', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--', 'true'], {
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (probe.status !== 0) {
    const why = (probe.stderr || probe.error?.message || `exit ${probe.status ?? probe.signal}`).trim();
    throw new SandboxError(`the sandbox cannot start: ${bwrap} failed (${why}); it needs user namespaces (sysctl kernel.unprivileged_userns_clone=1, or AppArmor's kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu), ${TURN_OFF}`);
  }
  return { kind: 'bwrap', path: bwrap };
}

/** The launcher, or the SandboxError saying why there is none; found once and remembered. */
export function sandboxLauncher(): Launcher {
  if (!found) {
    try {
      const launcher = probeLauncher(process.platform, process.platform === 'linux' ? locateBwrap() : undefined);
      const perl = launcher.kind === 'bwrap' ? locatePerl() : undefined;
      found = { launcher: launcher.kind === 'bwrap' && perl ? { ...launcher, perl } : launcher };
    } catch (err) {
      found = { error: err as SandboxError };
    }
  }
  if (found.error) throw found.error;
  return found.launcher!;
}

/** For tests: look again at the next call. */
export function forgetSandboxLauncher(): void {
  found = undefined;
}
