/**
 * A lock file that names the process holding it: its pid and, where /proc
 * tells it, its start time, so that a recycled pid is not taken for it. What
 * a session file's claim (session-claim.ts) and a project's checkpoint
 * repository (@lug/checkpoints' shadow-lock.ts) are made of. A lock whose
 * process has gone (killed, crashed) is left, and may be taken over; two
 * processes that find the same left lock take it over one at a time (a
 * `.break` file beside it), so neither removes the lock the other has just
 * made. The locks a process holds are removed when it exits.
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { processAlive, startTicks } from './process-alive.js';

export interface LockHolder {
  pid: number;
  /** Its start time (/proc), when known. */
  start?: string;
}

/** A lock with no process in it yet (its maker is between creating and writing it) counts as left after this long. */
const EMPTY_GRACE_MS = 5_000;

/** The locks this process holds. */
const held = new Set<string>();
let releasingAtExit = false;

/** Create the lock `file` naming this process, and hold it; false when it exists. Other errors (no folder, a read-only one) are thrown. */
export function createLock(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, `${process.pid} ${startTicks(process.pid) ?? ''}\n`);
  } finally {
    closeSync(fd);
  }
  held.add(file);
  releaseAtExit();
  return true;
}

/** The process the lock `file` names; undefined when it names none, or is gone. */
export function lockHolder(file: string): LockHolder | undefined {
  try {
    const [pid, start] = readFileSync(file, 'utf8').trim().split(' ');
    const n = Number(pid);
    return Number.isInteger(n) && n > 0 ? { pid: n, ...(start ? { start } : {}) } : undefined;
  } catch {
    return undefined;
  }
}

function ageMs(file: string): number | undefined {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Whether the lock `file` was left: its process has gone, or it names none and is older than a moment. */
export function lockLeft(file: string): boolean {
  const holder = lockHolder(file);
  if (holder) return !processAlive(holder.pid, holder.start);
  const age = ageMs(file);
  return age !== undefined && age > EMPTY_GRACE_MS;
}

/**
 * Remove the lock `file` if it is left. Two processes may find the same left
 * lock: each first takes `FILE.break` and looks again, so the second sees the
 * first one's new (live) lock and leaves it. A break file is held for a
 * moment only: one older than that was left by a process that died in it.
 */
export function takeOverLeftLock(file: string): void {
  const breaker = `${file}.break`;
  let mine: boolean;
  try {
    mine = createLock(breaker);
  } catch {
    return;
  }
  if (!mine) {
    if ((ageMs(breaker) ?? 0) > EMPTY_GRACE_MS) rmSync(breaker, { force: true });
    return;
  }
  try {
    if (lockLeft(file)) rmSync(file, { force: true });
  } finally {
    releaseLock(breaker);
  }
}

/** Whether this process holds the lock `file`. */
export function holdsLock(file: string): boolean {
  return held.has(file);
}

/** Let go of the lock `file`, if this process holds it. */
export function releaseLock(file: string): void {
  if (held.delete(file)) rmSync(file, { force: true });
}

function releaseAtExit(): void {
  if (releasingAtExit) return;
  releasingAtExit = true;
  process.on('exit', () => {
    for (const file of held) rmSync(file, { force: true });
    held.clear();
  });
}
