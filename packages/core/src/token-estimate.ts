/**
 * Token counts lug guesses before the provider tells: about four characters a
 * token, the rule of thumb both Anthropic and OpenAI give for English and
 * code. Used only where no count is known yet (what was added since the last
 * request, a breakdown of the context); the provider's usage wins.
 */
import type { ImagePart, Message } from './messages.js';
import type { ToolSpec } from './tool.js';

export const CHARS_PER_TOKEN = 4;
/** Tokens an image costs when its size is unknown (Anthropic: about a 1,100 x 1,100 picture). */
const IMAGE_TOKENS = 1_600;
/** The framing a message costs on the wire (role, separators). */
const MESSAGE_OVERHEAD = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Anthropic's rule: width x height / 750, at most about 1,600 once the picture is scaled down. */
function imageTokens(image: ImagePart): number {
  if (!image.width || !image.height) return IMAGE_TOKENS;
  return Math.min(IMAGE_TOKENS, Math.ceil((image.width * image.height) / 750));
}

export function messageTokens(message: Message): number {
  let tokens = MESSAGE_OVERHEAD;
  if (message.role === 'user') {
    tokens += estimateTokens(message.content);
    for (const image of message.images ?? []) tokens += imageTokens(image);
  } else if (message.role === 'assistant') {
    for (const part of message.content) {
      if (part.type === 'text') tokens += estimateTokens(part.text);
      else if (part.type === 'tool_call') tokens += estimateTokens(part.name) + estimateTokens(part.argsText) + MESSAGE_OVERHEAD;
      else tokens += estimateTokens(part.text) + estimateTokens(part.redacted ?? '');
    }
  } else {
    for (const result of message.results) tokens += estimateTokens(result.content) + MESSAGE_OVERHEAD;
  }
  return tokens;
}

export function messagesTokens(messages: readonly Message[], from = 0): number {
  let tokens = 0;
  for (let i = from; i < messages.length; i++) tokens += messageTokens(messages[i]!);
  return tokens;
}

export function toolSpecsTokens(specs: readonly ToolSpec[]): number {
  return specs.length ? estimateTokens(JSON.stringify(specs)) : 0;
}
