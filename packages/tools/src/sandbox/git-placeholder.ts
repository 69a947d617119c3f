/**
 * A protected path that does not exist yet (the project's .git before any
 * `git init`) cannot be mounted read-only, and a call that ran `git init`
 * and wrote `.git/hooks/pre-commit` or `core.fsmonitor` into `.git/config`
 * would plant a command that the user's next git runs, unsandboxed. Nothing
 * in the sandbox can refuse the creation of one name in a directory it may
 * write (bwrap mounts only over paths that exist; Landlock and seccomp do not
 * filter by name), and looking after the call for what was planted would
 * miss a background job that plants it later, and fail open on any key or
 * hook lug does not know. So the path is held instead: for as long as a
 * sandbox of lug's needs it, an empty directory stands there, which bwrap
 * mounts read-only like any protected path. In the sandbox `.git` then
 * exists and cannot be written, renamed or removed (a mount point), so
 * `git init` and `mkdir .git` fail.
 *
 * What that leaves on the host, while it stands: an empty `.git` directory,
 * which git does not take for a repository (it looks further up, as if there
 * were none, and a `git init` of the user's fills it). When the last call
 * holding it ends (its namespace, background jobs included, is gone), it is
 * removed, only if still empty: what the user put there meanwhile is
 * theirs. A lug killed with SIGKILL leaves it, with a note the next lug's
 * sweep reads to remove it (leftover-registry.ts); lug's exit removes it.
 */
import { mkdirSync, rmdirSync } from 'node:fs';
import { recordPlaceholder } from '../leftovers/leftover-registry.js';
import { SandboxError } from './sandbox-launcher.js';
import type { SandboxPolicy } from './sandbox-policy.js';

/** Paths lug made, with how many running sandboxes hold each. */
const held = new Map<string, number>();

function make(path: string, what: string): boolean {
  try {
    recordPlaceholder(path);
    mkdirSync(path);
    return true;
  } catch (err) {
    // Made meanwhile (by the user, or another lug): it exists, and bwrap mounts it read-only as it is.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new SandboxError(
      `the sandbox cannot protect ${what}: ${path} does not exist, and the empty directory that keeps a command from making it could not be made (${(err as Error).message}); run git init yourself first, or use lug.opt.sandbox = "read-only"`,
    );
  }
}

/**
 * Hold every protected path of `policy` marked `placeholder` (throws
 * SandboxError when one cannot be held: the call must not start); the
 * function returned lets go of them, once.
 */
export function holdPlaceholders(policy: SandboxPolicy): () => void {
  const mine: string[] = [];
  try {
    for (const p of policy.protected) {
      if (!p.placeholder) continue;
      const count = held.get(p.path);
      if (count !== undefined) held.set(p.path, count + 1);
      else if (make(p.path, p.what)) held.set(p.path, 1);
      else continue;
      mine.push(p.path);
    }
  } catch (err) {
    release(mine);
    throw err;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release(mine);
  };
}

function release(paths: string[]): void {
  for (const path of paths) {
    const count = (held.get(path) ?? 1) - 1;
    if (count > 0) held.set(path, count);
    else {
      held.delete(path);
      removeIfEmpty(path);
    }
  }
}

/** rmdir removes only an empty directory: a repository made there meanwhile stays. */
export function removeIfEmpty(path: string): void {
  try {
    rmdirSync(path);
  } catch {
    // not empty (the user's now), or gone
  }
}

/** At exit, after the processes are gone: every placeholder still held. */
export function removePlaceholders(): void {
  for (const path of held.keys()) removeIfEmpty(path);
  held.clear();
}
