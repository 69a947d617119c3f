/**
 * What fills the context, for `:context`: the system prompt (AGENTS.md
 * apart), the tool definitions, the messages, the tool results, and the ten
 * largest items with the turn they belong to. Estimates (about four
 * characters a token); the total the provider counted is beside them.
 */
import type { Message, ToolCallPart } from './messages.js';
import { AGENTS_MD_HEADING } from './system-prompt.js';
import { callSubject } from './tool-output-clearing.js';
import { estimateTokens, messageTokens, toolSpecsTokens } from './token-estimate.js';
import type { ToolSpec } from './tool.js';

export interface ContextItem {
  /** "tool result of read src/app.ts", "prompt", "answer". */
  what: string;
  /** The turn it belongs to (1 is the session's first prompt); 0 for the compaction summary. */
  turn: number;
  tokens: number;
}

export interface ContextBreakdown {
  systemPrompt: number;
  agentsMd: number;
  tools: number;
  /** Prompts and answers (the tool calls in them included). */
  messages: number;
  toolResults: number;
  /** The compaction summary sent in front of the messages; 0 without one. */
  summary: number;
  largest: ContextItem[];
}

export interface BreakdownInput {
  system: string;
  tools: readonly ToolSpec[];
  /** The messages sent, in order. */
  sent: readonly Message[];
  /** The turn number of the first prompt in `sent` minus one (prompts before it were compacted). */
  turnsBefore: number;
  /** Tokens of the summary folded into the first message, if any. */
  summaryTokens?: number;
}

export const LARGEST_ITEMS = 10;

function splitSystem(system: string): { base: number; agents: number } {
  const at = system.indexOf(AGENTS_MD_HEADING);
  if (at === -1) return { base: estimateTokens(system), agents: 0 };
  return { base: estimateTokens(system.slice(0, at)), agents: estimateTokens(system.slice(at)) };
}

export function breakdownContext(input: BreakdownInput): ContextBreakdown {
  const { base, agents } = splitSystem(input.system);
  const out: ContextBreakdown = { systemPrompt: base, agentsMd: agents, tools: toolSpecsTokens(input.tools), messages: 0, toolResults: 0, summary: input.summaryTokens ?? 0, largest: [] };
  const items: ContextItem[] = [];
  let turn = input.turnsBefore;
  let calls: ToolCallPart[] = [];
  input.sent.forEach((m, index) => {
    if (m.role === 'user') {
      turn++;
      const summary = index === 0 ? out.summary : 0;
      out.messages += messageTokens(m) - summary;
      if (summary) items.push({ what: 'compaction summary', turn: 0, tokens: summary });
      items.push({ what: 'prompt', turn, tokens: messageTokens(m) - summary });
    } else if (m.role === 'assistant') {
      out.messages += messageTokens(m);
      calls = m.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
      items.push({ what: calls.length ? `answer with ${calls.length === 1 ? 'a call' : `${calls.length} calls`}` : 'answer', turn: Math.max(turn, 1), tokens: messageTokens(m) });
    } else {
      for (const r of m.results) {
        const tokens = estimateTokens(r.content);
        out.toolResults += tokens;
        const subject = callSubject(calls.find((c) => c.id === r.callId));
        items.push({ what: `result of ${r.name}${subject ? ` ${subject}` : ''}`, turn: Math.max(turn, 1), tokens });
      }
    }
  });
  out.largest = items.sort((a, b) => b.tokens - a.tokens).slice(0, LARGEST_ITEMS);
  return out;
}
