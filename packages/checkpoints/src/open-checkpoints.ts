/**
 * Opening a project's checkpoints: git must be on PATH (else the feature is
 * off, and `openCheckpoints` says why in one sentence), the shadow is made on
 * first use (pruning is the store's `prune`, which lug runs in the background).
 */
import type { Env } from '@lug/core';
import { CheckpointStore, type CheckpointStoreOptions } from './checkpoint-store.js';
import { shadowDir } from './shadow-repo.js';
import { ShadowGit, gitVersion } from './shadow-git.js';

export interface OpenCheckpointsOptions extends Omit<CheckpointStoreOptions, 'maxFileSize'> {
  cwd: string;
  env: Env;
  maxFileSize?: () => number;
  /** The git program (default "git" on the env's PATH). */
  git?: string;
}

export type OpenedCheckpoints = { store: CheckpointStore; off?: undefined } | { store?: undefined; off: string };

export const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;

export async function openCheckpoints(opts: OpenCheckpointsOptions): Promise<OpenedCheckpoints> {
  const path = opts.env.PATH ?? '';
  if (!(await gitVersion(path, opts.git))) return { off: 'checkpoints are off: git is not on PATH, so :undo, :redo and file restores by :rewind and lug rewind are not available (install git to have them)' };
  const git = new ShadowGit({ gitDir: shadowDir(opts.env, opts.cwd), workTree: opts.cwd, path, git: opts.git });
  const { cwd: _cwd, env: _env, git: _git, maxFileSize, ...rest } = opts;
  return { store: new CheckpointStore(git, { maxFileSize: maxFileSize ?? (() => DEFAULT_MAX_FILE_SIZE), ...rest }) };
}
