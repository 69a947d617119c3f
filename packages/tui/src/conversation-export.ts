/**
 * A conversation written out (`:export`): as Markdown for people (each
 * prompt, answer, reasoning folded into a <details>, tool calls with their
 * results in fences long enough for what they hold), or as JSON for scripts
 * (the session's messages as stored, with its id, model, usage and cost).
 */
import type { Message, ToolResultPart, Usage } from '@lug/core';

export interface ExportedSession {
  id: string;
  model: string | undefined;
  messages: readonly Message[];
  usage: Usage;
  cost: number | undefined;
}

/** A code fence longer than any run of backticks in `text`, so the text cannot close it. */
function fence(text: string, info = ''): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${info}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

function quoteLines(text: string): string {
  return text
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');
}

export function conversationMarkdown(session: ExportedSession): string {
  const results = new Map<string, ToolResultPart>();
  for (const m of session.messages) if (m.role === 'tool') for (const r of m.results) results.set(r.callId, r);
  const out: string[] = [`# lug conversation ${session.id}`, ''];
  if (session.model) out.push(`Model: ${session.model}`, '');
  for (const m of session.messages) {
    if (m.role === 'user') {
      out.push('## You', '', quoteLines(m.content), '');
      for (const image of m.images ?? []) out.push(`*(image attached: ${image.name ?? image.mediaType})*`, '');
      continue;
    }
    if (m.role !== 'assistant') continue;
    out.push('## lug', '');
    for (const part of m.content) {
      if (part.type === 'text' && part.text.trim()) out.push(part.text.trim(), '');
      else if (part.type === 'reasoning' && part.text.trim()) out.push('<details><summary>reasoning</summary>', '', part.text.trim(), '', '</details>', '');
      else if (part.type === 'tool_call') {
        const result = results.get(part.id);
        out.push(`Tool call: **${part.name}**`, '', fence(part.argsText, 'json'), '');
        if (result) out.push(result.isError ? 'Result (error):' : 'Result:', '', fence(result.content), '');
      }
    }
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

export function conversationJson(session: ExportedSession): string {
  return `${JSON.stringify({ id: session.id, model: session.model ?? null, usage: session.usage, cost_usd: session.cost ?? null, messages: session.messages }, null, 2)}\n`;
}

/** The last answer's text (its text parts, joined), for `:copy`; undefined when the model has not answered. */
export function lastAnswer(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'assistant') continue;
    const text = m.content
      .filter((p) => p.type === 'text')
      .map((p) => (p as { text: string }).text)
      .join('')
      .trim();
    if (text) return text;
  }
  return undefined;
}
