/** The one object `lug -p --output-format json` prints at the end. */
import type { Session, TurnResult } from '@lug/core';
import type { HeadlessPrinter, ToolCallRecord } from './headless-printer.js';

export interface HeadlessResult {
  text: string;
  session_id: string;
  model: string | null;
  /** done, cancelled, error, max_turns, max_tokens, refusal, content_filter, context_window, max_cost or hook (a before_request hook cancelled the request). */
  reason: string;
  error?: string;
  /** What happened and what to do, for a turn that stopped short of done. */
  message?: string;
  /** The turn's reasoning, as the model streamed it (never part of text); absent when there was none. */
  reasoning?: string;
  /** The session's tokens: input billed at the full rate, cache reads and writes apart. */
  usage: { input_tokens: number; output_tokens: number; cache_read_tokens: number; cache_write_tokens: number; reasoning_tokens?: number };
  /** The session's cost in US dollars; null when no price is known for a model it used. */
  cost_usd: number | null;
  tool_calls: ToolCallRecord[];
}

export function headlessResult(end: TurnResult, session: Session, printer: HeadlessPrinter): HeadlessResult {
  const u = session.usage;
  return {
    text: end.text,
    session_id: session.id,
    model: session.modelName() ?? null,
    reason: end.reason,
    ...(end.reason === 'error' ? { error: end.error } : {}),
    ...('message' in end && end.message ? { message: end.message } : {}),
    ...(printer.reasoning ? { reasoning: printer.reasoning } : {}),
    usage: {
      input_tokens: u.inputTokens,
      output_tokens: u.outputTokens,
      cache_read_tokens: u.cacheReadTokens ?? 0,
      cache_write_tokens: u.cacheWriteTokens ?? 0,
      ...(u.reasoningTokens !== undefined ? { reasoning_tokens: u.reasoningTokens } : {}),
    },
    cost_usd: session.cost ?? null,
    tool_calls: printer.calls,
  };
}
