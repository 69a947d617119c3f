/**
 * One directory's entries, sorted, directories (and links to directories)
 * marked with a trailing `/`: only the first `keep` of them in that order, and
 * how many there are. A large directory is read in batches, only the first
 * `keep` names kept between them, so a directory of millions of entries costs
 * the memory of what can be shown (reading 200,000 entries whole took 280–500 MB
 * of lug's memory, growing with the directory; in batches ~45 MB).
 */
import type { Dirent } from 'node:fs';
import { opendir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareStrings } from '@lug/tools';

/**
 * A directory whose size (st_size) is at most this is read in one readdir: one trip to the thread pool where
 * reading in batches takes four (~0.3 ms more a call). 256 KiB is some 6,000–13,000 entries on ext4, tmpfs, btrfs.
 */
const READ_WHOLE_MAX_SIZE = 256 * 1024;
/** Entries read between two trims of the kept names: large enough that sorting stays cheap, small enough to stay flat. */
const MIN_BATCH = 4096;

export interface DirectoryListing {
  /** The first `keep` names in code-unit order, directories ending in `/`. */
  names: string[];
  /** How many entries the directory has. */
  total: number;
}

/** Which entries are listed at all (ls: those the rules do not refuse to read); every one by default. */
export type EntryFilter = (name: string) => boolean;

/** The entries' shown names; only a symbolic link costs a stat (to a directory it is marked as one). */
async function shownNames(dir: string, all: readonly Dirent[], listed?: EntryFilter): Promise<string[]> {
  const entries = listed ? all.filter((e) => listed(e.name)) : all;
  const names = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
  await Promise.all(
    entries.map(async (e, i) => {
      if (!e.isSymbolicLink()) return;
      // A dangling link is listed as a plain entry.
      if (await stat(path.join(dir, e.name)).then((s) => s.isDirectory(), () => false)) names[i] = `${e.name}/`;
    }),
  );
  return names;
}

/**
 * `sizeHint`: the directory's st_size, which says whether it can be read whole. `listed`: the entries to list at
 * all, applied before the first `keep` are chosen and counted in `total`, so a left-out entry neither takes a
 * shown place nor counts among those not shown.
 */
export async function listDirectory(dir: string, keep: number, sizeHint: number, listed?: EntryFilter): Promise<DirectoryListing> {
  if (sizeHint <= READ_WHOLE_MAX_SIZE) {
    const names = (await shownNames(dir, await readdir(dir, { withFileTypes: true }), listed)).sort(compareStrings);
    const total = names.length;
    if (names.length > keep) names.length = keep;
    return { names, total };
  }
  return listInBatches(dir, keep, listed);
}

async function listInBatches(dir: string, keep: number, listed?: EntryFilter): Promise<DirectoryListing> {
  let names: string[] = [];
  let batch: Dirent[] = [];
  let total = 0;
  // The sort is by the shown name (a directory's `/` included), so a batch is marked before it is trimmed.
  const trim = async () => {
    names = names.concat(await shownNames(dir, batch)).sort(compareStrings);
    batch = [];
    if (names.length > keep) names.length = keep;
  };
  const batchSize = Math.max(MIN_BATCH, keep);
  const handle = await opendir(dir, { bufferSize: 1024 });
  try {
    // read() in a loop rather than for await: the async iterator cost ~40% more on a directory of 371 entries.
    for (let entry = await handle.read(); entry !== null; entry = await handle.read()) {
      if (listed && !listed(entry.name)) continue;
      total++;
      batch.push(entry);
      if (batch.length >= batchSize) await trim();
    }
  } finally {
    await handle.close();
  }
  await trim();
  return { names, total };
}
