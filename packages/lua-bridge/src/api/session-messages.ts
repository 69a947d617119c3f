/**
 * lug.session.messages(): the conversation as plain Lua tables, a copy made
 * at the call (changing it changes nothing). One table a message:
 *
 *   { role = "user", text = "…", images = 1 }                       -- images: how many were attached (absent: none)
 *   { role = "assistant", text = "…", calls = { { id, tool, args, argsText } } }  -- args: nil when not valid JSON
 *   { role = "tool", results = { { callId, tool, content, isError } } }
 *
 * The reasoning the model streamed is left out. The interface says which
 * conversation it is (the CLI: the session on screen); without one, the
 * list is empty.
 */
import type { Message } from '@lug/core';

/** Where lug.session.messages reads the conversation: set once the session exists (the CLI does it after start-up). */
export type ConversationSource = () => readonly Message[] | undefined;

function parsedArgs(argsText: string): unknown {
  try {
    const value: unknown = JSON.parse(argsText);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One message in the Lua shape above. */
export function luaMessage(m: Message): Record<string, unknown> {
  if (m.role === 'user') return { role: 'user', text: m.content, ...(m.images?.length ? { images: m.images.length } : {}) };
  if (m.role === 'tool') {
    return { role: 'tool', results: m.results.map((r) => ({ callId: r.callId, tool: r.name, content: r.content, isError: r.isError })) };
  }
  const text = m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  const calls = m.content.flatMap((p) => (p.type === 'tool_call' ? [{ id: p.id, tool: p.name, args: parsedArgs(p.argsText), argsText: p.argsText }] : []));
  return { role: 'assistant', text, ...(calls.length ? { calls } : {}) };
}

export function conversationCopy(source: ConversationSource | undefined): Array<Record<string, unknown>> {
  return (source?.() ?? []).map(luaMessage);
}
