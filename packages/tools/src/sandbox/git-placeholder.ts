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
 *
 * lug's configuration and state directories are held the same way where
 * they lie in a writable place and do not exist yet (HOME or the XDG
 * directories inside the project): an `init.lua` made there would run with
 * the user's full rights at the next start. Their missing parents (the
 * project's `.config` when HOME is the project) are made first, as any
 * `mkdir -p`, and stay writable: only lug's own directory is held. The
 * parents this lug made go again with the placeholder, while empty (a
 * sweep: after it, from the note). When it cannot be made, the call does
 * not start (SandboxError).
 */
import { mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { entryExists } from '../files/entry-exists.js';
import { recordPlaceholder } from '../leftovers/leftover-registry.js';
import { selfOwner } from '../process/process-marker.js';
import { holdMarkName, isPlaceholder, letGo } from './placeholder-mark.js';
import { SandboxError } from './sandbox-launcher.js';
import type { SandboxPolicy } from './sandbox-policy.js';

/** Paths this lug holds, with how many of its running sandboxes hold each. */
const held = new Map<string, number>();
/** The missing parents this lug made for a placeholder (lug's configuration in a HOME without .config), deepest first. */
const parentsMade = new Map<string, string[]>();

function refuse(what: string, path: string, why: string): SandboxError {
  const yourself = what.includes('.git') ? 'run git init yourself first' : `make it yourself first (mkdir -p ${path})`;
  return new SandboxError(
    `the sandbox cannot protect ${what}: ${path} does not exist, and the empty directory that keeps a command from making it could not be made (${why}); ${yourself}, or use lug.opt.sandbox = "read-only"`,
  );
}


/**
 * Make the missing parents of `path` (noted first, deepest first, so that a
 * sweep after a SIGKILL removes them after the placeholder, while empty);
 * the ones made, deepest first.
 */
function makeParents(path: string): string[] {
  const missing: string[] = [];
  for (let dir = dirname(path); !entryExists(dir) && dirname(dir) !== dir; dir = dirname(dir)) missing.push(dir);
  if (missing.length === 0) return [];
  for (const dir of missing) recordPlaceholder(dir);
  const first = mkdirSync(dirname(path), { recursive: true });
  return first === undefined ? [] : missing.slice(0, missing.indexOf(first) + 1);
}

/** Make or join the placeholder at `path`; false when something else stands there now (it is then mounted read-only as it is). */
function hold(path: string, what: string): boolean {
  let holds = false;
  try {
    holds = tryHold(path, what);
    return holds;
  } finally {
    if (!holds) dropParents(path);
  }
}

function tryHold(path: string, what: string): boolean {
  recordPlaceholder(path);
  // A few tries: another lug may remove it between our mkdir and our mark.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const parents = makeParents(path);
      if (parents.length) parentsMade.set(path, [...parents, ...(parentsMade.get(path) ?? [])]);
      mkdirSync(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // a parent went meanwhile (another lug let go of it)
      if (code !== 'EEXIST') throw refuse(what, path, (err as Error).message);
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

/** Let go of `path`, then remove the parents this lug made for it, while empty. */
function letGoWithParents(path: string): void {
  letGo(path, selfOwner());
  dropParents(path);
}

function dropParents(path: string): void {
  const deepestFirst = [...new Set(parentsMade.get(path))].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const dir of deepestFirst) {
    try {
      rmdirSync(dir);
    } catch {
      // not empty (the command's own files, another lug's placeholder), or gone
    }
  }
  parentsMade.delete(path);
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
      letGoWithParents(path);
    }
  }
}

/** At exit, after the processes are gone: every placeholder still held. */
export function removePlaceholders(): void {
  for (const path of held.keys()) letGoWithParents(path);
  held.clear();
}
