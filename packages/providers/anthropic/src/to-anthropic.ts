/**
 * The neutral conversation in the Anthropic Messages wire format: tool calls as
 * tool_use blocks, tool results as tool_result blocks in a user message, and
 * consecutive messages of one role merged (the API wants user and assistant to
 * alternate, and the results of a turn followed by the next prompt are both
 * "user").
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { Message, ModelRequest, ToolSpec } from '@lug/core';

type Block = Anthropic.ContentBlockParam;
type Role = 'user' | 'assistant';

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

function blocksOf(message: Message): { role: Role; blocks: Block[] } {
  switch (message.role) {
    case 'user':
      return { role: 'user', blocks: message.content === '' ? [] : [{ type: 'text', text: message.content }] };
    case 'assistant':
      return {
        role: 'assistant',
        blocks: message.content.flatMap((part): Block[] => {
          // The API rejects empty text blocks.
          if (part.type === 'text') return part.text === '' ? [] : [{ type: 'text', text: part.text }];
          if (part.type === 'reasoning') return []; // sending thinking back: the providers issue
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
export function toAnthropicMessages(messages: readonly Message[]): Anthropic.MessageParam[] {
  const out: Array<{ role: Role; content: Block[] }> = [];
  for (const message of messages) {
    const { role, blocks } = blocksOf(message);
    if (blocks.length === 0) continue;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  return out;
}

export function toAnthropicTools(tools: readonly ToolSpec[]): Anthropic.Tool[] {
  return tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters as Anthropic.Tool['input_schema'] }));
}

const CACHE: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

/**
 * The request body. Prompt-cache breakpoints go on the system prompt, the last
 * tool and the last message block: an agent resends the whole conversation
 * every turn, and caching its prefix makes each turn far cheaper and faster.
 */
export function toAnthropicParams(request: ModelRequest): Anthropic.MessageCreateParamsStreaming {
  const messages = toAnthropicMessages(request.messages);
  const tools = toAnthropicTools(request.tools);
  const lastMessage = messages[messages.length - 1];
  const lastBlock = Array.isArray(lastMessage?.content) ? lastMessage.content[lastMessage.content.length - 1] : undefined;
  if (lastBlock && (lastBlock.type === 'text' || lastBlock.type === 'tool_result' || lastBlock.type === 'tool_use')) lastBlock.cache_control = CACHE;
  if (tools.length) tools[tools.length - 1]!.cache_control = CACHE;
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    messages,
    ...(request.system ? { system: [{ type: 'text' as const, text: request.system, cache_control: CACHE }] } : {}),
    ...(tools.length ? { tools } : {}),
    stream: true,
  };
}
