/**
 * Every decision, appended as one JSON line to the approvals log. The file is
 * created readable by the user only (0600: arguments may hold secrets), opened
 * in append mode and never rewritten. Lines are written synchronously so the
 * log is complete even if lug dies right after a decision.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stateDir, type Env } from '@lug/core';

/** Why a call asked (someone then answered, or headless refused it): `by` is `rule:<source>`, `bash parser`, `mode:all` or `default:<tool>` (the tool asks by default). */
export interface AskCause {
  by: string;
  reason: string;
}

/** A rule that failed on the call: its source and its error (with the part or path it judged). */
export interface LoggedFailure {
  source: string;
  error: string;
}

export interface LogEntry {
  /** ISO 8601. */
  time: string;
  session: string | null;
  call: string;
  /** The subagent that made the call (its label), when one did. */
  agent?: string;
  tool: string;
  /** The arguments, with long strings and big collections cut. */
  args: unknown;
  decision: 'allow' | 'deny';
  /** rule, user, allowed-always, mode, plugin or headless. */
  by: string;
  /** The rule's or plugin's source ("init.lua:12"), or the mode ("off", "policy"). */
  source?: string;
  /** The approval mode when the decision was made. */
  mode: string;
  reason?: string;
  /** Set when the call asked: what made it ask. A headless refusal (`by: headless`) says here which rule or tool default it was. */
  asked?: AskCause;
  /** The rules that failed on this call, whatever the mode and the decision. */
  failures?: LoggedFailure[];
}

/** `$XDG_STATE_HOME/lug/approvals.log`, else `~/.local/state/lug/approvals.log` (core's stateDir: a relative XDG value is ignored). */
export function defaultLogPath(env: Env): string {
  return join(stateDir(env), 'approvals.log');
}

export class DecisionLog {
  private fd: number | undefined;
  private failed = false;

  /** @param onError told once, if the log cannot be written; decisions go on without it. */
  constructor(
    readonly path: string,
    private readonly onError: (message: string) => void,
  ) {}

  append(entry: LogEntry): void {
    if (this.failed) return;
    try {
      if (this.fd === undefined) {
        mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
        this.fd = openSync(this.path, 'a', 0o600);
      }
      writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    } catch (err) {
      this.failed = true;
      this.onError(`the approvals log ${this.path} cannot be written (${(err as Error).message}); decisions are not being logged`);
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;

/** A short form of the arguments for the log: strings past 200 characters and collections past 20 items are cut. */
export function shortArgs(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} characters)` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => shortArgs(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`… (${value.length} items)`);
    return items;
  }
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [key, v] of entries.slice(0, MAX_ITEMS)) out[key] = shortArgs(v, depth + 1);
  if (entries.length > MAX_ITEMS) out['…'] = `${entries.length} keys`;
  return out;
}
