/**
 * A stored conversation as the transcript draws it again (for :resume):
 * prompts, answers, reasoning and calls, all finished. Only its last
 * REPLAYED_MESSAGES messages (from a prompt on) are drawn: a day's session
 * is not rendered whole to show its end. Its subagents are drawn again under
 * the calls that started them.
 */
import type { Message, StoredSubagent, ToolResultPart } from '@lug/core';
import { formatCount } from '@lug/core';
import { storedCallView, type CallDescriber, type CallView } from './call-views.js';
import { storedSubagentLine } from './subagent-views.js';

/** How many of a resumed conversation's last messages the transcript draws. */
export const REPLAYED_MESSAGES = 200;

export type ReplayEntry =
  | { kind: 'notice' | 'user' | 'markdown' | 'reasoning'; text: string }
  | { kind: 'call'; call: CallView; finished: boolean };

/** What the transcript draws of `all`, in order. */
export function replayEntries(all: readonly Message[], subagents: readonly StoredSubagent[], describe: CallDescriber | undefined): ReplayEntry[] {
  let start = Math.max(0, all.length - REPLAYED_MESSAGES);
  while (start > 0 && start < all.length && all[start]!.role !== 'user') start++;
  const messages = start > 0 ? all.slice(start) : all;
  const skipped = `… ${formatCount(start)} earlier messages are not shown (the session file keeps them; :context summary shows the compaction's summary)`;
  const entries: ReplayEntry[] = start > 0 ? [{ kind: 'notice', text: skipped }] : [];
  const results = new Map<string, ToolResultPart>();
  for (const m of messages) if (m.role === 'tool') for (const r of m.results) results.set(r.callId, r);
  for (const m of messages) {
    if (m.role === 'user') entries.push({ kind: 'user', text: m.content });
    if (m.role !== 'assistant') continue;
    for (const part of m.content) {
      if (part.type === 'reasoning') entries.push({ kind: 'reasoning', text: part.text });
      if (part.type === 'text' && part.text.trim()) entries.push({ kind: 'markdown', text: part.text.trim() });
      if (part.type !== 'tool_call') continue;
      const result = results.get(part.id);
      const stored = storedCallView(part, result, describe);
      const nested = subagents.filter((s) => s.agent.parentCallId === part.id).map((s) => storedSubagentLine(s, describe));
      entries.push({ kind: 'call', call: nested.length ? { ...stored, subagents: nested } : stored, finished: result !== undefined });
    }
  }
  return entries;
}
