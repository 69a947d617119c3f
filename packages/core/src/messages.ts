/**
 * The neutral message model. Providers translate it to and from their wire
 * formats; sessions store it as JSON lines.
 */
import type { ToolDetails } from './tool-details.js';

export interface TextPart {
  type: 'text';
  text: string;
}

export interface ToolCallPart {
  type: 'tool_call';
  /** The id the model gave the call; results refer back to it. */
  id: string;
  name: string;
  /** The arguments exactly as the model sent them (JSON text, maybe invalid). */
  argsText: string;
}

export interface ToolResultPart {
  type: 'tool_result';
  callId: string;
  name: string;
  content: string;
  isError: boolean;
  /** What the tool said about its result for interfaces (never sent to the model), so a resumed transcript shows the same summaries. */
  details?: ToolDetails;
}

/**
 * The model's reasoning (Anthropic thinking, OpenAI reasoning items,
 * `reasoning_content` of compatible servers). Kept in the session and sent
 * back exactly as the API that produced it requires; never part of the
 * answer's text.
 */
export interface ReasoningPart {
  type: 'reasoning';
  /** The reasoning as streamed; empty when the server sent only opaque data. */
  text: string;
  /** Which wire produced it ('anthropic', 'openai-chat', 'openai-responses'): sent back only to the same kind of API. */
  source: string;
  /** Opaque proof the API requires back verbatim (Anthropic's thinking signature). */
  signature?: string;
  /** Opaque reasoning the server hid: Anthropic `redacted_thinking` data, Responses `encrypted_content`. */
  redacted?: string;
  /** The server's id for the item (Responses reasoning items). */
  id?: string;
  /** The model that wrote it: Anthropic binds a thinking block to its model, so it goes back only to that model. */
  model?: string;
}

/** An image the user attached (`@shot.png`, `--image`), base64-encoded. */
export interface ImagePart {
  type: 'image';
  mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  /** Base64 of the file's bytes. */
  data: string;
  /** Where it came from, for the transcript ("shot.png"). */
  name?: string;
  /** Its size in pixels, read from the file's header when it was attached (providers check their limits with it). */
  width?: number;
  height?: number;
}

export interface UserMessage {
  role: 'user';
  content: string;
  /** Images sent with the text, in order. */
  images?: ImagePart[];
}

export interface AssistantMessage {
  role: 'assistant';
  content: Array<TextPart | ToolCallPart | ReasoningPart>;
}

/** The results of one assistant message's tool calls, in the order of the calls. */
export interface ToolResultsMessage {
  role: 'tool';
  results: ToolResultPart[];
}

export type Message = UserMessage | AssistantMessage | ToolResultsMessage;

export interface Usage {
  /** Input tokens billed at the full rate: cache reads and writes are counted apart. */
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the provider's prompt cache. */
  cacheReadTokens?: number;
  /** Input tokens written to the provider's prompt cache. */
  cacheWriteTokens?: number;
  /** Output tokens spent on reasoning (included in outputTokens). */
  reasoningTokens?: number;
}

const OPTIONAL_USAGE = ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const;

export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
  for (const k of OPTIONAL_USAGE) if (a[k] !== undefined || b[k] !== undefined) sum[k] = (a[k] ?? 0) + (b[k] ?? 0);
  return sum;
}

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}

export function assistantText(message: AssistantMessage): string {
  return message.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}

export function toolCallsOf(message: AssistantMessage): ToolCallPart[] {
  return message.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
}
