/**
 * What a lug killed with SIGKILL leaves behind (no exit handler runs), found
 * and removed by the next lug that starts.
 *
 * Each lug that starts a process or writes a temporary file keeps a note in
 * the state directory, `running/<pid>.<start>.json`: JSON lines naming the
 * lug (pid namespace, pid, start time), then `{"processes":true}` once it has
 * started a process and `{"tempDir":"/abs/dir"}` for each directory it wrote
 * a temporary file in and `{"placeholder":"/abs/.git"}` for each empty
 * directory the sandbox holds a path with (sandbox/git-placeholder.ts),
 * each written before the thing it announces. A clean
 * exit (a signal lug can catch included) removes the note after its own
 * cleanup. At start, `sweepLeftovers()` reads the notes of lugs that are no
 * longer running in this pid namespace and kills the processes that carry
 * their mark, removes their temporary files and their holds on placeholders
 * (the directory too, when nothing else is in it), then the note.
 *
 * Nothing is noted until a directory is configured (the CLI does it); a
 * library user who does not gets the exit cleanup only.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { removeTempFilesOf } from '../files/temp-files.js';
import { letGo } from '../sandbox/placeholder-mark.js';
import { killProcesses } from '../process/kill-group.js';
import { startTicks } from '@lug/core';
import { ownerAlive, sameOwner, selfOwner, type Owner } from '../process/process-marker.js';

interface RegistryState {
  dir?: string;
  /** The note of this lug, once written. */
  file?: string;
  processes: boolean;
  tempDirs: Set<string>;
  placeholders: Set<string>;
  /** The first failure to write a note, kept for `leftoverRegistryError()`. */
  error?: string;
}

const KEY = Symbol.for('lug.tools.leftoverRegistry');
type WithState = typeof globalThis & { [KEY]?: RegistryState };
const state: RegistryState = ((globalThis as WithState)[KEY] ??= { processes: false, tempDirs: new Set(), placeholders: new Set() });
// The state is shared through globalThis, maybe with another copy of this module (built and source in one test run).
state.placeholders ??= new Set();

const NOTE_SUFFIX = '.json';

/** Where notes are kept (`$XDG_STATE_HOME/lug/running`); nothing is written before it is set. */
export function configureLeftovers(opts: { dir: string }): void {
  state.dir = opts.dir;
}

/** Why this lug could not keep its note (a read-only state directory), if it could not. */
export function leftoverRegistryError(): string | undefined {
  return state.error;
}

function addLine(entry: object): void {
  if (!state.dir || state.error) return;
  try {
    if (!state.file) {
      const self = selfOwner();
      mkdirSync(state.dir, { recursive: true, mode: 0o700 });
      state.file = path.join(state.dir, `${self.pid}.${self.start}${NOTE_SUFFIX}`);
      appendFileSync(state.file, JSON.stringify({ owner: self }) + '\n', { mode: 0o600 });
    }
    appendFileSync(state.file, JSON.stringify(entry) + '\n');
  } catch (err) {
    // Not fatal: only the sweep after a SIGKILL is lost. The CLI shows it.
    state.error = `could not keep a note of what to clean up after a crash in ${state.dir}: ${(err as Error).message}`;
  }
}

/** A process is about to be started. */
export function recordProcessesStarted(): void {
  if (state.processes) return;
  state.processes = true;
  addLine({ processes: true });
}

/** A temporary file is about to be created in `dir`. */
export function recordTempDirectory(dir: string): void {
  if (state.tempDirs.has(dir)) return;
  state.tempDirs.add(dir);
  addLine({ tempDir: dir });
}

/** An empty directory is about to be made at `path` to hold it for the sandbox. */
export function recordPlaceholder(path: string): void {
  if (state.placeholders.has(path)) return;
  state.placeholders.add(path);
  addLine({ placeholder: path });
}

/** This lug has cleaned up after itself (exit): its note goes. */
export function removeOwnNote(): void {
  if (!state.file) return;
  try {
    unlinkSync(state.file);
  } catch {
    // gone already
  }
  state.file = undefined;
}

interface Note {
  owner: Owner;
  processes: boolean;
  tempDirs: string[];
  placeholders: string[];
}

/** A note's lines; undefined when its first line names no lug (a damaged or foreign file, left alone). */
function readNote(file: string): Note | undefined {
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const note: Note = { owner: undefined as unknown as Owner, processes: false, tempDirs: [], placeholders: [] };
  for (const [i, line] of lines.entries()) {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // a line cut by the kill
    }
    if (i === 0) {
      const o = entry?.owner as Owner | undefined;
      if (!o || typeof o.ns !== 'string' || !Number.isInteger(o.pid) || typeof o.start !== 'string') return undefined;
      note.owner = { ns: o.ns, pid: o.pid, start: o.start };
    } else if (entry?.processes === true) note.processes = true;
    else if (typeof entry?.tempDir === 'string' && path.isAbsolute(entry.tempDir)) note.tempDirs.push(entry.tempDir);
    else if (typeof entry?.placeholder === 'string' && path.isAbsolute(entry.placeholder)) note.placeholders.push(entry.placeholder);
  }
  return note.owner ? note : undefined;
}

/** What a sweep found and removed. */
export interface SweepReport {
  /** Lugs found dead with a note left. */
  deadOwners: number;
  /** Temporary files removed. */
  tempFiles: string[];
}

const pidInUse = (pid: number) => startTicks(pid) !== undefined || (process.platform !== 'linux' && signalZero(pid));

function signalZero(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Clean up after every lug that died without doing it (see the file comment):
 * the temporary files synchronously, then the processes (TERM, then KILL
 * after `graceMs`); a note goes once both are done, so a sweep cut short is
 * done again by the next start.
 */
export async function sweepLeftovers(opts: { graceMs?: number } = {}): Promise<SweepReport> {
  const report: SweepReport = { deadOwners: 0, tempFiles: [] };
  if (!state.dir) return report;
  let names: string[];
  try {
    names = readdirSync(state.dir);
  } catch {
    return report;
  }
  const self = selfOwner();
  const kills: Array<Promise<void>> = [];
  for (const name of names) {
    if (!name.endsWith(NOTE_SUFFIX)) continue;
    const file = path.join(state.dir, name);
    const note = readNote(file);
    if (!note || sameOwner(note.owner, self) || note.owner.ns !== self.ns || ownerAlive(note.owner)) continue;
    report.deadOwners++;
    for (const dir of note.tempDirs) report.tempFiles.push(...removeTempFilesOf(dir, note.owner.pid, pidInUse));
    // Its mark, then rmdir: only while empty, so another lug's hold and a repository made there since stay.
    for (const dir of note.placeholders) letGo(dir, note.owner);
    const dead = note.owner;
    const killed = note.processes ? killProcesses({ groups: [], marked: (m) => sameOwner(m.owner, dead) }, opts.graceMs ?? 500) : Promise.resolve();
    kills.push(
      killed.then(() => {
        try {
          unlinkSync(file);
        } catch {
          // another lug swept it at the same time
        }
      }),
    );
  }
  await Promise.all(kills);
  return report;
}
