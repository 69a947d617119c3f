/**
 * Signalling a whole process group. Every process lug starts leads its own
 * group (`detached: true` makes it call setsid), so `kill(-pgid)` reaches the
 * command, its children and grandchildren, including `&` background jobs of a
 * non-interactive shell, which stay in the shell's group.
 */

/** Send `signal` to the group; false when no process of it is left. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (err) {
    // EPERM: it exists but is not ours to signal (it changed user); still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function groupAlive(pgid: number): boolean {
  return signalGroup(pgid, 0);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const POLL_MS = 20;
/** The first checks come sooner: most processes die within milliseconds of TERM. */
const FIRST_POLLS_MS = [1, 2, 4, 8, 16];

/**
 * TERM, then KILL once `graceMs` has passed with any member still alive, so a
 * process that ignores TERM dies as surely as one that does not. Resolves when
 * the group is gone (or after a bounded wait for an unkillable straggler).
 */
export async function killGroup(pgid: number, graceMs: number): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) return;
  const termDeadline = Date.now() + graceMs;
  for (let i = 0; Date.now() < termDeadline; i++) {
    await sleep(Math.min(FIRST_POLLS_MS[i] ?? POLL_MS, Math.max(1, termDeadline - Date.now())));
    if (!groupAlive(pgid)) return;
  }
  signalGroup(pgid, 'SIGKILL');
  const killDeadline = Date.now() + 2000;
  while (groupAlive(pgid) && Date.now() < killDeadline) await sleep(POLL_MS);
}

/** Block the thread for `ms` (exit handlers cannot await). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** killGroup for many groups at once, synchronously: for process exit. */
export function killGroupsSync(pgids: readonly number[], graceMs: number): void {
  let alive = pgids.filter((pgid) => signalGroup(pgid, 'SIGTERM'));
  const deadline = Date.now() + graceMs;
  while (alive.length > 0 && Date.now() < deadline) {
    sleepSync(POLL_MS);
    alive = alive.filter(groupAlive);
  }
  for (const pgid of alive) signalGroup(pgid, 'SIGKILL');
}
