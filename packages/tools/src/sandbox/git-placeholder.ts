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
 * sandbox of lug's needs it, a directory stands there, which bwrap
 * mounts read-only like any protected path. In the sandbox `.git` then
 * exists and cannot be written, renamed or removed (a mount point), so
 * `git init` and `mkdir .git` fail.
 *
 * What that leaves on the host, while it stands: a `.git` directory, empty
 * but for a mark per lug holding it (`lug-sandbox-hold.PID.START`,
 * placeholder-mark.ts), which git does not take for a repository (it looks
 * further up, as if there were none, and a `git init` of the user's fills
 * it). The marks let lugs in one project share it: a lug that finds a
 * placeholder holds it too, rather than mounting it as a repository that
 * the other lug's end would then remove from under its running sandbox.
 * Inside one lug, calls at once are counted. When the last call holding it
 * ends (its namespace, background jobs included, is gone) the lug removes
 * its mark, then the directory with rmdir, so only when nothing else is in
 * it: another lug's mark, or what the user put there meanwhile. lug's exit
 * lets go of every hold; a lug killed with SIGKILL leaves its mark, with a
 * note the next lug's sweep reads to let go for it (leftover-registry.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordPlaceholder } from '../leftovers/leftover-registry.js';
import { selfOwner } from '../process/process-marker.js';
import { holdMarkName, isPlaceholder, letGo } from './placeholder-mark.js';
import { SandboxError } from './sandbox-launcher.js';
import type { SandboxPolicy } from './sandbox-policy.js';

/** Paths this lug holds, with how many of its running sandboxes hold each. */
const held = new Map<string, number>();

function refuse(what: string, path: string, why: string): SandboxError {
  return new SandboxError(
    `the sandbox cannot protect ${what}: ${path} does not exist, and the empty directory that keeps a command from making it could not be made (${why}); run git init yourself first, or use lug.opt.sandbox = "read-only"`,
  );
}

/** Make or join the placeholder at `path`; false when something else stands there now (it is then mounted read-only as it is). */
function hold(path: string, what: string): boolean {
  recordPlaceholder(path);
  // A few tries: another lug may remove it between our mkdir and our mark.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      mkdirSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw refuse(what, path, (err as Error).message);
      if (!isPlaceholder(path)) return false;
    }
    try {
      writeFileSync(join(path, holdMarkName(selfOwner())), '', { flag: 'w' });
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw refuse(what, path, (err as Error).message);
    }
  }
  throw refuse(what, path, 'it was removed each time it was made');
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
      else if (hold(p.path, p.what)) held.set(p.path, 1);
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
      letGo(path, selfOwner());
    }
  }
}

/** At exit, after the processes are gone: every placeholder still held. */
export function removePlaceholders(): void {
  for (const path of held.keys()) letGo(path, selfOwner());
  held.clear();
}
