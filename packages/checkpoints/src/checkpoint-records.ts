/**
 * Checkpoints as refs of the shadow repository: `refs/lug/cp/<n>` names a
 * commit whose message is the checkpoint's record (JSON) and whose parents
 * are the files before the turn and, once it ended, after it. So a
 * checkpoint keeps exactly its two states alive, and deleting its ref lets
 * git's gc take them. `refs/lug/known` is the state lug last left the files
 * in (a turn's end, a restore): what differs from it now, the user changed.
 */
import type { CheckpointFile, CheckpointInfo } from '@lug/core';
import type { ShadowGit } from './shadow-git.js';

export const CHECKPOINT_REFS = 'refs/lug/cp/';
export const KNOWN_REF = 'refs/lug/known';
export const SAVED_REFS = 'refs/lug/saved/';

/** A checkpoint with the commits it names. */
export interface CheckpointRecord extends CheckpointInfo {
  n: number;
  /** The files before the turn. */
  before: string;
  /** The files after it (once ended). */
  after?: string;
  /** Files the user changed between lug's last write and this turn's start. */
  userChanged: string[];
  /**
   * Files the turn changed that another lug may have changed during it
   * (running-turns.ts): not among `files`, and no restore writes them.
   */
  shared: string[];
}

/** What a record's message holds (`shared` is absent from records of an older lug). */
type Meta = Omit<CheckpointRecord, 'n' | 'id' | 'before' | 'after' | 'shared'> & { shared?: string[] };

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

function files(v: unknown): CheckpointFile[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((f) =>
    f && typeof f.path === 'string' && ['added', 'modified', 'deleted'].includes(f.status)
      ? [{ path: f.path, status: f.status, added: Number(f.added) || 0, removed: Number(f.removed) || 0, binary: f.binary === true }]
      : [],
  );
}

/** A record read back from a commit message; undefined when it is not one (never trusted to be well-formed). */
export function parseRecord(n: number, parents: string[], message: string): CheckpointRecord | undefined {
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!meta || typeof meta !== 'object' || !parents[0]) return undefined;
  const ended = meta.ended === true;
  return {
    n,
    id: String(n),
    sessionId: typeof meta.sessionId === 'string' ? meta.sessionId : '',
    turn: Number.isInteger(meta.turn) ? (meta.turn as number) : 0,
    prompt: typeof meta.prompt === 'string' ? meta.prompt : '',
    created: typeof meta.created === 'string' ? meta.created : '',
    ended,
    files: ended ? files(meta.files) : [],
    skipped: strings(meta.skipped),
    userChanged: strings(meta.userChanged),
    shared: strings(meta.shared),
    before: parents[0],
    // A turn that changed nothing has one parent: git keeps a parent given twice once.
    ...(ended ? { after: parents[1] ?? parents[0] } : {}),
  };
}

export function recordMessage(r: Meta): string {
  const { sessionId, turn, prompt, created, ended, files, skipped, userChanged, shared } = r;
  return JSON.stringify({ sessionId, turn, prompt, created, ended, files, skipped, userChanged, shared: shared ?? [] });
}

/** Every checkpoint of the shadow, oldest first. */
export async function readRecords(git: ShadowGit): Promise<CheckpointRecord[]> {
  const out = await git.text(['for-each-ref', '--format=%(refname)%00%(parent)%00%(contents)%00', CHECKPOINT_REFS]);
  const fields = out.split('\0');
  const records: CheckpointRecord[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const name = fields[i]!.trim();
    const n = Number(name.slice(CHECKPOINT_REFS.length));
    if (!name.startsWith(CHECKPOINT_REFS) || !Number.isInteger(n) || n < 1) continue;
    const record = parseRecord(n, fields[i + 1]!.trim().split(' ').filter(Boolean), fields[i + 2]!);
    if (record) records.push(record);
  }
  return records.sort((a, b) => a.n - b.n);
}

/** Write a checkpoint's commit: its record, its states as parents. */
export async function writeRecordCommit(git: ShadowGit, meta: Meta, before: string, after?: string): Promise<string> {
  const parents = after ? ['-p', before, '-p', after] : ['-p', before];
  return (await git.text(['commit-tree', `${after ?? before}^{tree}`, ...parents, '-F', '-'], recordMessage(meta))).trim();
}

/** Create `refs/lug/cp/<n>` at `commit` with the first free n from `from` (another lug may take one at the same time). */
export async function createRecordRef(git: ShadowGit, commit: string, from: number): Promise<number> {
  for (let n = from; n < from + 100; n++) {
    const r = await git.run(['update-ref', `${CHECKPOINT_REFS}${n}`, commit, '']);
    if (r.code === 0) return n;
  }
  throw new Error(`could not name a new checkpoint in ${git.gitDir}: refs ${from} to ${from + 99} are all taken`);
}

export async function readRef(git: ShadowGit, ref: string): Promise<string | undefined> {
  const r = await git.run(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return r.code === 0 ? r.stdout.toString('utf8').trim() : undefined;
}
