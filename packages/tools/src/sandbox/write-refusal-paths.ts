/**
 * Which paths a refused write names: the error line of a shell, coreutils,
 * python, node or git quotes the path it could not write ("cannot create
 * X:", "cannot touch 'X':", "Read-only file system: 'X'", "open 'X'"). The
 * message is the only place that path is, so it is read from the text; what
 * the path means (outside the writable places, inside a protected one, or
 * inside a writable place and so not the sandbox's refusal) is then decided
 * against the policy, not guessed (blocked-by-sandbox.ts).
 */
import { resolveRealPath } from '@lug/core';

const QUOTED = /'([^'\n]+)'|"([^"\n]+)"|‘([^’\n]+)’|`([^'`\n]+)'/g;
/** `sh: 1: cannot create X: Read-only …`, `bash: line 1: X: Read-only …`, `error: could not lock config file X: Read-only …`. */
const BEFORE_REASON = /(?:^|:\s|\bcreate\s|\bfile\s)([^\s:'"`‘’]+):\s+(?:read-only file system|operation not permitted)/i;

function looksLikePath(s: string): boolean {
  return s.includes('/') || s.startsWith('.') || /^[\w.+-]+$/.test(s);
}

/** The real paths (symlinks followed, from `cwd` when relative) that one refused line names; empty when it names none. */
export function refusedPaths(line: string, cwd: string): string[] {
  const named: string[] = [];
  for (const m of line.matchAll(QUOTED)) named.push((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  const before = BEFORE_REASON.exec(line)?.[1];
  if (before) named.push(before);
  return [...new Set(named.filter(looksLikePath).map((p) => resolveRealPath(cwd, p)))];
}
