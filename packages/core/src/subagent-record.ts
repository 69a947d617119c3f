/**
 * A subagent's conversation as the session file keeps it: one `subagent`
 * record when it ends, under its AgentRef (its id, and the parent's call that
 * started it), with its end reason and every message of its own conversation
 * (the job, its answers, its calls' results). It is never part of the
 * parent's messages, so it is never sent to the parent's model; an interface
 * reads it back (StoredSession.subagents) to show the subagent again under
 * its call.
 */
import type { AgentRef, TurnEndReason } from './events.js';
import { kindOf, messageProblem } from './message-check.js';
import type { Message } from './messages.js';

export interface SubagentLine {
  type: 'subagent';
  agent: AgentRef;
  reason: TurnEndReason;
  messages: Message[];
}

const REASONS: readonly TurnEndReason[] = ['done', 'cancelled', 'error', 'max_turns', 'max_tokens', 'refusal', 'content_filter', 'context_window', 'max_cost', 'hook'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is wrong with `value` as a subagent record, or undefined when it is one. */
export function subagentLineProblem(value: Record<string, unknown>): string | undefined {
  const agent = value.agent;
  if (!isObject(agent)) return `a subagent record needs its agent ({ id, name, label, parentCallId? }), got ${kindOf(agent)}`;
  for (const f of ['id', 'name', 'label']) {
    if (typeof agent[f] !== 'string' || agent[f] === '') return `a subagent's agent.${f} must be a non-empty string, got ${kindOf(agent[f])}`;
  }
  if (agent.parentCallId !== undefined && typeof agent.parentCallId !== 'string') return `a subagent's agent.parentCallId must be a string, got ${kindOf(agent.parentCallId)}`;
  if (!REASONS.includes(value.reason as TurnEndReason)) return `a subagent's reason must be one of ${REASONS.join(', ')}, got ${kindOf(value.reason)}`;
  if (!Array.isArray(value.messages)) return `a subagent's messages must be a list, got ${kindOf(value.messages)}`;
  for (const [i, m] of value.messages.entries()) {
    const problem = messageProblem(m);
    if (problem) return `a subagent's message ${i + 1}: ${problem}`;
  }
  return undefined;
}

/** The record as read: only the fields it is made of (a field a newer lug adds is left out). */
export function subagentLine(value: Record<string, unknown>): SubagentLine {
  const agent = value.agent as Record<string, string>;
  return {
    type: 'subagent',
    agent: { id: agent.id!, name: agent.name!, label: agent.label!, ...(agent.parentCallId !== undefined ? { parentCallId: agent.parentCallId } : {}) },
    reason: value.reason as TurnEndReason,
    messages: value.messages as Message[],
  };
}

/** A subagent's conversation as a session holds it (the record without its type). */
export type StoredSubagent = Omit<SubagentLine, 'type'>;

/** The ids of the calls the conversation's answers made. */
function callIds(messages: readonly Message[]): Set<string> {
  return new Set(messages.flatMap((m) => (m.role === 'assistant' ? m.content.flatMap((p) => (p.type === 'tool_call' ? [p.id] : [])) : [])));
}

/** The subagents of `messages`: those whose parent call is one of its calls, or that no call started. */
export function subagentsOf(subagents: readonly StoredSubagent[], messages: readonly Message[]): StoredSubagent[] {
  const calls = callIds(messages);
  return subagents.filter((s) => s.agent.parentCallId === undefined || calls.has(s.agent.parentCallId));
}
