/**
 * File checkpoints as the interface, the command line and Lua see them: the
 * files each turn changed, restored to before a chosen turn. The shadow
 * repository behind them is @lug/checkpoints'; this is only its shape, so
 * that packages which may not depend on it (the interface, the Lua bridge)
 * are handed one.
 */

/** One file a turn changed, with its added and removed lines (0 and 0 for a binary file). */
export interface CheckpointFile {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  added: number;
  removed: number;
  binary: boolean;
}

/** A turn's checkpoint: the files as they were before the turn, and what the turn changed. */
export interface CheckpointInfo {
  /** Stable for the project: what `restore` takes. */
  id: string;
  sessionId: string;
  /** The prompt's number in its conversation (1-based), as the session's rewind record names it. */
  turn: number;
  prompt: string;
  /** ISO time the turn started. */
  created: string;
  /** False while the turn runs (or when lug stopped before it ended): `files` is then empty. */
  ended: boolean;
  files: CheckpointFile[];
  /** Files left out of the checkpoint: over the size limit. */
  skipped: string[];
  /** Files the turn changed that another lug, running a turn in the project at the same time, may have changed too: not among `files`, and never written by a restore. */
  shared?: string[];
}

export interface RestoreOptions {
  /** Overwrite files the user changed since (conflicts). Default false: with a conflict nothing is restored. */
  force?: boolean;
  /** Only work out what would be restored and what conflicts. */
  dryRun?: boolean;
}

export interface RestoreResult {
  /** Whether files were written (false for a dry run, or when a conflict stopped it). */
  applied: boolean;
  /** Files that are (or would be) written or deleted. */
  files: string[];
  /** Files the user changed since lug last wrote them, among `files`. */
  conflicts: string[];
  /** The checkpoint of the files as they were just before this restore (redo / recovery). */
  savedAs?: string;
  /** Files the restore would have changed but left alone: another lug may have changed them (CheckpointInfo.shared, or its turn running now). */
  leftAlone?: string[];
  /** Files the restore did not write or delete because a symbolic link, or something else that is not what it replaces, was in the way (never followed): not among `files`. */
  unsafe?: string[];
}

/** What the interface and Lua are handed: a project's checkpoints. */
export interface Checkpoints {
  /** The project's checkpoints, oldest first. */
  list(): Promise<CheckpointInfo[]>;
  /** Put the files back as they were before checkpoint `id`'s turn. */
  restore(id: string, opts?: RestoreOptions): Promise<RestoreResult>;
  /** Undo the last turn of this session that changed files and is not undone yet; undefined when none is left. */
  undo(opts?: RestoreOptions): Promise<(RestoreResult & { checkpoint: CheckpointInfo }) | undefined>;
  /** Put back what the last undo took away; undefined when there is nothing to redo. */
  redo(opts?: RestoreOptions): Promise<RestoreResult | undefined>;
}
