/**
 * Token counts as lug's Usage, from either wire. The servers count cached
 * prompt tokens inside the prompt's total; lug's inputTokens are the tokens
 * billed at the full rate, so cache reads and writes are taken out of it.
 */
import type { Usage } from '@lug/core';

/** A count the server sent, or undefined when it sent none or nonsense. */
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

function neutral(total: number, output: number, cacheRead: number, cacheWrite: number, reasoning: number): Usage {
  const usage: Usage = { inputTokens: Math.max(0, total - cacheRead - cacheWrite), outputTokens: output };
  if (cacheRead > 0) usage.cacheReadTokens = cacheRead;
  if (cacheWrite > 0) usage.cacheWriteTokens = cacheWrite;
  if (reasoning > 0) usage.reasoningTokens = reasoning;
  return usage;
}

/**
 * Chat Completions usage: `prompt_tokens_details.cached_tokens` (OpenAI, xAI,
 * vLLM), `prompt_cache_hit_tokens` (DeepSeek), `completion_tokens_details.reasoning_tokens`.
 * Undefined when the object carries no counts at all.
 */
export function chatUsage(u: unknown): Usage | undefined {
  const prompt = count(field(u, 'prompt_tokens'));
  const completion = count(field(u, 'completion_tokens'));
  if (prompt === undefined && completion === undefined) return undefined;
  const details = field(u, 'prompt_tokens_details');
  const cacheRead = count(field(details, 'cached_tokens')) ?? count(field(u, 'prompt_cache_hit_tokens')) ?? 0;
  const cacheWrite = count(field(details, 'cache_write_tokens')) ?? 0;
  const reasoning = count(field(field(u, 'completion_tokens_details'), 'reasoning_tokens')) ?? 0;
  return neutral(prompt ?? 0, completion ?? 0, cacheRead, cacheWrite, reasoning);
}

/** Responses API usage: `input_tokens_details.cached_tokens` / `cache_write_tokens`, `output_tokens_details.reasoning_tokens`. */
export function responsesUsage(u: unknown): Usage | undefined {
  const input = count(field(u, 'input_tokens'));
  const output = count(field(u, 'output_tokens'));
  if (input === undefined && output === undefined) return undefined;
  const details = field(u, 'input_tokens_details');
  const cacheRead = count(field(details, 'cached_tokens')) ?? 0;
  const cacheWrite = count(field(details, 'cache_write_tokens')) ?? 0;
  const reasoning = count(field(field(u, 'output_tokens_details'), 'reasoning_tokens')) ?? 0;
  return neutral(input ?? 0, output ?? 0, cacheRead, cacheWrite, reasoning);
}
