/**
 * Sessions as JSON lines under `$XDG_STATE_HOME/lug/sessions/`: a header line,
 * then each message as it happens (appended synchronously, so a killed lug
 * loses at most the message in flight).
 *
 * A file may be damaged (a kill mid-line, a full disk, an edit by hand), and
 * lug still reads what is whole: an append after a cut last line starts a new
 * line, a line that is not a valid record is skipped with one notice naming
 * the file and its lines, and a broken header is an error that says what is
 * wrong with it.
 */
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Message, Usage } from './messages.js';
import { SessionPaths } from './session-paths.js';
import { HollowMessages, type Hydrate } from './hollow-messages.js';
import { forEachLine, NotARegularFileError, openRegularFile } from './file-lines.js';
import { claimSessionFile, releaseSessionFile } from './session-claim.js';
import type { Compaction } from './compaction-record.js';
import type { StateValue } from './session-state.js';
import { readHeaderLine, readRecordLine, type SessionHeader, type SessionLine } from './session-records.js';
import { subagentsOf, type StoredSubagent } from './subagent-record.js';

export type { StoredSubagent } from './subagent-record.js';
import { outlineSession, type SessionOutline } from './session-outline.js';

export type { SessionHeader, SessionLine } from './session-records.js';
export type { SessionOutline } from './session-outline.js';
export { repairHistory } from './repair-history.js';

export interface StoredSession {
  header: SessionHeader;
  messages: Message[];
  usage: Usage;
  /** The session's cost so far in US dollars; undefined when a price was unknown. */
  cost?: number;
  /** The compaction that stands (its keptFrom an index of `messages`), if the session was compacted. */
  compaction?: Compaction;
  /** Every compaction of the conversation, the standing one last (a rewind before one brings back the one before). */
  compactions: Compaction[];
  /** The branches kept in the file (`:rewind` cut them off, `:resume ID#N` goes back to one). */
  branches: BranchSummary[];
  /**
   * Messages before the standing compaction are read without their bulk
   * (long results, answers, prompts, images: see hollow-messages.ts); this
   * reads it back for `messages[from..to)`, in place.
   */
  hydrate: Hydrate;
  path: string;
  /** What was skipped or repaired on load, naming the file and lines; absent when the file was whole. */
  notice?: string;
  /** Plugins' state (`lug.session.state`) as the file last had it. */
  state: [string, StateValue][];
  /** The subagents' conversations whose parent call is in `messages` (or that no call started), in the order they ended. */
  subagents: StoredSubagent[];
  /** Plugins' state as it was when the prompt at `index` of `messages` was sent (what `:rewind` to it brings back); undefined for an index that is no prompt. */
  stateAt(index: number): [string, StateValue][] | undefined;
}

/** A branch kept in a session file, as `:resume` lists it. */
export interface BranchSummary {
  n: number;
  /** Messages it shares with the conversation. */
  at: number;
  messages: number;
  /** Its first prompt after the shared part. */
  prompt: string;
}

export class SessionNotFoundError extends Error {
  override name = 'SessionNotFoundError';
}

/** The file exists but its header line is not a lug session header. */
export class SessionDamagedError extends Error {
  override name = 'SessionDamagedError';
}

export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Lines named in a notice, at most; the rest are counted. */
const NOTICE_LINES = 5;
/** Bytes of a file read to find its header. */
const HEADER_BYTES = 4096;

/** Append `text` (one or more whole lines), on a line of its own even when the file ends in a cut line. */
function appendLines(path: string, text: string, mode?: number): void {
  const fd = openSync(path, 'a+', mode);
  try {
    const size = fstatSync(fd).size;
    let prefix = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    writeSync(fd, prefix + text);
  } finally {
    closeSync(fd);
  }
}

function damageNotice(path: string, skipped: Array<{ line: number; problem: string }>, droppedResults: number): string | undefined {
  const parts: string[] = [];
  if (skipped.length) {
    const named = skipped.slice(0, NOTICE_LINES).map((s) => `line ${s.line} (${s.problem})`);
    const more = skipped.length - named.length;
    const list = more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
    parts.push(`skipped ${skipped.length === 1 ? 'a line that is' : `${skipped.length} lines that are`} not a valid record: ${list}`);
  }
  if (droppedResults) parts.push(`dropped ${droppedResults === 1 ? 'a tool message' : `${droppedResults} tool messages`} that answered no call`);
  return parts.length ? `session ${path}: ${parts.join('; ')}. The rest of the conversation is loaded.` : undefined;
}

function headerError(path: string, problem: string): SessionDamagedError {
  return new SessionDamagedError(
    `${path} cannot be continued: its first line is not a lug session header (${problem}). ` +
      'Fix or move that file, or start a new session (without --continue or --resume).',
  );
}

function firstPromptAfter(messages: readonly Message[], at: number): string {
  for (let i = at; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'user') return m.content;
  }
  return '';
}

/** A session's id is its file's name (what load() opens), whatever its header says. */
const idOf = (fileName: string) => fileName.slice(0, -'.jsonl'.length);

/** What a session id may hold: one name in the sessions folder, never a path out of it (`../`, `/`, a NUL byte). */
const SESSION_ID = /^[\w.-]+$/;

/** A read of the file that failed (no permission, a directory, a named pipe) as the error --continue and :resume report. */
function unreadable(path: string, err: unknown): Error {
  if (err instanceof SessionDamagedError || !(err instanceof NotARegularFileError || (err as NodeJS.ErrnoException)?.code)) return err as Error;
  const why = err instanceof NotARegularFileError ? err.message.slice(path.length + 1) : (err as Error).message;
  return new SessionDamagedError(`${path} cannot be continued: it cannot be read (${why}). Fix or move it, or start a new session (without --continue or --resume).`);
}

type HeaderRead = { header: SessionHeader; problem?: undefined; firstLine: string } | { header?: undefined; problem: string; firstLine: string };

export class SessionStore {
  constructor(readonly dir: string) {}

  /** The file of session `id`; an id that is not one name (a path, a NUL byte) is refused, so no write or read leaves the folder. */
  pathOf(id: string): string {
    if (!SESSION_ID.test(id)) throw new Error(`${JSON.stringify(id)} is not a session id (letters, digits, "_", "-" and "."): a session is a file of ${this.dir}`);
    return join(this.dir, `${id}.jsonl`);
  }

  /** Start a new session file with its header, claimed by this process (session-claim.ts). */
  create(id: string, cwd: string, extra: { forkedFrom?: string } = {}): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.claim(id);
    const header: SessionHeader = { type: 'session', id, cwd, created: new Date().toISOString(), version: 1, ...extra };
    appendLines(this.pathOf(id), JSON.stringify(header) + '\n', 0o600);
  }

  /** Claim session `id`'s file for this process's writes; throws SessionInUseError while another running lug has it. */
  claim(id: string): void {
    claimSessionFile(this.pathOf(id), id);
  }

  /** Let go of this process's claim on session `id`'s file. */
  release(id: string): void {
    releaseSessionFile(this.pathOf(id));
  }

  append(id: string, line: SessionLine): void {
    appendLines(this.pathOf(id), JSON.stringify(line) + '\n');
  }

  /**
   * Read a session back. Lines that are not valid records are skipped (see
   * `notice`); a broken header throws SessionDamagedError.
   */
  load(id: string): StoredSession {
    const path = this.existingPath(id);
    try {
      return this.read(path);
    } catch (err) {
      throw unreadable(path, err);
    }
  }

  private read(path: string): StoredSession {
    let header: SessionHeader | undefined;
    let headerProblem: string | undefined;
    const paths = new SessionPaths();
    const hollows = new HollowMessages(path);
    let usage: Usage = { inputTokens: 0, outputTokens: 0 };
    let cost: number | undefined = 0;
    const state = new Map<string, StateValue>();
    // The state as each prompt found it, by the prompt's index; one copy shared by the prompts between two changes.
    const promptStates = new Map<number, [string, StateValue][]>();
    let snapshot: [string, StateValue][] | undefined;
    const skipped: Array<{ line: number; problem: string }> = [];
    const subagents: StoredSubagent[] = [];
    forEachLine(path, (text, number, offset) => {
      if (number === 1) {
        const first = readHeaderLine(text);
        if (first.header) header = first.header;
        else headerProblem = text.trim() ? first.problem : 'the first line is empty';
        return;
      }
      if (!header || !text.trim()) return;
      const read = readRecordLine(text);
      if (!read.record) skipped.push({ line: number, problem: read.problem });
      else if (read.record.type === 'message') {
        if (read.record.message.role === 'user') promptStates.set(paths.length, (snapshot ??= [...state]));
        paths.push(hollows.hollow(read.record.message, offset));
      }
      else if (read.record.type === 'usage') {
        usage = read.record.usage;
        cost = typeof read.record.cost === 'number' ? read.record.cost : undefined;
      } else if (read.record.type === 'compaction') paths.compact(read.record.compaction, read.record.kept);
      else if (read.record.type === 'state') {
        if (read.record.value === null) state.delete(read.record.key);
        else state.set(read.record.key, read.record.value);
        snapshot = undefined;
      } else if (read.record.type === 'subagent') subagents.push({ agent: read.record.agent, reason: read.record.reason, messages: read.record.messages });
      else if (read.record.type === 'rewind') paths.rewind(read.record.to, read.record.branch);
      else if (read.record.type === 'switch' && !paths.switchTo(read.record.branch)) skipped.push({ line: number, problem: `a switch to branch ${read.record.branch}, which the file does not hold` });
    });
    if (!header) throw headerError(path, headerProblem ?? 'the first line is empty');
    const { messages, compactions } = paths.finish();
    const notice = damageNotice(path, skipped, paths.droppedResults);
    const compaction = compactions.at(-1);
    // What is sent is whole; what only the file and the transcript's far past need stays hollow until asked for.
    hollows.hydrate(messages, compaction?.keptFrom ?? 0, messages.length);
    // A subagent of a call a rewind took away went with it.
    const kept = subagentsOf(subagents, messages);
    const branches = paths.branches.map((b) => ({ n: b.n, at: b.at, messages: b.messages.length, prompt: firstPromptAfter(b.messages, b.at) }));
    return { header, messages, usage, cost, path, compactions, branches, hydrate: hollows.hydrate, state: [...state], subagents: kept, stateAt: (index) => structuredClone(promptStates.get(index)), ...(compaction ? { compaction } : {}), ...(notice ? { notice } : {}) };
  }

  /**
   * What `:resume` lists of a session: its first prompt and its branches, the
   * same as load() gives, without loading it (session-outline.ts).
   */
  outline(id: string): SessionOutline {
    const path = this.existingPath(id);
    const read = this.readHeader(path);
    if (!read.header) throw headerError(path, read.firstLine.trim() ? read.problem! : 'the first line is empty');
    try {
      return outlineSession(path);
    } catch (err) {
      throw unreadable(path, err);
    }
  }

  /**
   * Make branch `n` the conversation of session `id` (`:resume ID#N`): a
   * switch record, after which the conversation it replaces is branch `n`.
   */
  switchBranch(id: string, n: number): void {
    const stored = this.load(id);
    if (!stored.branches.some((b) => b.n === n)) {
      const have = stored.branches.map((b) => `#${b.n}`).join(', ');
      throw new SessionNotFoundError(`session "${id}" has no branch ${n}${have ? `; its branches are ${have}` : '; it has no branches'}`);
    }
    this.append(id, { type: 'switch', branch: n });
  }

  /** The file of session `id`; SessionNotFoundError when there is none (or `id` is not a session's name). */
  private existingPath(id: string): string {
    if (!SESSION_ID.test(id) || !existsSync(this.pathOf(id))) throw new SessionNotFoundError(`no session ${JSON.stringify(id)} in ${this.dir}`);
    return this.pathOf(id);
  }

  private readHeader(path: string): HeaderRead {
    let firstLine = '';
    try {
      const fd = openRegularFile(path);
      try {
        const buf = Buffer.alloc(HEADER_BYTES);
        const n = readSync(fd, buf, 0, buf.length, 0);
        firstLine = buf.subarray(0, n).toString('utf8').split('\n')[0]!;
      } finally {
        closeSync(fd);
      }
    } catch (err) {
      return { problem: `it cannot be read: ${(err as Error).message}`, firstLine };
    }
    return { ...readHeaderLine(firstLine), firstLine };
  }

  /** Sessions, newest first; only those started in `cwd` when given. Files with a broken header are left out. */
  list(cwd?: string): Array<{ id: string; cwd: string; mtimeMs: number }> {
    return this.scan()
      .filter((f) => f.header && (cwd === undefined || f.header.cwd === cwd))
      .map((f) => ({ id: idOf(f.name), cwd: f.header!.cwd, mtimeMs: f.mtimeMs }));
  }

  /**
   * The newest session started in `cwd`, for --continue. A file with a broken
   * header counts when it may be this directory's (its header names no other
   * directory): it is the one to continue, and loading it says what is wrong.
   */
  latest(cwd: string): string | undefined {
    const quotedCwd = `"cwd":${JSON.stringify(cwd)}`;
    const newest = this.scan().find((f) => {
      if (f.header) return f.header.cwd === cwd;
      const named = /"cwd"\s*:\s*"/.test(f.firstLine);
      return !named || f.firstLine.includes(quotedCwd);
    });
    return newest && idOf(newest.name);
  }

  /** Every session file with its header read, newest first. */
  private scan(): Array<{ name: string; header?: SessionHeader; firstLine: string; mtimeMs: number }> {
    if (!existsSync(this.dir)) return [];
    const out: Array<{ name: string; header?: SessionHeader; firstLine: string; mtimeMs: number }> = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.jsonl')) continue;
      const path = join(this.dir, name);
      let mtimeMs: number;
      try {
        const stats = statSync(path);
        // A directory or a named pipe is no session, damaged or not: --continue passes over it (reading a pipe would wait for a writer).
        if (!stats.isFile()) continue;
        mtimeMs = stats.mtimeMs;
      } catch {
        continue; // removed while we looked
      }
      const read = this.readHeader(path);
      out.push({ name, header: read.header, firstLine: read.firstLine, mtimeMs });
    }
    return out.sort((a, b) => b.mtimeMs - a.mtimeMs || b.name.localeCompare(a.name));
  }
}
