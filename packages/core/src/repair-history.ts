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
 * Every assistant message with tool calls is followed by exactly one tool
 * message holding a result for each call (a missing one is "not run"), and a
 * tool message anywhere else is dropped.
 */
export function repairConversation(messages: readonly Message[]): RepairedHistory {
  const out: Message[] = [];
  let droppedResults = 0;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'tool') {
      droppedResults++;
      continue;
    }
    out.push(m);
    if (m.role !== 'assistant') continue;
    const calls = m.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
    if (!calls.length) continue;
    const next = messages[i + 1];
    const stored = next?.role === 'tool' ? next : undefined;
    if (stored) i++;
    out.push({ role: 'tool', results: resultsFor(calls, stored) });
  }
  return { messages: out, droppedResults };
}

/** repairConversation's messages alone. */
export function repairHistory(messages: readonly Message[]): Message[] {
  return repairConversation(messages).messages;
}
