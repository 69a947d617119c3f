/**
 * The macOS sandbox (`sandbox-exec -p PROFILE`) of the same meaning as the
 * bwrap mounts: everything allowed but writing, writes only under the
 * writable places, the protected paths denied again, and without the network
 * every network operation denied but connecting to local (Unix) sockets. A
 * protected path is denied whether or not it exists (SBPL rules name paths,
 * not files: a `.git` made during the call is as read-only as one that was
 * there), and in any case of its letters. In SBPL the last
 * matching rule wins, so the order is the meaning. The profile can only be
 * generated and unit-tested on Linux; its end-to-end test runs on macOS.
 */
import type { SandboxPolicy } from './sandbox-policy.js';

/** An SBPL string literal: backslash and double quote escaped; control characters refused. */
export function sbplString(s: string): string {
  if (/[\x00-\x1f\x7f]/.test(s)) throw new Error(`a path with a control character cannot go into a Seatbelt profile: ${JSON.stringify(s)}`);
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * A path and everything under it, in any case of its letters, as an SBPL
 * regex: macOS volumes are case-insensitive by default, so `/p/.GIT/hooks`
 * is `/p/.git/hooks`, and a rule for the exact string alone would let it
 * through under the project's allow. Denying case variants too denies more,
 * never less (a `"`, which the raw literal cannot hold, becomes `.`).
 */
export function anyCaseRegex(path: string): string {
  if (/[\x00-\x1f\x7f]/.test(path)) throw new Error(`a path with a control character cannot go into a Seatbelt profile: ${JSON.stringify(path)}`);
  const body = [...path]
    .map((c) => (c === '"' ? '.' : /[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : /[.[\]()*+?{}|^$\\]/.test(c) ? `\\${c}` : c))
    .join('');
  return `#"^${body}(/|$)"`;
}

export function seatbeltProfile(policy: SandboxPolicy): string {
  const lines = ['(version 1)', '(allow default)', '(deny file-write*)'];
  // The devices every program writes to, allowed in every mode.
  lines.push('(allow file-write* (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper") (regex #"^/dev/tty") (regex #"^/dev/fd/"))');
  for (const dir of policy.writable) lines.push(`(allow file-write* (subpath ${sbplString(dir)}))`);
  for (const p of policy.protected) lines.push(`(deny file-write* (subpath ${sbplString(p.path)}) (regex ${anyCaseRegex(p.path)}))`);
  if (!policy.network) lines.push('(deny network*)', '(allow network-outbound (remote unix-socket))');
  return `${lines.join('\n')}\n`;
}

/** The sandbox-exec command line for a command under the policy. */
export function seatbeltArgs(policy: SandboxPolicy, file: string, args: readonly string[]): string[] {
  return ['-p', seatbeltProfile(policy), file, ...args];
}
