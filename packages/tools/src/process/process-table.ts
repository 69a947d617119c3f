/**
 * Every process group lug started and that may still be alive: the running
 * calls, and the groups that outlived their call (a `cmd > log 2>&1 &` the
 * shell left behind). The status line shows the counts; exit cleanup kills
 * them all.
 *
 * One table per process, even when two copies of this package are loaded (a
 * plugin that bundles its own): it lives on `globalThis` under a symbol.
 */
import { groupAlive } from './kill-group.js';

export interface ProcessEntry {
  /** The process group id (the pid of its leader). */
  pgid: number;
  /** The command line, or the argument list joined by spaces. */
  command: string;
  startedAt: number;
  /** `running`: its call has not returned. `background`: it outlived its call. */
  state: 'running' | 'background';
}

/** How often background groups are checked for having died on their own. */
const PRUNE_INTERVAL_MS = 2000;

export class ProcessTable {
  private readonly entries = new Map<number, ProcessEntry>();
  private readonly listeners = new Set<() => void>();
  private pruneTimer: ReturnType<typeof setInterval> | undefined;

  /** A call started a group. */
  add(pgid: number, command: string): void {
    this.entries.set(pgid, { pgid, command, startedAt: Date.now(), state: 'running' });
    this.changed();
  }

  /** A call returned: its group stays listed as background while any member lives. */
  finish(pgid: number): void {
    const entry = this.entries.get(pgid);
    if (!entry) return;
    if (groupAlive(pgid)) {
      entry.state = 'background';
      this.schedulePrune();
    } else {
      this.entries.delete(pgid);
    }
    this.changed();
  }

  /** Number of calls whose process is running now. */
  running(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.state === 'running') n++;
    return n;
  }

  /** Number of groups alive after their call returned. */
  background(): number {
    this.prune();
    let n = 0;
    for (const e of this.entries.values()) if (e.state === 'background') n++;
    return n;
  }

  list(): ProcessEntry[] {
    this.prune();
    return [...this.entries.values()].map((e) => ({ ...e }));
  }

  /** pgids of every group that may be alive, running or background. */
  groups(): number[] {
    return [...this.entries.keys()];
  }

  /**
   * Called whenever the counts may have changed (a call started or returned,
   * a background group died). Returns the function that unsubscribes.
   */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Forget background groups that have died. A dead group's id may be reused
   * by an unrelated process, so it must not stay listed (and later be killed).
   */
  prune(): void {
    let removed = false;
    for (const [pgid, e] of this.entries) {
      if (e.state === 'background' && !groupAlive(pgid)) {
        this.entries.delete(pgid);
        removed = true;
      }
    }
    if (removed) this.changed();
  }

  private schedulePrune(): void {
    if (this.pruneTimer) return;
    this.pruneTimer = setInterval(() => {
      this.prune();
      if (!this.hasBackground()) {
        clearInterval(this.pruneTimer);
        this.pruneTimer = undefined;
      }
    }, PRUNE_INTERVAL_MS);
    // A background job must not keep lug alive.
    this.pruneTimer.unref();
  }

  private hasBackground(): boolean {
    for (const e of this.entries.values()) if (e.state === 'background') return true;
    return false;
  }

  private changed(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A broken status line must not break process bookkeeping.
      }
    }
  }
}

const KEY = Symbol.for('lug.tools.processTable');
type WithTable = typeof globalThis & { [KEY]?: ProcessTable };

/** The process-wide table of the groups lug started. */
export const processTable: ProcessTable = ((globalThis as WithTable)[KEY] ??= new ProcessTable());
