/**
 * One writer at a time in a project's shadow repository, across processes.
 * Two lugs in one project (two terminals, an agent beside a CI job) ran git
 * on the same index and refs at once: one's `git add` failed on the other's
 * index.lock, and their snapshots, records and refs/lug/known interleaved.
 * Every operation of a store holds `lug.lock` in the shadow's git directory,
 * a lock file naming its process (@lug/core's process-lock.ts, as a session
 * file's claim is). A lock whose process has gone (killed, crashed) is taken
 * over; one whose process runs is waited for, up to `waitMs`, then the
 * operation fails, naming it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLock, lockHolder, lockLeft, releaseLock, takeOverLeftLock } from '@lug/core';

export const LOCK_FILE = 'lug.lock';

/** Default wait for a running holder: a first checkpoint of a large project, or a gc, takes a while. */
export const LOCK_WAIT_MS = 120_000;

export class ShadowLockedError extends Error {
  override name = 'ShadowLockedError';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Take the lock of shadow `gitDir`, waiting for a running holder up to `waitMs`; returns its release. */
export async function lockShadow(gitDir: string, waitMs = LOCK_WAIT_MS): Promise<() => void> {
  mkdirSync(gitDir, { recursive: true });
  const file = join(gitDir, LOCK_FILE);
  const until = Date.now() + waitMs;
  for (let pause = 5; !createLock(file); pause = Math.min(pause * 2, 100)) {
    if (lockLeft(file)) {
      takeOverLeftLock(file);
      continue;
    }
    if (Date.now() >= until) {
      const holder = lockHolder(file);
      throw new ShadowLockedError(`the checkpoints' repository is in use by another lug (process ${holder?.pid ?? 'unknown'}) for over ${Math.round(waitMs / 1000)} s: if no lug runs in this project, delete ${file}`);
    }
    await sleep(pause);
  }
  return () => releaseLock(file);
}
