/**
 * The neutral conversation in the Chat Completions wire format: a system
 * message first, images as `image_url` parts, assistant `tool_calls` (and
 * their reasoning, where the server wants it back), one `role: "tool"` message
 * per result. Which optional fields are sent is the compatibility record's
 * call, never a guess from the host name.
 */
import type OpenAI from 'openai';
import { ProviderError, type AssistantMessage, type Message, type ModelRequest, type ToolSpec, type UserMessage } from '@lug/core';
import type { OpenAICompat } from './compat.js';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type Params = OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming;

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

/** The reasoning a Chat Completions server streamed in this message, joined; undefined when there was none. */
export function chatReasoningOf(message: AssistantMessage): string | undefined {
  const parts = message.content.filter((p) => p.type === 'reasoning' && p.source === 'openai-chat');
  return parts.length ? parts.map((p) => (p.type === 'reasoning' ? p.text : '')).join('') : undefined;
}

/** Refuse images where the record says the model takes none, before anything is sent. */
export function checkImages(message: UserMessage, model: string, compat: OpenAICompat): void {
  if (message.images?.length && compat.images === false) {
    throw new ProviderError(
      `${model} does not take images on this server (${compat.server}); send the prompt without them, or set images = true for it in lug.opt.openai_compat if it does`,
      'bad_request',
    );
  }
}

function userMessage(message: UserMessage): ChatMessage {
  if (!message.images?.length) return { role: 'user', content: message.content };
  return {
    role: 'user',
    content: [
      ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
      ...message.images.map((img) => ({ type: 'image_url' as const, image_url: { url: `data:${img.mediaType};base64,${img.data}` } })),
    ],
  };
}

function assistantMessage(message: AssistantMessage, compat: OpenAICompat): ChatMessage[] {
  const text = message.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  const calls = message.content.flatMap((p) =>
    p.type === 'tool_call' ? [{ id: p.id, type: 'function' as const, function: { name: p.name, arguments: argumentsText(p.argsText) } }] : [],
  );
  // An empty assistant turn carries nothing, and some servers reject it.
  if (!text && calls.length === 0) return [];
  const out: Record<string, unknown> = { role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) };
  const reasoning = chatReasoningOf(message);
  if (compat.sendReasoning && (reasoning !== undefined || (compat.reasoningRequired && calls.length > 0))) out[compat.sendReasoning] = reasoning ?? '';
  return [out as unknown as ChatMessage];
}

function chatMessagesOf(message: Message, request: ModelRequest, compat: OpenAICompat): ChatMessage[] {
  switch (message.role) {
    case 'user':
      checkImages(message, request.model, compat);
      return [userMessage(message)];
    case 'assistant':
      return assistantMessage(message, compat);
    case 'tool':
      return message.results.map((r) => ({ role: 'tool' as const, tool_call_id: r.callId, content: r.content }));
  }
}

export function toChatMessages(request: ModelRequest, compat: OpenAICompat): ChatMessage[] {
  const system: ChatMessage[] = request.system ? [{ role: 'system', content: request.system }] : [];
  return [...system, ...request.messages.flatMap((m) => chatMessagesOf(m, request, compat))];
}

export function toChatTools(tools: readonly ToolSpec[]): OpenAI.Chat.Completions.ChatCompletionFunctionTool[] {
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

/** The effort value the record gives the request's thinking level, if any is to be sent. */
export function effortOf(request: ModelRequest, compat: OpenAICompat): string | undefined {
  const level = request.thinking;
  if (!level || level === 'off' || !compat.reasoningEffort) return undefined;
  return compat.reasoningEffort[level];
}

/** The request body: only the optional fields the record says this endpoint and model accept. */
export function toChatParams(request: ModelRequest, compat: OpenAICompat): Params {
  const tools = toChatTools(request.tools);
  const effort = effortOf(request, compat);
  const params: Record<string, unknown> = {
    model: request.model,
    messages: toChatMessages(request, compat),
    ...(tools.length ? { tools } : {}),
    [compat.maxTokensField]: request.maxTokens,
    stream: true,
    ...(compat.streamUsage ? { stream_options: { include_usage: true } } : {}),
    ...(effort ? { reasoning_effort: effort } : {}),
  };
  return params as unknown as Params;
}
