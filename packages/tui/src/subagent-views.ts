/**
 * Subagents as the transcript shows them, nested under the call that started
 * them: one line each with its current step, and (expanded, Ctrl-O) its own
 * calls. A pure reducer over the core's subagent_start / subagent_event /
 * subagent_end, and over the approval events of its calls (they carry the
 * agent), so its calls never show as the parent conversation's.
 */
import type { AgentRef, LugEvent, StoredSubagent, ToolResultPart } from '@lug/core';
import { reduceCall, storedCallView, type CallDescriber, type CallEvent, type CallView } from './call-views.js';

export type SubagentState = 'running' | 'done' | 'failed' | 'cancelled';

export interface SubagentLine {
  id: string;
  label: string;
  state: SubagentState;
  /** What it is doing now ("thinking", "read src/a.ts"), or how it ended. */
  step: string;
  /** Its calls, in the order it made them. */
  calls: CallView[];
}

export type SubagentEvent = Extract<LugEvent, { type: 'subagent_start' | 'subagent_event' | 'subagent_end' }>;

const CALL_EVENTS: ReadonlySet<string> = new Set(['tool_call', 'approval_request', 'approval_decision', 'tool_start', 'tool_progress', 'tool_result']);

function newLine(agent: AgentRef): SubagentLine {
  return { id: agent.id, label: agent.label, state: 'running', step: 'starting', calls: [] };
}

/** A call event of the subagent's: its call view updated (ids are the subagent's own; the approval's carry the agent's prefix). */
function withCall(line: SubagentLine, event: CallEvent, now: number): SubagentLine {
  const id = event.call.id.startsWith(`${line.id}/`) ? event.call.id.slice(line.id.length + 1) : event.call.id;
  const index = line.calls.findIndex((c) => c.id === id);
  const call = reduceCall(index >= 0 ? line.calls[index] : undefined, { ...event, call: { ...event.call, id } } as CallEvent, now);
  const calls = index >= 0 ? line.calls.map((c, i) => (i === index ? call : c)) : [...line.calls, call];
  const what = `${call.tool}${call.title ? ` ${call.title}` : ''}`;
  const step = call.state === 'asking' ? `asking: ${what}` : call.state === 'running' || call.state === 'waiting' ? what : `${what} — ${call.state}`;
  return { ...line, calls, step };
}

/** The next line of a subagent, for one of its events (or an approval event of one of its calls). */
function reduceSubagent(previous: SubagentLine | undefined, event: SubagentEvent | CallEvent, now: number): SubagentLine {
  if (event.type !== 'subagent_start' && event.type !== 'subagent_event' && event.type !== 'subagent_end') {
    return withCall(previous ?? newLine(event.call.agent!), event, now);
  }
  const line = previous ?? newLine(event.agent);
  if (event.type === 'subagent_start') return line;
  if (event.type === 'subagent_end') {
    const state: SubagentState = event.reason === 'done' ? 'done' : event.reason === 'cancelled' ? 'cancelled' : 'failed';
    const calls = `${line.calls.length} call${line.calls.length === 1 ? '' : 's'}`;
    return { ...line, state, step: state === 'failed' ? `failed: ${event.error ?? event.reason}` : `${state} · ${calls}` };
  }
  const inner = event.event;
  if (inner.type === 'request_start') return { ...line, step: 'thinking' };
  if (CALL_EVENTS.has(inner.type)) return withCall(line, inner as CallEvent, now);
  return line;
}

/**
 * The call that started a subagent, with the subagent's line changed by one
 * of its events: the same call when nothing drawn changed (its text deltas).
 */
export function reduceParentCall(parent: CallView, event: SubagentEvent | CallEvent, now: number): CallView {
  const agentId = 'agent' in event ? event.agent.id : event.call.agent!.id;
  const lines = parent.subagents ?? [];
  const index = lines.findIndex((l) => l.id === agentId);
  const line = reduceSubagent(index >= 0 ? lines[index] : undefined, event, now);
  if (index >= 0 && line === lines[index]) return parent;
  return { ...parent, subagents: index >= 0 ? lines.map((l, i) => (i === index ? line : l)) : [...lines, line] };
}

/** A subagent read back from the session file (`:resume`, `--continue`): its line, ended, with its calls from its own conversation. */
export function storedSubagentLine(run: StoredSubagent, describe?: CallDescriber): SubagentLine {
  const results = new Map<string, ToolResultPart>();
  for (const m of run.messages) if (m.role === 'tool') for (const r of m.results) results.set(r.callId, r);
  const calls = run.messages.flatMap((m) => (m.role === 'assistant' ? m.content.flatMap((p) => (p.type === 'tool_call' ? [storedCallView(p, results.get(p.id), describe)] : [])) : []));
  const line: SubagentLine = { ...newLine(run.agent), calls };
  return reduceSubagent(line, { type: 'subagent_end', agent: run.agent, reason: run.reason, text: '', usage: { inputTokens: 0, outputTokens: 0 }, durationMs: 0, messages: run.messages }, 0);
}
