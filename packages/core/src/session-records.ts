/**
 * The lines of a session file: a header, then message and usage records, one
 * JSON object a line. Reading a line gives its record or, for a line that is
 * not one (cut by a kill, not JSON, JSON of the wrong shape), what is wrong
 * with it in words.
 */
import { kindOf, messageProblem, usageProblem } from './message-check.js';
import type { Message, Usage } from './messages.js';
import type { Compaction } from './compaction-record.js';
import { stateValueProblem, type StateValue } from './session-state.js';
import { subagentLine, subagentLineProblem, type SubagentLine } from './subagent-record.js';

export type { SubagentLine } from './subagent-record.js';

export interface SessionHeader {
  type: 'session';
  id: string;
  cwd: string;
  created: string;
  version: 1;
  /** The session this one was forked from (`:fork`). */
  forkedFrom?: string;
}

/** A usage line holds the session's totals so far: tokens, and the cost in US dollars when every model's price was known. */
/**
 * A compaction line: from here on, `compaction.summary` stands for every
 * message but the last `kept` (counted when it was written) in what is sent.
 * The messages themselves stay in the file.
 */
export interface CompactionLine {
  type: 'compaction';
  compaction: Compaction;
  kept: number;
}

/**
 * A rewind line: the conversation went back to its first `to` messages (the
 * n-th prompt's turn and after are kept in the file as branch `branch`).
 * The turn number (`turn`, 1-based) is what a file checkpoint of the same
 * turn is named by, so that one `:rewind` can offer both.
 */
export interface RewindLine {
  type: 'rewind';
  to: number;
  turn: number;
  branch: number;
  created: string;
}

/** A switch line: branch `branch` became the conversation (`:resume ID#N`), the conversation before it that branch. */
export interface SwitchLine {
  type: 'switch';
  branch: number;
}

/** A state line: a plugin's state `key` is now `value` (null: removed); the last line of a key wins. */
export interface StateLine {
  type: 'state';
  key: string;
  value: StateValue;
}

export type SessionLine = SessionHeader | StateLine | { type: 'message'; message: Message } | { type: 'usage'; usage: Usage; cost?: number } | CompactionLine | RewindLine | SwitchLine | SubagentLine;

export type ReadLine = { record: SessionLine; problem?: undefined } | { record?: undefined; problem: string };

function parse(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { problem: 'not valid JSON (cut short, or not a record)' };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is wrong with `value` as a session header, or undefined when it is one. */
export function headerProblem(value: unknown): string | undefined {
  if (!isObject(value)) return `the header must be an object, got ${kindOf(value)}`;
  if (value.type !== 'session') return `the header's type must be "session", got ${kindOf(value.type)}`;
  for (const f of ['id', 'cwd', 'created']) {
    if (typeof value[f] !== 'string' || value[f] === '') return `the header's ${f} must be a non-empty string, got ${kindOf(value[f])}`;
  }
  if (value.version !== 1) return `the header's version must be 1, got ${kindOf(value.version)}`;
  return undefined;
}

/** The first line of a session file: its header, or what is wrong with it. */
export function readHeaderLine(text: string): { header: SessionHeader; problem?: undefined } | { header?: undefined; problem: string } {
  const parsed = parse(text);
  if ('problem' in parsed) return parsed;
  const problem = headerProblem(parsed.value);
  return problem ? { problem } : { header: parsed.value as SessionHeader };
}

/** A line after the header: a message or usage record, or what is wrong with it. */
export function readRecordLine(text: string): ReadLine {
  const parsed = parse(text);
  if ('problem' in parsed) return parsed;
  try {
    return recordOf(parsed.value);
  } catch (err) {
    // The checks walk nested values (a plugin's state) by recursion: a value nested thousands deep, which JSON.parse takes, overflows the stack. One line is lost, not the start.
    if (err instanceof RangeError) return { problem: 'nested too deeply to check' };
    throw err;
  }
}

function recordOf(value: unknown): ReadLine {
  if (!isObject(value)) return { problem: `a record must be an object, got ${kindOf(value)}` };
  if (value.type === 'message') {
    const problem = messageProblem(value.message);
    return problem ? { problem } : { record: { type: 'message', message: value.message as Message } };
  }
  if (value.type === 'usage') {
    const problem = usageProblem(value.usage);
    if (problem) return { problem };
    const cost = typeof value.cost === 'number' && Number.isFinite(value.cost) && value.cost >= 0 ? value.cost : undefined;
    return { record: { type: 'usage', usage: value.usage as Usage, ...(cost !== undefined ? { cost } : {}) } };
  }
  if (value.type === 'compaction') {
    const problem = compactionProblem(value);
    return problem ? { problem } : { record: value as unknown as CompactionLine };
  }
  if (value.type === 'rewind') {
    for (const f of ['to', 'turn', 'branch']) {
      const v = value[f];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return { problem: `a rewind's ${f} must be a count, got ${kindOf(v)}` };
    }
    return { record: { type: 'rewind', to: value.to as number, turn: value.turn as number, branch: value.branch as number, created: typeof value.created === 'string' ? value.created : '' } };
  }
  if (value.type === 'switch') {
    if (typeof value.branch !== 'number' || !Number.isInteger(value.branch) || value.branch < 1) return { problem: `a switch's branch must be a branch number, got ${kindOf(value.branch)}` };
    return { record: { type: 'switch', branch: value.branch } };
  }
  if (value.type === 'state') {
    if (typeof value.key !== 'string' || value.key === '') return { problem: `a state record's key must be a non-empty string, got ${kindOf(value.key)}` };
    const problem = stateValueProblem(value.value, `state "${value.key}"`);
    return problem ? { problem } : { record: { type: 'state', key: value.key, value: value.value as StateValue } };
  }
  if (value.type === 'subagent') {
    const problem = subagentLineProblem(value);
    return problem ? { problem } : { record: subagentLine(value) };
  }
  if (value.type === 'session') return { problem: 'a second session header, after the first line' };
  return { problem: `a record's type must be "message", "usage", "compaction", "rewind", "switch", "state" or "subagent", got ${kindOf(value.type)}` };
}

const REASONS = ['threshold', 'overflow', 'command'];

/** What is wrong with a compaction line, or undefined. */
function compactionProblem(value: Record<string, unknown>): string | undefined {
  if (typeof value.kept !== 'number' || !Number.isInteger(value.kept) || value.kept < 0) return `a compaction's kept must be a count, got ${kindOf(value.kept)}`;
  const c = value.compaction;
  if (!isObject(c)) return `a compaction record needs its compaction, got ${kindOf(c)}`;
  if (typeof c.summary !== 'string') return `a compaction's summary must be a string, got ${kindOf(c.summary)}`;
  if (!REASONS.includes(c.reason as string)) return `a compaction's reason must be one of ${REASONS.join(', ')}, got ${kindOf(c.reason)}`;
  for (const f of ['userPrompts', 'pinned']) {
    const list = c[f];
    if (!Array.isArray(list) || !list.every((s) => typeof s === 'string')) return `a compaction's ${f} must be a list of strings`;
  }
  return undefined;
}
