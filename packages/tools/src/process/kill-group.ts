import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * Whether any member of the group still runs. A killed process whose parent
 * has exited stays a zombie until init reaps it, which some containers' init
 * does only every second or two; a zombie runs nothing, so on Linux members
 * are read from /proc and zombies do not count.
 */
export function groupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  if (process.platform !== 'linux') return true;
  return hasRunningMember(pgid) ?? true;
}

/** From /proc: does a non-zombie process with this group id exist? undefined when /proc cannot be read. */
function hasRunningMember(pgid: number): boolean | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const name of names) {
    const c = name.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'latin1');
    } catch {
      continue; // it exited while we looked
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
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
