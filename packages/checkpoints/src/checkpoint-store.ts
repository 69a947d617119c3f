/**
 * A project's checkpoints: one before each turn (`beginTurn`), completed with
 * what the turn changed when it ends (`endTurn`), and the files restored to
 * before any of them, with undo and redo turn by turn. Every operation on the
 * shadow runs one after another (one queue), so a turn's checkpoint is never
 * written while a restore runs, and holds the shadow's lock (shadow-lock.ts),
 * so neither is another lug's. A file another lug may have changed during a
 * turn is shared, never the turn's own, and no restore writes it
 * (running-turns.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CheckpointInfo, Checkpoints, RestoreOptions, RestoreResult } from '@lug/core';
import { changedPaths, fileChanges } from './file-diff.js';
import { CHECKPOINT_REFS, KNOWN_REF, SAVED_REFS, createRecordRef, readRecords, readRef, writeRecordCommit, type CheckpointRecord } from './checkpoint-records.js';
import { pruneShadow, type PruneOptions, type PruneResult } from './prune.js';
import { restoreFiles } from './restore-files.js';
import { finishTurn, noteWindow, othersInProgress, registerTurn } from './running-turns.js';
import { LOCK_WAIT_MS, lockShadow } from './shadow-lock.js';
import { initShadow } from './shadow-repo.js';
import type { ShadowGit } from './shadow-git.js';
import { SnapshotWriter } from './snapshot.js';

export interface CheckpointStoreOptions {
  /** Files over this many bytes are left out (read at each checkpoint). */
  maxFileSize: () => number;
  /** The session whose turns `undo` takes back. */
  sessionId?: () => string;
  /** Told once per file left out for its size. */
  onSkipped?: (path: string, size: number) => void;
  /** A checkpoint taken (a turn that changed files ended) or files restored. */
  onEvent?: (action: 'taken' | 'restored', checkpoint: CheckpointInfo, files: string[]) => void;
  /** How long to wait for another lug's hold on the shadow (default 2 minutes). */
  lockWaitMs?: number;
}

/** A checkpoint, with the files its turn changed that another lug may have changed too (left out of `files`). */
export interface StoredCheckpoint extends CheckpointInfo {
  shared: string[];
}

/**
 * A restore, with the files it did not write (not among `files`): because
 * another lug may have changed them (`leftAlone`), or because a symbolic link
 * or something else was in the way when it wrote (`unsafe`).
 */
export interface ShadowRestoreResult extends RestoreResult {
  leftAlone: string[];
  unsafe: string[];
}

function info(r: CheckpointRecord): StoredCheckpoint {
  const { id, sessionId, turn, prompt, created, ended, files, skipped, shared } = r;
  return { id, sessionId, turn, prompt, created, ended, files, skipped, shared };
}

export class CheckpointStore implements Checkpoints {
  private queue: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | undefined;
  private readonly snapshots: SnapshotWriter;
  private readonly toldSkipped = new Set<string>();
  /** Checkpoints undone in this process, and what each undo replaced (for redo), newest last. */
  private readonly undone = new Set<string>();
  private readonly redoStack: Array<{ id: string; saved: string }> = [];
  /** The next checkpoint's number, once known (another lug taking it meanwhile moves it on: createRecordRef). */
  private nextN: number | undefined;
  /** The checkpoints this process began and has not ended, as written: endTurn need not read every record back. */
  private readonly begun = new Map<string, CheckpointRecord>();
  /** This store among the lugs running turns in the project (running-turns.ts). */
  private readonly owner = `${process.pid}-${randomUUID()}`;

  constructor(
    readonly git: ShadowGit,
    private readonly opts: CheckpointStoreOptions,
  ) {
    this.snapshots = new SnapshotWriter(git, opts.maxFileSize);
  }

  /** Run `fn` after every operation queued before it, holding the shadow's lock. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const release = await lockShadow(this.git.gitDir, this.opts.lockWaitMs ?? LOCK_WAIT_MS);
      try {
        await (this.ready ??= initShadow(this.git));
        return await fn();
      } finally {
        release();
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /** The files' state now; what changed since the last one is foreign to other stores' running turns (`restorer`: this store wrote it). */
  private async snapshot(restorer?: string): Promise<{ commit: string; skipped: string[] }> {
    const snap = await this.snapshots.write();
    await noteWindow(this.git, snap.previous, snap.commit, restorer);
    for (const { path, size } of snap.skipped) {
      if (this.toldSkipped.has(path)) continue;
      this.toldSkipped.add(path);
      this.opts.onSkipped?.(path, size);
    }
    return { commit: snap.commit, skipped: snap.skipped.map((s) => s.path) };
  }

  private async record(id: string): Promise<CheckpointRecord> {
    const record = (await readRecords(this.git)).find((r) => r.id === id);
    if (!record) throw new RangeError(`there is no checkpoint ${JSON.stringify(id)} in this project (list them with lug rewind --list, or lug.checkpoint.list())`);
    return record;
  }

  /** The files as they are before a turn: returns the checkpoint's id. */
  beginTurn(sessionId: string, turn: number, prompt: string): Promise<string> {
    return this.serial(async () => {
      const [{ commit, skipped }, known] = await Promise.all([this.snapshot(), readRef(this.git, KNOWN_REF)]);
      const userChanged = known ? await changedPaths(this.git, known, commit) : [];
      const meta = { sessionId, turn, prompt, created: new Date().toISOString(), ended: false, files: [], skipped, userChanged, shared: [] };
      const n = await createRecordRef(this.git, await writeRecordCommit(this.git, meta, commit), await this.nextNumber());
      registerTurn(this.git, n, this.owner, commit);
      this.nextN = n + 1;
      this.begun.set(String(n), { ...meta, n, id: String(n), before: commit });
      // A new turn: what was undone before it stays undone.
      this.redoStack.length = 0;
      return String(n);
    });
  }

  /** The turn ended: its checkpoint records what changed. Returns it. */
  endTurn(id: string): Promise<StoredCheckpoint> {
    return this.serial(async () => {
      const record = this.begun.get(id) ?? (await this.record(id));
      this.begun.delete(id);
      const { commit, skipped } = await this.snapshot();
      // After the snapshot: its window counts this turn as running.
      const foreign = new Set(finishTurn(this.git, record.n));
      const changed = await fileChanges(this.git, record.before, commit);
      const files = changed.filter((f) => !foreign.has(f.path));
      const shared = changed.filter((f) => foreign.has(f.path)).map((f) => f.path);
      const ended: CheckpointRecord = { ...record, ended: true, files, shared, skipped: [...new Set([...record.skipped, ...skipped])], after: commit };
      const written = await writeRecordCommit(this.git, ended, record.before, commit);
      // Both refs in one git process, and one transaction: the record and the state lug left move together.
      await this.git.ok(['update-ref', '--stdin'], `update ${CHECKPOINT_REFS}${record.n} ${written}\nupdate ${KNOWN_REF} ${commit}\n`);
      if (files.length) this.opts.onEvent?.('taken', info(ended), files.map((f) => f.path));
      return info(ended);
    });
  }

  /**
   * Write the files' state now, before any turn: the first time in a project
   * every file is hashed (2 s for 10,000 files), which the first turn would
   * otherwise wait for; after it a checkpoint only looks at what changed.
   */
  warm(): Promise<void> {
    return this.serial(async () => {
      await this.snapshot();
      await this.nextNumber();
    });
  }

  /** The next checkpoint's number, read once from every record (a long-used project has hundreds). */
  private async nextNumber(): Promise<number> {
    this.nextN ??= ((await readRecords(this.git)).at(-1)?.n ?? 0) + 1;
    return this.nextN;
  }

  /** Drop old checkpoints (age, then size) and let git's gc take their files; queued like every other operation. */
  prune(opts: PruneOptions): Promise<PruneResult> {
    return this.serial(() => pruneShadow(this.git, opts));
  }

  list(): Promise<StoredCheckpoint[]> {
    return this.serial(async () => (await readRecords(this.git)).map(info));
  }

  restore(id: string, opts: RestoreOptions = {}): Promise<ShadowRestoreResult> {
    return this.serial(async () => {
      const record = await this.record(id);
      return this.restoreTo(record.before, opts, await readRecords(this.git), record);
    });
  }

  /**
   * Make the files `target`'s, the state before `from`'s turn. A path the
   * restore would change that the user changed since lug last wrote the files
   * (or between `from` and the later turns) is a conflict: nothing is written
   * unless `force`. A path another lug may have changed (shared by `from` or a
   * later turn, or changed since another lug's running turn began) is left
   * alone, forced or not.
   */
  private async restoreTo(target: string, opts: RestoreOptions, records: CheckpointRecord[], from: CheckpointRecord): Promise<ShadowRestoreResult> {
    const { commit: now } = await this.snapshot();
    const since = records.filter((r) => r.n >= from.n);
    const others = new Set([...since.flatMap((r) => r.shared), ...(await othersInProgress(this.git, this.owner, now))]);
    const differ = await changedPaths(this.git, now, target);
    const files = differ.filter((f) => !others.has(f));
    const leftAlone = differ.filter((f) => others.has(f));
    const known = await readRef(this.git, KNOWN_REF);
    const changedByUser = new Set([...(known ? await changedPaths(this.git, known, now) : []), ...since.filter((r) => r.n > from.n).flatMap((r) => r.userChanged)]);
    const conflicts = files.filter((f) => changedByUser.has(f));
    if (opts.dryRun || (conflicts.length && !opts.force) || !files.length) return { applied: false, files, conflicts, leftAlone, unsafe: [] };
    // The files as they are now stay in the shadow: redo, or recovery by hand.
    const saved = `${SAVED_REFS}${Date.now()}-${process.pid}`;
    await this.git.ok(['update-ref', saved, now]);
    const { written, unsafe } = await restoreFiles(this.git, now, target, others);
    const after = await this.snapshot(this.owner);
    await this.git.ok(['update-ref', KNOWN_REF, after.commit]);
    this.opts.onEvent?.('restored', info(from), written);
    return { applied: true, files: written, conflicts, savedAs: saved, leftAlone, unsafe };
  }

  undo(opts: RestoreOptions = {}): Promise<(ShadowRestoreResult & { checkpoint: StoredCheckpoint }) | undefined> {
    return this.serial(async () => {
      const session = this.opts.sessionId?.();
      const records = await readRecords(this.git);
      // A turn whose files are all shared is still undone (leaving them alone, and saying so), not skipped for the one before.
      const candidates = records.filter((r) => r.ended && (r.files.length || r.shared.length) && !this.undone.has(r.id) && (session === undefined || r.sessionId === session));
      const last = candidates.at(-1);
      if (!last) return undefined;
      const result = await this.restoreTo(last.before, opts, records, last);
      if (result.applied || (!result.files.length && !opts.dryRun)) {
        this.undone.add(last.id);
        if (result.savedAs) this.redoStack.push({ id: last.id, saved: result.savedAs });
      }
      return { ...result, checkpoint: info(last) };
    });
  }

  redo(opts: RestoreOptions = {}): Promise<ShadowRestoreResult | undefined> {
    return this.serial(async () => {
      const top = this.redoStack.at(-1);
      if (!top) return undefined;
      const saved = await readRef(this.git, top.saved);
      if (!saved) throw new Error(`the files the undo replaced are no longer kept (${top.saved} was pruned)`);
      const records = await readRecords(this.git);
      const undone = records.find((r) => r.id === top.id);
      if (!undone) throw new RangeError(`checkpoint ${top.id} is no longer kept (it was pruned), so its undo cannot be redone`);
      // Only what changed since the undo counts: no later turn's shared files, nor its user edits.
      const result = await this.restoreTo(saved, opts, [], undone);
      if (result.applied || (!result.files.length && !opts.dryRun)) {
        this.redoStack.pop();
        this.undone.delete(top.id);
      }
      return result;
    });
  }
}
