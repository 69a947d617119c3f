/**
 * A project's checkpoints: one before each turn (`beginTurn`), completed with
 * what the turn changed when it ends (`endTurn`), and the files restored to
 * before any of them, with undo and redo turn by turn. Every operation on the
 * shadow runs one after another (one queue), so a turn's checkpoint is never
 * written while a restore runs.
 */
import type { CheckpointInfo, Checkpoints, RestoreOptions, RestoreResult } from '@lug/core';
import { changedPaths, fileChanges } from './file-diff.js';
import { CHECKPOINT_REFS, KNOWN_REF, SAVED_REFS, createRecordRef, readRecords, readRef, writeRecordCommit, type CheckpointRecord } from './checkpoint-records.js';
import { pruneShadow, type PruneOptions, type PruneResult } from './prune.js';
import { restoreFiles } from './restore-files.js';
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
}

function info(r: CheckpointRecord): CheckpointInfo {
  const { id, sessionId, turn, prompt, created, ended, files, skipped } = r;
  return { id, sessionId, turn, prompt, created, ended, files, skipped };
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

  constructor(
    readonly git: ShadowGit,
    private readonly opts: CheckpointStoreOptions,
  ) {
    this.snapshots = new SnapshotWriter(git, opts.maxFileSize);
  }

  /** Run `fn` after every operation queued before it. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      await (this.ready ??= initShadow(this.git));
      return fn();
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async snapshot(): Promise<{ commit: string; skipped: string[] }> {
    const snap = await this.snapshots.write();
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
      const meta = { sessionId, turn, prompt, created: new Date().toISOString(), ended: false, files: [], skipped, userChanged };
      const n = await createRecordRef(this.git, await writeRecordCommit(this.git, meta, commit), await this.nextNumber());
      this.nextN = n + 1;
      this.begun.set(String(n), { ...meta, n, id: String(n), before: commit });
      // A new turn: what was undone before it stays undone.
      this.redoStack.length = 0;
      return String(n);
    });
  }

  /** The turn ended: its checkpoint records what changed. Returns it. */
  endTurn(id: string): Promise<CheckpointInfo> {
    return this.serial(async () => {
      const record = this.begun.get(id) ?? (await this.record(id));
      this.begun.delete(id);
      const { commit, skipped } = await this.snapshot();
      const files = await fileChanges(this.git, record.before, commit);
      const ended: CheckpointRecord = { ...record, ended: true, files, skipped: [...new Set([...record.skipped, ...skipped])], after: commit };
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

  list(): Promise<CheckpointInfo[]> {
    return this.serial(async () => (await readRecords(this.git)).map(info));
  }

  restore(id: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
    return this.serial(async () => {
      const record = await this.record(id);
      const later = (await readRecords(this.git)).filter((r) => r.n > record.n);
      return this.restoreTo(record.before, opts, later.flatMap((r) => r.userChanged), info(record));
    });
  }

  /**
   * Make the files `target`'s. A path the restore would change that the user
   * changed since lug last wrote the files (or between the later turns:
   * `userChangedLater`) is a conflict: nothing is written unless `force`.
   */
  private async restoreTo(target: string, opts: RestoreOptions, userChangedLater: string[], checkpoint: CheckpointInfo): Promise<RestoreResult> {
    const { commit: now } = await this.snapshot();
    const files = await changedPaths(this.git, now, target);
    const known = await readRef(this.git, KNOWN_REF);
    const changedByUser = new Set([...(known ? await changedPaths(this.git, known, now) : []), ...userChangedLater]);
    const conflicts = files.filter((f) => changedByUser.has(f));
    if (opts.dryRun || (conflicts.length && !opts.force) || !files.length) return { applied: false, files, conflicts };
    // The files as they are now stay in the shadow: redo, or recovery by hand.
    const saved = `${SAVED_REFS}${Date.now()}-${process.pid}`;
    await this.git.ok(['update-ref', saved, now]);
    const written = await restoreFiles(this.git, now, target);
    const after = await this.snapshot();
    await this.git.ok(['update-ref', KNOWN_REF, after.commit]);
    this.opts.onEvent?.('restored', checkpoint, written);
    return { applied: true, files: written, conflicts, savedAs: saved };
  }

  undo(opts: RestoreOptions = {}): Promise<(RestoreResult & { checkpoint: CheckpointInfo }) | undefined> {
    return this.serial(async () => {
      const session = this.opts.sessionId?.();
      const records = await readRecords(this.git);
      const candidates = records.filter((r) => r.ended && r.files.length && !this.undone.has(r.id) && (session === undefined || r.sessionId === session));
      const last = candidates.at(-1);
      if (!last) return undefined;
      const later = records.filter((r) => r.n > last.n).flatMap((r) => r.userChanged);
      const result = await this.restoreTo(last.before, opts, later, info(last));
      if (result.applied || (!result.files.length && !opts.dryRun)) {
        this.undone.add(last.id);
        if (result.savedAs) this.redoStack.push({ id: last.id, saved: result.savedAs });
      }
      return { ...result, checkpoint: info(last) };
    });
  }

  redo(opts: RestoreOptions = {}): Promise<RestoreResult | undefined> {
    return this.serial(async () => {
      const top = this.redoStack.at(-1);
      if (!top) return undefined;
      const saved = await readRef(this.git, top.saved);
      if (!saved) throw new Error(`the files the undo replaced are no longer kept (${top.saved} was pruned)`);
      const result = await this.restoreTo(saved, opts, [], info(await this.record(top.id)));
      if (result.applied || (!result.files.length && !opts.dryRun)) {
        this.redoStack.pop();
        this.undone.delete(top.id);
      }
      return result;
    });
  }
}
