/**
 * Old tool output sent as one-line stubs: past the first threshold of the
 * context window, the results of calls older than the last few turns are
 * replaced, in what is sent, by a line saying what they were and how to get
 * them again. The session file keeps them whole.
 */
import type { Message, ToolCallPart, ToolResultPart } from './messages.js';
import { formatCount } from './format-count.js';

/** A result this short is sent as it is: its stub would save nothing. */
export const STUB_MIN_CHARS = 400;
/** The argument fields that say what a call was about, tried in order. */
const SUBJECT_FIELDS = ['path', 'file_path', 'file', 'command', 'pattern', 'url', 'query'];

function countLines(text: string): number {
  if (!text) return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** What a call was about, from its arguments ("src/app.ts", "npm test"), or '' when they name nothing. */
export function callSubject(call: ToolCallPart | undefined): string {
  if (!call) return '';
  let args: unknown;
  try {
    args = JSON.parse(call.argsText);
  } catch {
    return '';
  }
  if (typeof args !== 'object' || args === null) return '';
  for (const field of SUBJECT_FIELDS) {
    const value = (args as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) {
      const one = value.replace(/\s+/g, ' ').trim();
      return one.length > 80 ? `${one.slice(0, 79)}…` : one;
    }
  }
  return '';
}

/** "output of read src/app.ts, 2,000 lines, cleared to save context; call read again if you need it". */
export function clearedResultText(result: ToolResultPart, call: ToolCallPart | undefined): string {
  const subject = callSubject(call);
  const lines = countLines(result.content);
  const what = `${result.isError ? 'error output' : 'output'} of ${result.name}${subject ? ` ${subject}` : ''}`;
  return `${what}, ${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}, cleared to save context; call ${result.name} again if you need it`;
}

/** A tool message with its long results stubbed; the same object when none is long enough. */
export function clearedToolMessage(message: Message, before: Message | undefined): Message {
  if (message.role !== 'tool' || !message.results.some((r) => r.content.length >= STUB_MIN_CHARS)) return message;
  const calls = before?.role === 'assistant' ? before.content.filter((p): p is ToolCallPart => p.type === 'tool_call') : [];
  return {
    role: 'tool',
    results: message.results.map((r) => {
      if (r.content.length < STUB_MIN_CHARS) return r;
      const { details: _details, ...rest } = r;
      return { ...rest, content: clearedResultText(r, calls.find((c) => c.id === r.callId)) };
    }),
  };
}

/** Indices of the user prompts of `messages` at or after `from`: where each turn starts. */
export function turnStarts(messages: readonly Message[], from = 0): number[] {
  const starts: number[] = [];
  for (let i = from; i < messages.length; i++) if (messages[i]!.role === 'user') starts.push(i);
  return starts;
}

/** Where the last `turns` turns begin (at or after `from`); undefined when there are no more turns than that. */
export function recentTurnsStart(messages: readonly Message[], turns: number, from = 0): number | undefined {
  const starts = turnStarts(messages, from);
  if (starts.length <= turns) return undefined;
  return starts[starts.length - Math.max(turns, 0)] ?? messages.length;
}

/**
 * Where the part kept whole begins: the last `keep` turns, or fewer so that
 * something older (after `from`) is left; within one long turn (a prompt
 * answered by hundreds of requests), its last `keep` steps (each an answer
 * with its calls' results). Undefined when nothing older is left.
 */
export function keptPartStart(messages: readonly Message[], from: number, keep: number): number | undefined {
  for (let turns = keep; turns >= 1; turns--) {
    const at = recentTurnsStart(messages, turns, from);
    if (at !== undefined && at > from) return at;
  }
  const lastPrompt = turnStarts(messages, from).at(-1) ?? from;
  const steps: number[] = [];
  for (let i = Math.max(lastPrompt, from) + 1; i < messages.length; i++) if (messages[i]!.role === 'assistant') steps.push(i);
  if (steps.length < 2) return undefined;
  return steps[steps.length - Math.min(Math.max(keep, 1), steps.length - 1)];
}
