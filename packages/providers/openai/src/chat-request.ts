/**
 * The neutral conversation in the Chat Completions wire format: a system
 * message first, assistant `tool_calls`, one `role: "tool"` message per result.
 * Only parameters every OpenAI-compatible server accepts are sent.
 */
import type OpenAI from 'openai';
import type { Message, ModelRequest, ToolSpec } from '@lug/core';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/**
 * A call's argument text as a JSON object text. Servers such as llama.cpp parse
 * the arguments of earlier calls and reject the request when they are not JSON,
 * so invalid text is carried in `_raw` (the model still sees what it sent).
 */
export function argumentsText(argsText: string): string {
  if (argsText.trim() === '') return '{}';
  try {
    const value: unknown = JSON.parse(argsText);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return argsText;
  } catch {
    // fall through: not JSON
  }
  return JSON.stringify({ _raw: argsText });
}

function toChatMessages(message: Message): ChatMessage[] {
  switch (message.role) {
    case 'user':
      return [{ role: 'user', content: message.content }];
    case 'assistant': {
      const text = message.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
      const calls = message.content.flatMap((p) =>
        p.type === 'tool_call' ? [{ id: p.id, type: 'function' as const, function: { name: p.name, arguments: argumentsText(p.argsText) } }] : [],
      );
      // An empty assistant turn carries nothing, and some servers reject it.
      if (!text && calls.length === 0) return [];
      return [{ role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) }];
    }
    case 'tool':
      return message.results.map((r) => ({ role: 'tool' as const, tool_call_id: r.callId, content: r.content }));
  }
}

export function toOpenAIMessages(system: string, messages: readonly Message[]): ChatMessage[] {
  return [...(system ? [{ role: 'system' as const, content: system }] : []), ...messages.flatMap(toChatMessages)];
}

export function toOpenAITools(tools: readonly ToolSpec[]): OpenAI.Chat.Completions.ChatCompletionFunctionTool[] {
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

/**
 * The request body. OpenAI's own models (the reasoning ones) refuse
 * `max_tokens` and want `max_completion_tokens`; Ollama and LM Studio know only
 * `max_tokens`. So the official endpoint gets the new name and any other
 * server the old one.
 */
export function toOpenAIParams(request: ModelRequest, officialApi: boolean): OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming {
  const tools = toOpenAITools(request.tools);
  return {
    model: request.model,
    messages: toOpenAIMessages(request.system, request.messages),
    ...(tools.length ? { tools } : {}),
    ...(officialApi ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens }),
    stream: true,
    stream_options: { include_usage: true },
  };
}
