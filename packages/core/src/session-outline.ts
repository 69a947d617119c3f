/**
 * What `:resume` lists of a session file: the first prompt of its
 * conversation and of each branch, found without loading the file. The
 * conversation and its branches are followed as load() follows them (the
 * same SessionPaths, so rewinds, switches and the history's repair count
 * alike), but over stand-ins: a message line lug wrote is told by its first
 * bytes (its role, and for an answer whether it calls tools) and is not
 * decoded; only the rewind and switch records are parsed, and at the end the
 * few prompts listed are read back from their lines. So listing fifty
 * sessions of 100 MB reads their bytes once and parses almost none of them.
 *
 * A line that does not start the way lug writes one (edited by hand, keys in
 * another order) is parsed whole, as load() does; a line that is not a valid
 * record is left out, as load() leaves it out.
 */
import { forEachLineBytes, readLineAt } from './file-lines.js';
import type { Message } from './messages.js';
import { readRecordLine } from './session-records.js';
import { SessionPaths } from './session-paths.js';

export interface SessionOutline {
  /** The conversation's first prompt ('' when it has none). */
  prompt: string;
  /** Its branches, as load() gives them. */
  branches: Array<{ n: number; at: number; messages: number; prompt: string }>;
}

const PREFIX = '{"type":"message","message":{"role":"';
const USER = Buffer.from(`${PREFIX}user"`);
const TOOL = Buffer.from(`${PREFIX}tool"`);
const ASSISTANT = Buffer.from(`${PREFIX}assistant"`);
const TOOL_CALL = Buffer.from('"type":"tool_call"');
const END = Buffer.from('}}');
/** Records the outline does not need: usage totals, compactions (which change what is sent, not the prompts) and subagents' conversations. */
const SKIPPED = [Buffer.from('{"type":"usage"'), Buffer.from('{"type":"compaction"'), Buffer.from('{"type":"subagent"')];

/** A user message's stand-in, and the line that holds its text. */
interface PromptStandIn {
  role: 'user';
  content: string;
  offset: number;
}

const startsWith = (data: Buffer, start: number, end: number, prefix: Buffer) => end - start >= prefix.length && data.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0;
const endsWith = (data: Buffer, start: number, end: number, suffix: Buffer) => end - start >= suffix.length && data.compare(suffix, 0, suffix.length, end - suffix.length, end) === 0;

/** The stand-in of a message line lug wrote, or undefined when the line must be parsed. */
function standIn(data: Buffer, start: number, end: number, offset: number): Message | undefined {
  // A line cut short (a kill mid-write) does not end its two objects: parsed, it is skipped as load() skips it.
  if (!endsWith(data, start, end, END)) return undefined;
  if (startsWith(data, start, end, USER)) return { role: 'user', content: '', offset } as PromptStandIn as Message;
  if (startsWith(data, start, end, TOOL)) return { role: 'tool', results: [] };
  if (startsWith(data, start, end, ASSISTANT)) {
    // Inside a JSON string a quote is escaped, so this run of bytes is a part's type, never text.
    const calls = data.subarray(start, end).includes(TOOL_CALL);
    return { role: 'assistant', content: calls ? [{ type: 'tool_call', id: '', name: '', argsText: '' }] : [] };
  }
  return undefined;
}

/** The outline of the session file at `path` (its header already read by whoever lists it). */
export function outlineSession(path: string): SessionOutline {
  const paths = new SessionPaths();
  forEachLineBytes(path, (data, start, end, number, offset) => {
    if (number === 1 || end === start) return;
    if (SKIPPED.some((p) => startsWith(data, start, end, p))) return;
    const quick = standIn(data, start, end, offset);
    if (quick) return paths.push(quick);
    const read = readRecordLine(data.toString('utf8', start, end));
    if (!read.record) return;
    if (read.record.type === 'message') paths.push(read.record.message.role === 'user' ? ({ role: 'user', content: read.record.message.content, offset: -1 } as PromptStandIn as Message) : read.record.message);
    else if (read.record.type === 'rewind') paths.rewind(read.record.to, read.record.branch);
    else if (read.record.type === 'switch') paths.switchTo(read.record.branch);
  });
  const firstPrompt = (messages: readonly Message[], at: number) => {
    const m = messages.slice(at).find((x) => x.role === 'user') as PromptStandIn | undefined;
    return m ? promptOf(path, m) : '';
  };
  return {
    prompt: firstPrompt(paths.finish().messages, 0),
    branches: paths.branches.map((b) => ({ n: b.n, at: b.at, messages: b.messages.length, prompt: firstPrompt(b.messages, b.at) })),
  };
}

/** A listed prompt's text: read back from its line (a stand-in holds none). */
function promptOf(path: string, m: PromptStandIn): string {
  if (m.offset < 0) return m.content;
  const read = readRecordLine(readLineAt(path, m.offset));
  return read.record?.type === 'message' && read.record.message.role === 'user' ? read.record.message.content : '';
}
