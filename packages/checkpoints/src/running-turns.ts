/**
 * Whose change a file is, when two lugs run turns in one project at once. A
 * turn's change is the difference between the files before and after it, so
 * two turns that overlap both saw each other's writes: `lug -p one` and
 * `lug -p two` started together each recorded both files, and rewinding one
 * deleted the other's. lug does not ask the tools what they wrote (a bash
 * command may write anything), so it goes by time: every turn that runs is
 * registered in the shadow (`lug-running/<n>`, with the store that runs it and
 * its process), and each snapshot, taken under the shadow's lock (shadow-lock.ts),
 * closes a window since the one before. What changed in a window when only
 * one store had a turn running is that turn's (or the user's, as ever); what
 * changed while another store's turn ran too, or what another store's restore
 * wrote, may be someone else's: it is added to the turn's `foreign` paths,
 * which its checkpoint then holds as shared, never as its own, and which no
 * restore writes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive, startTicks } from '@lug/core';
import { changedPaths } from './file-diff.js';
import type { ShadowGit } from './shadow-git.js';

const RUNNING_DIR = 'lug-running';

export interface RunningTurn {
  /** The checkpoint's number. */
  n: number;
  /** The store running it (one per lug process, or more in one process). */
  owner: string;
  pid: number;
  start?: string;
  /** The files before the turn (a commit of the shadow). */
  before: string;
  /** Paths that changed during the turn while someone else may have changed them. */
  foreign: string[];
}

function dir(git: ShadowGit): string {
  return join(git.gitDir, RUNNING_DIR);
}

function fileOf(git: ShadowGit, n: number): string {
  return join(dir(git), `${n}.json`);
}

function save(git: ShadowGit, turn: RunningTurn): void {
  writeFileSync(fileOf(git, turn.n), JSON.stringify(turn));
}

/** The turns registered as running (also those whose process has gone: `dropLeft` removes them). */
export function runningTurns(git: ShadowGit): RunningTurn[] {
  let names: string[];
  try {
    names = readdirSync(dir(git));
  } catch {
    return [];
  }
  const turns: RunningTurn[] = [];
  for (const name of names) {
    try {
      const t = JSON.parse(readFileSync(join(dir(git), name), 'utf8')) as RunningTurn;
      if (Number.isInteger(t.n) && typeof t.owner === 'string' && Number.isInteger(t.pid) && Array.isArray(t.foreign)) turns.push(t);
    } catch {}
  }
  return turns.sort((a, b) => a.n - b.n);
}

/** Register checkpoint `n`'s turn as running, run by `owner`, from the files `before`. */
export function registerTurn(git: ShadowGit, n: number, owner: string, before: string): void {
  mkdirSync(dir(git), { recursive: true });
  const start = startTicks(process.pid);
  save(git, { n, owner, pid: process.pid, ...(start ? { start } : {}), before, foreign: [] });
}

/** The turn ended: its registration goes; returns its foreign paths. */
export function finishTurn(git: ShadowGit, n: number): string[] {
  const turn = runningTurns(git).find((t) => t.n === n);
  rmSync(fileOf(git, n), { force: true });
  return turn?.foreign ?? [];
}

/**
 * A snapshot went from `previous` to `now`: for every running turn, what changed
 * in between is foreign when another store had a turn running too, or when
 * `restorer` (a store that just wrote files back) is not the turn's own.
 * Turns whose process has gone are counted for this window (they may have
 * written in it), then dropped.
 */
export async function noteWindow(git: ShadowGit, previous: string | undefined, now: string, restorer?: string): Promise<void> {
  const turns = runningTurns(git);
  if (!turns.length) return;
  const actors = new Set(turns.map((t) => t.owner));
  if (restorer) actors.add(restorer);
  const touched = turns.filter((t) => [...actors].some((a) => a !== t.owner));
  if (touched.length && previous && previous !== now) {
    const paths = await changedPaths(git, previous, now);
    for (const t of touched) {
      const foreign = new Set(t.foreign);
      if (paths.some((p) => !foreign.has(p))) save(git, { ...t, foreign: [...foreign, ...paths].sort() });
    }
  }
  for (const t of turns) if (!processAlive(t.pid, t.start)) rmSync(fileOf(git, t.n), { force: true });
}

/** What the running turns of stores other than `self` have changed so far, or may have: a restore leaves these files alone. */
export async function othersInProgress(git: ShadowGit, self: string, now: string): Promise<string[]> {
  const paths = new Set<string>();
  for (const t of runningTurns(git)) {
    if (t.owner === self || !processAlive(t.pid, t.start)) continue;
    for (const p of [...t.foreign, ...(await changedPaths(git, t.before, now))]) paths.add(p);
  }
  return [...paths];
}
