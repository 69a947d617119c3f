/**
 * Sessions as JSON lines under `$XDG_STATE_HOME/lug/sessions/`: a header line,
 * then each message as it happens (appended synchronously, so a killed lug
 * loses at most the message in flight).
 */
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Message, ToolCallPart, Usage } from './messages.js';

export interface SessionHeader {
  type: 'session';
  id: string;
  cwd: string;
  created: string;
  version: 1;
}

/** A usage line holds the session's totals so far: tokens, and the cost in US dollars when every model's price was known. */
export type SessionLine = SessionHeader | { type: 'message'; message: Message } | { type: 'usage'; usage: Usage; cost?: number };

export interface StoredSession {
  header: SessionHeader;
  messages: Message[];
  usage: Usage;
  /** The session's cost so far in US dollars; undefined when a price was unknown. */
  cost?: number;
  path: string;
}

export class SessionNotFoundError extends Error {
  override name = 'SessionNotFoundError';
}

export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/**
 * A session killed between a tool call and its result would leave a call with
 * no result, which providers reject; give such calls a result on load.
 */
export function repairHistory(messages: Message[]): Message[] {
  const out: Message[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    out.push(m);
    if (m.role !== 'assistant') continue;
    const calls = m.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
    const next = messages[i + 1];
    if (calls.length && next?.role !== 'tool') {
      out.push({
        role: 'tool',
        results: calls.map((c) => ({ type: 'tool_result', callId: c.id, name: c.name, content: 'not run: lug stopped before this call finished', isError: true })),
      });
    }
  }
  return out;
}

export class SessionStore {
  constructor(readonly dir: string) {}

  pathOf(id: string): string {
    return join(this.dir, `${id}.jsonl`);
  }

  /** Start a new session file with its header. */
  create(id: string, cwd: string): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const header: SessionHeader = { type: 'session', id, cwd, created: new Date().toISOString(), version: 1 };
    appendFileSync(this.pathOf(id), JSON.stringify(header) + '\n', { mode: 0o600 });
  }

  append(id: string, line: SessionLine): void {
    appendFileSync(this.pathOf(id), JSON.stringify(line) + '\n');
  }

  load(id: string): StoredSession {
    const path = this.pathOf(id);
    if (!/^[\w.-]+$/.test(id) || !existsSync(path)) throw new SessionNotFoundError(`no session "${id}" in ${this.dir}`);
    const lines = readFileSync(path, 'utf8').split('\n');
    let header: SessionHeader | undefined;
    const messages: Message[] = [];
    let usage: Usage = { inputTokens: 0, outputTokens: 0 };
    let cost: number | undefined = 0;
    for (const line of lines) {
      if (!line.trim()) continue;
      let entry: SessionLine;
      try {
        entry = JSON.parse(line);
      } catch {
        continue; // a line cut by a kill: the lines before it are whole
      }
      if (entry.type === 'session') header = entry;
      else if (entry.type === 'message') messages.push(entry.message);
      else if (entry.type === 'usage') {
        usage = entry.usage;
        cost = typeof entry.cost === 'number' ? entry.cost : undefined;
      }
    }
    if (!header) throw new SessionNotFoundError(`${path} is not a lug session (no header line)`);
    return { header, messages: repairHistory(messages), usage, cost, path };
  }

  private readHeader(path: string): SessionHeader | undefined {
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(4096);
      const n = readSync(fd, buf, 0, buf.length, 0);
      const first = buf.subarray(0, n).toString('utf8').split('\n')[0]!;
      const h = JSON.parse(first);
      return h?.type === 'session' ? h : undefined;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  /** Sessions, newest first; only those started in `cwd` when given. */
  list(cwd?: string): Array<{ id: string; cwd: string; mtimeMs: number }> {
    if (!existsSync(this.dir)) return [];
    const out: Array<{ id: string; cwd: string; mtimeMs: number }> = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.jsonl')) continue;
      const path = join(this.dir, name);
      const header = this.readHeader(path);
      if (!header || (cwd !== undefined && header.cwd !== cwd)) continue;
      out.push({ id: header.id, cwd: header.cwd, mtimeMs: statSync(path).mtimeMs });
    }
    return out.sort((a, b) => b.mtimeMs - a.mtimeMs || b.id.localeCompare(a.id));
  }

  /** The newest session started in `cwd`. */
  latest(cwd: string): string | undefined {
    return this.list(cwd)[0]?.id;
  }
}
