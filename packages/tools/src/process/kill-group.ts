import { readdirSync, readFileSync } from 'node:fs';
import { findMarked, markOf } from './marked-processes.js';
import type { Mark } from './process-marker.js';

/**
 * Killing what lug started: process groups, and the processes that carry a
 * mark (see process-marker.ts) wherever they went. Every process lug starts
 * leads its own group (`detached: true` makes it call setsid; one that starts
 * no processes of its own stays in lug's and is killed alone), so
 * `kill(-pgid)` reaches the command, its children and grandchildren,
 * including `&` background jobs of a non-interactive shell, which stay in the
 * shell's group; the mark reaches those that left it (`setsid`, `set -m`, a
 * double fork).
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

/** Signal one process; false when it is gone. */
function signalPid(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch (err) {
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

/** What to kill: whole process groups, and every process whose mark `marked` accepts. */
export interface KillTargets {
  groups: readonly number[];
  marked?: (mark: Mark) => boolean;
}

const POLL_MS = 20;
/** The first checks come sooner: most processes die within milliseconds of TERM. */
const FIRST_POLLS_MS = [1, 2, 4, 8, 16];
/** How long to wait for KILLed processes to be gone (an unkillable straggler in D state). */
const AFTER_KILL_MS = 2000;
/** Searches for marked processes after the KILL: one may have forked while it was being killed. */
const MOP_UP_ROUNDS = 4;

/**
 * The steps of a kill, as the milliseconds to wait between them: TERM to every
 * target, KILL once `graceMs` has passed to any still alive (so a process that
 * ignores TERM dies as surely as one that does not), then KILL to marked
 * processes that appeared meanwhile, until none is found.
 */
function* killSteps(targets: KillTargets, graceMs: number): Generator<number, void, void> {
  const { marked } = targets;
  const stillMarked = (pid: number) => {
    const mark = markOf(pid);
    return mark !== undefined && marked!(mark);
  };
  let groups = targets.groups.filter((pgid) => signalGroup(pgid, 'SIGTERM'));
  let pids = marked ? findMarked(marked).filter((pid) => signalPid(pid, 'SIGTERM')) : [];
  const termDeadline = Date.now() + graceMs;
  for (let i = 0; (groups.length > 0 || pids.length > 0) && Date.now() < termDeadline; i++) {
    yield Math.min(FIRST_POLLS_MS[i] ?? POLL_MS, Math.max(1, termDeadline - Date.now()));
    groups = groups.filter(groupAlive);
    pids = pids.filter(stillMarked);
  }
  for (const pgid of groups) signalGroup(pgid, 'SIGKILL');
  // Read the mark again first: a pid freed by a process that died may have been given to another.
  for (const pid of pids) if (stillMarked(pid)) signalPid(pid, 'SIGKILL');
  for (let round = 0; marked && round < MOP_UP_ROUNDS; round++) {
    const more = findMarked(marked);
    if (more.length === 0) break;
    for (const pid of more) signalPid(pid, 'SIGKILL');
    yield 1;
  }
  const killDeadline = Date.now() + AFTER_KILL_MS;
  while ((groups = groups.filter(groupAlive)).length > 0 && Date.now() < killDeadline) yield POLL_MS;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Block the thread for `ms` (exit handlers cannot await). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Kill a process that starts none of its own (ProcessOptions.startsNoProcesses)
 * and so runs in lug's group: `signal` reaches it alone (its child-process
 * handle, which says false once it is reaped, so a reused pid is never hit).
 * TERM, KILL once `graceMs` has passed; resolves when it has exited, or after
 * a bounded wait for an unkillable one.
 */
export async function killLoneProcess(signal: (s: NodeJS.Signals) => boolean, exited: Promise<void>, graceMs: number): Promise<void> {
  if (!signal('SIGTERM')) return;
  const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(resolve, ms, 'timeout').unref());
  if ((await Promise.race([exited, timeout(graceMs)])) !== 'timeout') return;
  signal('SIGKILL');
  await Promise.race([exited, timeout(AFTER_KILL_MS)]);
}

/** Kill the targets (see killSteps); resolves when they are gone (or after a bounded wait for an unkillable straggler). */
export async function killProcesses(targets: KillTargets, graceMs: number): Promise<void> {
  for (const waitMs of killSteps(targets, graceMs)) await sleep(waitMs);
}

/** The same, synchronously: for process exit. */
export function killProcessesSync(targets: KillTargets, graceMs: number): void {
  for (const waitMs of killSteps(targets, graceMs)) sleepSync(waitMs);
}

/** TERM, then KILL after `graceMs`, to one group. */
export function killGroup(pgid: number, graceMs: number): Promise<void> {
  return killProcesses({ groups: [pgid] }, graceMs);
}

/** killGroup for many groups at once, synchronously. */
export function killGroupsSync(pgids: readonly number[], graceMs: number): void {
  killProcessesSync({ groups: pgids }, graceMs);
}
