/**
 * Structural checks of the message model, for data lug did not just make
 * itself (a session file read back, which a crash, a full disk or a person may
 * have damaged). Each check returns what is wrong in words, or undefined when
 * the value is well-formed. Fields the model does not know are allowed, so a
 * newer lug's additions (a result's `details`, say) read back as they are.
 */
import type { Message } from './messages.js';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON value is, in a word: for "got …" in a problem. */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'number' ? 'the number' : typeof value} ${String(value)}`;
}

/** The first of `fields` that is not a string (optional ones may be absent). */
function stringFields(o: Fields, required: readonly string[], optional: readonly string[] = []): string | undefined {
  for (const f of required) if (typeof o[f] !== 'string') return `${f} must be a string, got ${kindOf(o[f])}`;
  for (const f of optional) if (o[f] !== undefined && typeof o[f] !== 'string') return `${f} must be a string when given, got ${kindOf(o[f])}`;
  return undefined;
}

function imageProblem(part: unknown): string | undefined {
  if (!isObject(part) || part.type !== 'image') return `an image must be an object with type "image", got ${kindOf(part)}`;
  if (!IMAGE_TYPES.includes(part.mediaType as string)) return `an image's mediaType must be one of ${IMAGE_TYPES.join(', ')}, got ${kindOf(part.mediaType)}`;
  return stringFields(part, ['data'], ['name']);
}

function assistantPartProblem(part: unknown): string | undefined {
  if (!isObject(part)) return `a part must be an object, got ${kindOf(part)}`;
  switch (part.type) {
    case 'text':
      return stringFields(part, ['text']);
    case 'tool_call':
      return stringFields(part, ['id', 'name', 'argsText']);
    case 'reasoning':
      return stringFields(part, ['text', 'source'], ['signature', 'redacted', 'id']);
    default:
      return `a part's type must be "text", "tool_call" or "reasoning", got ${kindOf(part.type)}`;
  }
}

function toolResultProblem(result: unknown): string | undefined {
  if (!isObject(result) || result.type !== 'tool_result') return `a result must be an object with type "tool_result", got ${kindOf(result)}`;
  const strings = stringFields(result, ['callId', 'name', 'content']);
  if (strings) return strings;
  if (typeof result.isError !== 'boolean') return `isError must be true or false, got ${kindOf(result.isError)}`;
  return undefined;
}

/** The first problem of a list, prefixed with where it is. */
function firstProblem(items: readonly unknown[], check: (item: unknown) => string | undefined, what: string): string | undefined {
  for (let i = 0; i < items.length; i++) {
    const problem = check(items[i]);
    if (problem) return `${what} ${i + 1}: ${problem}`;
  }
  return undefined;
}

/** What is wrong with `value` as a Message, or undefined when it is one. */
export function messageProblem(value: unknown): string | undefined {
  if (!isObject(value)) return `a message must be an object, got ${kindOf(value)}`;
  switch (value.role) {
    case 'user': {
      if (typeof value.content !== 'string') return `a user message's content must be a string, got ${kindOf(value.content)}`;
      if (value.images === undefined) return undefined;
      if (!Array.isArray(value.images)) return `a user message's images must be a list, got ${kindOf(value.images)}`;
      return firstProblem(value.images, imageProblem, 'image');
    }
    case 'assistant':
      if (!Array.isArray(value.content)) return `an assistant message's content must be a list of parts, got ${kindOf(value.content)}`;
      return firstProblem(value.content, assistantPartProblem, 'part');
    case 'tool':
      if (!Array.isArray(value.results) || value.results.length === 0) {
        return `a tool message must have results (a list of at least one tool result), got ${kindOf(value.results)}`;
      }
      return firstProblem(value.results, toolResultProblem, 'result');
    default:
      return `a message's role must be "user", "assistant" or "tool", got ${kindOf(value.role)}`;
  }
}

export function isMessage(value: unknown): value is Message {
  return messageProblem(value) === undefined;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** What is wrong with `value` as a Usage, or undefined when it is one. */
export function usageProblem(value: unknown): string | undefined {
  if (!isObject(value)) return `usage must be an object, got ${kindOf(value)}`;
  for (const f of ['inputTokens', 'outputTokens']) if (!isCount(value[f])) return `${f} must be a number of tokens, got ${kindOf(value[f])}`;
  for (const f of ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens']) {
    if (value[f] !== undefined && !isCount(value[f])) return `${f} must be a number of tokens when given, got ${kindOf(value[f])}`;
  }
  return undefined;
}
