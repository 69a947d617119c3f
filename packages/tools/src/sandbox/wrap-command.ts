/**
 * A command as the sandbox runs it: the same program and arguments behind
 * bwrap (Linux) or sandbox-exec (macOS), with what the runner must know
 * about it (the environment to add, whether the exit status comes on fd 3).
 */
import { bwrapArgs, type CommandToWrap } from './bwrap-args.js';
import { holdPlaceholders } from './git-placeholder.js';
import { sandboxLauncher } from './sandbox-launcher.js';
import type { SandboxPolicy } from './sandbox-policy.js';
import { seatbeltArgs } from './seatbelt-profile.js';

export interface WrappedCommand {
  file: string;
  args: string[];
  /** Variables the sandboxed process gets (TMPDIR: the private temp directory). */
  env: Record<string, string>;
  /** How the command ended is reported on fd 3 (the bwrap supervisor), before the launcher itself exits. */
  statusOnFd3: boolean;
  /** Call when the launcher has exited (the sandbox is gone): lets go of what the call held (git-placeholder.ts). */
  release(): void;
}

/** Throws SandboxError when the sandbox cannot start here. */
export function wrapCommand(policy: SandboxPolicy, command: CommandToWrap): WrappedCommand {
  const launcher = sandboxLauncher();
  const env: Record<string, string> = policy.tempDir ? { TMPDIR: policy.tempDir } : {};
  // Seatbelt's rules need no placeholder: they name paths, whether or not they exist.
  if (launcher.kind === 'seatbelt') return { file: launcher.path, args: seatbeltArgs(policy, command.file, command.args), env, statusOnFd3: false, release: () => undefined };
  const release = holdPlaceholders(policy);
  return { file: launcher.path, args: bwrapArgs(policy, command, { perl: launcher.perl }), env, statusOnFd3: true, release };
}
