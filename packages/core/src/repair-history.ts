/**
 * A conversation read back from a session file, made valid for the providers
 * again. A lug killed between a tool call and its result leaves a call with no
 * result, and a damaged line skipped on load can leave results that answer no
 * call; providers reject both.
 */
import type { Message, ToolCallPart, ToolResultPart, ToolResultsMessage } from './messages.js';

const NOT_RUN = 'not run: lug stopped before this call finished';

/** One result for each call, in call order: the stored one when there is one. */
function resultsFor(calls: ToolCallPart[], stored: ToolResultsMessage | undefined): ToolResultPart[] {
  const byId = new Map(stored?.results.map((r) => [r.callId, r]));
  return calls.map((c) => byId.get(c.id) ?? { type: 'tool_result', callId: c.id, name: c.name, content: NOT_RUN, isError: true });
}

export interface RepairedHistory {
  messages: Message[];
  /** Tool messages dropped because no assistant message before them made their calls. */
  droppedResults: number;
}

/**
 * The repair made one message at a time, for a file read line by line: every
 * assistant message with tool calls is followed by exactly one tool message
 * holding a result for each call (a missing one is "not run"), and a tool
 * message anywhere else is dropped. `messages` is valid after `finish()`, and
 * before it except for a last assistant message whose results may follow.
 */
export class HistoryRepair {
  readonly messages: Message[] = [];
  droppedResults = 0;
  private pending: ToolCallPart[] | undefined;

  push(m: Message): void {
    if (m.role === 'tool') {
      if (this.pending) this.messages.push({ role: 'tool', results: resultsFor(this.pending, m) });
      else this.droppedResults++;
      this.pending = undefined;
      return;
    }
    this.finish();
    this.messages.push(m);
    if (m.role !== 'assistant') return;
    const calls = m.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
    if (calls.length) this.pending = calls;
  }

  /** Give a last call with no result its "not run" result. */
  finish(): Message[] {
    if (this.pending) this.messages.push({ role: 'tool', results: resultsFor(this.pending, undefined) });
    this.pending = undefined;
    return this.messages;
  }
}

/**
 * Every assistant message with tool calls is followed by exactly one tool
 * message holding a result for each call (a missing one is "not run"), and a
 * tool message anywhere else is dropped.
 */
export function repairConversation(messages: readonly Message[]): RepairedHistory {
  const repair = new HistoryRepair();
  for (const m of messages) repair.push(m);
  return { messages: repair.finish(), droppedResults: repair.droppedResults };
}

/** repairConversation's messages alone. */
export function repairHistory(messages: readonly Message[]): Message[] {
  return repairConversation(messages).messages;
}
