/**
 * Keeping the shadow bounded: checkpoints (and the states restores saved)
 * older than the age limit are dropped, then the oldest more while the
 * repository is over its size budget, and git's own gc deletes what no ref
 * names any more. The newest checkpoint is always kept.
 */
import { CHECKPOINT_REFS, SAVED_REFS } from './checkpoint-records.js';
import type { ShadowGit } from './shadow-git.js';

export interface PruneOptions {
  /** Drop what is older than this many days. */
  maxAgeDays: number;
  /** Keep the repository under this many bytes (as `git count-objects` counts them after gc). */
  maxBytes: number;
  now?: number;
}

export interface PruneResult {
  dropped: number;
  bytes: number;
}

interface Named {
  ref: string;
  time: number;
}

async function refsByAge(git: ShadowGit): Promise<Named[]> {
  const out = await git.text(['for-each-ref', '--sort=committerdate', '--format=%(refname) %(committerdate:unix)', CHECKPOINT_REFS, SAVED_REFS]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [ref, time] = line.split(' ');
      return { ref: ref!, time: Number(time) * 1000 };
    });
}

/** Bytes of the repository's objects, loose and packed. */
export async function repositoryBytes(git: ShadowGit): Promise<number> {
  const out = await git.text(['count-objects', '-v']);
  let kib = 0;
  for (const line of out.split('\n')) {
    const m = /^(size|size-pack|size-garbage): (\d+)$/.exec(line.trim());
    if (m) kib += Number(m[2]);
  }
  return kib * 1024;
}

async function drop(git: ShadowGit, refs: Named[]): Promise<void> {
  if (!refs.length) return;
  await git.ok(['update-ref', '--stdin'], refs.map((r) => `delete ${r.ref}\n`).join(''));
}

async function gc(git: ShadowGit): Promise<void> {
  await git.ok(['-c', 'gc.reflogExpire=now', '-c', 'gc.reflogExpireUnreachable=now', 'gc', '--quiet', '--prune=now']);
}

export async function pruneShadow(git: ShadowGit, opts: PruneOptions): Promise<PruneResult> {
  const now = opts.now ?? Date.now();
  let refs = await refsByAge(git);
  const newest = refs.filter((r) => r.ref.startsWith(CHECKPOINT_REFS)).at(-1);
  const old = refs.filter((r) => r !== newest && now - r.time > opts.maxAgeDays * 86_400_000);
  await drop(git, old);
  let dropped = old.length;
  refs = refs.filter((r) => !old.includes(r));
  let bytes = await repositoryBytes(git);
  if (dropped || bytes > opts.maxBytes) {
    await gc(git);
    bytes = await repositoryBytes(git);
  }
  // Over the budget: the oldest half goes, and again, until it fits or only the newest is left.
  while (bytes > opts.maxBytes) {
    const droppable = refs.filter((r) => r !== newest);
    if (!droppable.length) break;
    const half = droppable.slice(0, Math.max(1, Math.ceil(droppable.length / 2)));
    await drop(git, half);
    dropped += half.length;
    refs = refs.filter((r) => !half.includes(r));
    await gc(git);
    bytes = await repositoryBytes(git);
  }
  return { dropped, bytes };
}
