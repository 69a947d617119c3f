/**
 * One writer a session file. Two lugs continuing the same conversation (two
 * terminals' `lug --continue`, a `:resume` of a session another lug has open)
 * appended their turns into one file, interleaved: the next `--continue` sent
 * two users' prompts in a row and two answers after them. A lug that writes a
 * session file holds a claim on it, a file beside it (`ID.jsonl.lock`) naming
 * its process (pid and, where /proc tells it, start time, so a recycled pid
 * is not taken for it); a lug that finds the claim of one still running
 * refuses to write there, saying which process has it. A claim whose process
 * has gone (killed, crashed) is taken over. Claims go when the session
 * switches (`:clear`, `:fork`, `:resume`) and when the process exits. The
 * claim is a lock file of process-lock.ts.
 */
import { rmSync } from 'node:fs';
import { createLock, holdsLock, lockHolder, releaseLock, takeOverLeftLock } from './process-lock.js';
import { processAlive } from './process-alive.js';

export class SessionInUseError extends Error {
  override name = 'SessionInUseError';
}

/**
 * Claim session file `file` (its conversation `id`, for the message) for this
 * process; throws SessionInUseError while another running lug holds it.
 */
export function claimSessionFile(file: string, id: string): void {
  const lock = `${file}.lock`;
  if (holdsLock(lock)) return;
  for (let tries = 0; tries < 3; tries++) {
    try {
      if (createLock(lock)) return;
    } catch {
      return; // no folder yet, a read-only one: the file's own write says what is wrong
    }
    const holder = lockHolder(lock);
    if (holder && holder.pid !== process.pid && stillRunning(holder.pid, holder.start)) {
      throw new SessionInUseError(`session ${id} is open in another lug (process ${holder.pid}), which writes to it: go on there, or start a new session here (without --continue or --resume)`);
    }
    // Its process has gone (or the file names none): the claim is taken over. One naming this process is its own, left by an earlier claim.
    if (holder?.pid === process.pid) rmSync(lock, { force: true });
    else takeOverLeftLock(lock);
  }
  throw new SessionInUseError(`session ${id}: another lug keeps claiming it (${lock})`);
}

/**
 * How long a claim's process is given to end: a lug closing (its terminal
 * closed, SIGHUP) lets go in a moment, and `lug --continue` typed right after
 * it found the claim still held (a tmux test, closing one lug and continuing
 * in the next, lost it so).
 */
const CLOSING_MS = 3_000;

/** Whether process `pid` runs, given CLOSING_MS to end; the wait blocks (a claim is taken before anything runs). */
function stillRunning(pid: number, start: string | undefined): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; processAlive(pid, start); waited += 50) {
    if (waited >= CLOSING_MS) return true;
    Atomics.wait(pause, 0, 0, 50);
  }
  return false;
}

/** Let go of this process's claim on `file`, if it holds one. */
export function releaseSessionFile(file: string): void {
  releaseLock(`${file}.lock`);
}
