/**
 * Every process group lug started and that may still be alive: the running
 * calls, and those that outlived their call (a `cmd > log 2>&1 &` the shell
 * left behind, or a `setsid cmd &` that left the group: a call stays listed
 * while any process of its group or with its mark runs). The status line
 * shows the counts; exit cleanup kills them all.
 *
 * One table per process, even when two copies of this package are loaded (a
 * plugin that bundles its own): it lives on `globalThis` under a symbol.
 */
import { groupAlive } from './kill-group.js';
import { findMarks, pidsAfter } from './marked-processes.js';
import { sameOwner, selfOwner, type Mark } from './process-marker.js';

export interface ProcessEntry {
  /** The process group id (the pid of its leader); for a `lone` process, its pid. */
  pgid: number;
  /** The command line, or the argument list joined by spaces. */
  command: string;
  startedAt: number;
  /** `running`: its call has not returned. `background`: it outlived its call. */
  state: 'running' | 'background';
  /** The mark its processes carry in their environment; absent when it was started without one. */
  mark?: Mark;
  /**
   * Its group has no member left, only marked processes that left it. The
   * group id may then be given to an unrelated group, so it is not signalled.
   */
  groupGone?: boolean;
  /**
   * It runs in lug's process group (a program that starts no processes,
   * ProcessOptions.startsNoProcesses): its pid names no group, so it is never
   * signalled as one; its call kills it, and at exit its mark finds it.
   */
  lone?: boolean;
}

/**
 * The calls of this lug that have a marked process running, from one look at
 * /proc, among the processes started after `since` (the oldest call's leader):
 * only those can be its calls' (see pidsAfter). Used for counting only; the
 * kills look at every process.
 */
function callsWithMarkedProcesses(since: number): Set<number> {
  const self = selfOwner();
  return new Set(findMarks((m) => sameOwner(m.owner, self), pidsAfter(since)).map((f) => f.mark.call));
}

/** How often background groups are checked for having died on their own. */
const PRUNE_INTERVAL_MS = 2000;

export class ProcessTable {
  private readonly entries = new Map<number, ProcessEntry>();
  private readonly listeners = new Set<() => void>();
  private pruneTimer: ReturnType<typeof setInterval> | undefined;

  /** A call started a group (or, `lone`, a process in lug's process group). */
  add(pgid: number, command: string, mark?: Mark, opts: { lone?: boolean } = {}): void {
    this.entries.set(pgid, { pgid, command, startedAt: Date.now(), state: 'running', ...(mark ? { mark } : {}), ...(opts.lone ? { lone: true } : {}) });
    this.changed();
  }

  /**
   * A call returned: it stays listed as background while any process of its group or with its mark lives.
   * `ended`: the caller knows nothing of it can live on (a sandbox's launcher exited, and its PID namespace
   * dies with it), which spares reading /proc for a group whose last members are still being torn down.
   */
  finish(pgid: number, opts: { ended?: boolean } = {}): void {
    const entry = this.entries.get(pgid);
    if (!entry) return;
    if (opts.ended) {
      this.entries.delete(pgid);
      this.changed();
      return;
    }
    const groupLives = groupAlive(pgid);
    if (groupLives || (entry.mark && callsWithMarkedProcesses(pgid).has(entry.mark.call))) {
      if (!groupLives) entry.groupGone = true;
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

  /** The mark of the call that started `pgid`, while it is listed. */
  markOf(pgid: number): Mark | undefined {
    return this.entries.get(pgid)?.mark;
  }

  /** pgids of every group that may be alive, running or background. */
  groups(): number[] {
    return [...this.entries.values()].filter((e) => !e.groupGone && !e.lone).map((e) => e.pgid);
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
    let marked: Set<number> | undefined;
    for (const [pgid, e] of this.entries) {
      if (e.state !== 'background' || (!e.groupGone && groupAlive(pgid))) continue;
      e.groupGone = true;
      marked ??= callsWithMarkedProcesses(this.oldestBackground());
      if (!e.mark || !marked.has(e.mark.call)) {
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

  /** The leader pid of the background call started first (pids of later calls were given out after it). */
  private oldestBackground(): number {
    let oldest: ProcessEntry | undefined;
    for (const e of this.entries.values()) if (e.state === 'background' && (!oldest || e.startedAt < oldest.startedAt)) oldest = e;
    return oldest?.pgid ?? 1;
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
