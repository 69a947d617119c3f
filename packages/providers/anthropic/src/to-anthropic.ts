/**
 * The neutral conversation in the Anthropic Messages wire format: tool calls as
 * tool_use blocks, tool results as tool_result blocks in a user message, and
 * consecutive messages of one role merged (the API wants user and assistant to
 * alternate, and the results of a turn followed by the next prompt are both
 * "user"). Thinking blocks go back exactly as they came, in their place (first
 * in the message, before its tool_use), to the model that wrote them; images
 * go before the prompt's text.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ImagePart, Message, ModelRequest, ReasoningPart, ToolSpec } from '@lug/core';
import { checkRequestImages } from './image-limits.js';
import { knownModel } from './known-models.js';
import { thinkingFields } from './thinking-config.js';

type Block = Anthropic.ContentBlockParam;
type Role = 'user' | 'assistant';

/** The `source` of reasoning parts this wire produces and takes back. */
export const ANTHROPIC_REASONING_SOURCE = 'anthropic';

/**
 * A tool call's arguments as the object Anthropic requires. The model's text is
 * kept as sent when it is a JSON object; otherwise (invalid JSON, an array…)
 * it is carried in `_raw`, so the request stays valid and the model still sees
 * what it sent.
 */
export function argsInput(argsText: string): Record<string, unknown> {
  if (argsText.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(argsText);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: not JSON
  }
  return { _raw: argsText };
}

function imageBlock(image: ImagePart): Anthropic.ImageBlockParam {
  return { type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } };
}

/**
 * A reasoning part as the block it came from, or nothing: reasoning from
 * another API, from another model (Anthropic binds thinking to its model), or
 * without the signature the API checks, cannot be sent back.
 */
function reasoningBlock(part: ReasoningPart, model: string): Block[] {
  if (part.source !== ANTHROPIC_REASONING_SOURCE || (part.model !== undefined && part.model !== model)) return [];
  if (part.redacted !== undefined) return [{ type: 'redacted_thinking', data: part.redacted }];
  if (part.signature) return [{ type: 'thinking', thinking: part.text, signature: part.signature }];
  return [];
}

function blocksOf(message: Message, model: string): { role: Role; blocks: Block[] } {
  switch (message.role) {
    case 'user': {
      const images = (message.images ?? []).map(imageBlock);
      return { role: 'user', blocks: [...images, ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }])] };
    }
    case 'assistant':
      return {
        role: 'assistant',
        blocks: message.content.flatMap((part): Block[] => {
          // The API rejects empty text blocks.
          if (part.type === 'text') return part.text === '' ? [] : [{ type: 'text', text: part.text }];
          if (part.type === 'reasoning') return reasoningBlock(part, model);
          return [{ type: 'tool_use', id: part.id, name: part.name, input: argsInput(part.argsText) }];
        }),
      };
    case 'tool':
      return {
        role: 'user',
        blocks: message.results.map((r) => ({
          type: 'tool_result' as const,
          tool_use_id: r.callId,
          // An empty error result is rejected; say there was nothing.
          content: r.content === '' ? '(no output)' : r.content,
          ...(r.isError ? { is_error: true } : {}),
        })),
      };
  }
}

/** The messages, merged so that roles alternate; empty messages are dropped. */
export function toAnthropicMessages(messages: readonly Message[], model = ''): Anthropic.MessageParam[] {
  const out: Array<{ role: Role; content: Block[] }> = [];
  for (const message of messages) {
    const { role, blocks } = blocksOf(message, model);
    if (blocks.length === 0) continue;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  // A conversation that ends with the assistant (a paused turn sent again to go on) may not end in whitespace.
  const last = out[out.length - 1];
  const tail = last?.role === 'assistant' ? last.content[last.content.length - 1] : undefined;
  if (tail?.type === 'text') {
    tail.text = tail.text.trimEnd();
    if (tail.text === '') last!.content.pop();
    if (last!.content.length === 0) out.pop();
  }
  return out;
}

export function toAnthropicTools(tools: readonly ToolSpec[]): Anthropic.Tool[] {
  return tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters as Anthropic.Tool['input_schema'] }));
}

const CACHE: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

const CACHEABLE = new Set(['text', 'tool_result', 'tool_use', 'image']);

/**
 * Whether the request continues a tool loop whose assistant message does not
 * begin with thinking: with extended thinking (a budget) the API wants that
 * message to start with its thinking, so thinking turned on in the middle of
 * a loop (a resumed or cancelled turn) is rejected; such a request goes
 * without it. Adaptive thinking may skip thinking, so it has no such rule.
 */
function midLoopWithoutThinking(messages: Anthropic.MessageParam[]): boolean {
  const last = messages[messages.length - 1];
  const previous = messages[messages.length - 2];
  if (last?.role !== 'user' || previous?.role !== 'assistant' || !Array.isArray(last.content) || !Array.isArray(previous.content)) return false;
  if (!last.content.some((b) => b.type === 'tool_result')) return false;
  const first = previous.content[0];
  return previous.content.some((b) => b.type === 'tool_use') && first?.type !== 'thinking' && first?.type !== 'redacted_thinking';
}

/**
 * The request body. Prompt-cache breakpoints go on the system prompt, the last
 * tool and the last message block (three of the four the API allows): an
 * agent resends the whole conversation every turn, and caching its prefix
 * makes each turn far cheaper and faster. Thinking blocks cannot carry one.
 * Throws a ProviderError (bad_request) when the request's images break the
 * API's limits, before anything is sent.
 */
export function toAnthropicParams(request: ModelRequest): Anthropic.MessageCreateParamsStreaming {
  checkRequestImages(request.messages);
  const messages = toAnthropicMessages(request.messages, request.model);
  const tools = toAnthropicTools(request.tools);
  const lastMessage = messages[messages.length - 1];
  const lastBlock = Array.isArray(lastMessage?.content) ? lastMessage.content[lastMessage.content.length - 1] : undefined;
  if (lastBlock && CACHEABLE.has(lastBlock.type)) (lastBlock as Anthropic.TextBlockParam).cache_control = CACHE;
  if (tools.length) tools[tools.length - 1]!.cache_control = CACHE;
  const offMidLoop = knownModel(request.model).thinking === 'budget' && midLoopWithoutThinking(messages);
  const thinking = thinkingFields(offMidLoop ? { ...request, thinking: 'off' } : request);
  return {
    model: request.model,
    ...thinking,
    messages,
    ...(request.system ? { system: [{ type: 'text' as const, text: request.system, cache_control: CACHE }] } : {}),
    ...(tools.length ? { tools } : {}),
    stream: true,
  };
}
