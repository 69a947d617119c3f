/**
 * What the loop does with an answer that stopped without finishing: the
 * turn's end reason, the words the user reads (what happened, what to do),
 * and the result its tool calls get instead of running.
 */
import type { TurnEndReason } from './events.js';
import type { ToolCallPart } from './messages.js';
import { ProviderError, type StopReason } from './provider.js';

export interface StopEnding {
  reason: Extract<TurnEndReason, 'max_tokens' | 'refusal' | 'content_filter' | 'context_window'>;
  message: string;
  /** The result of each call of the answer: none of them runs. */
  callResult: string;
}

interface StopContext {
  maxTokens: number;
  /** The server's own explanation, when it gave one. */
  detail?: string;
  calls: ToolCallPart[];
}

function callsNote(calls: ToolCallPart[]): string {
  if (!calls.length) return '';
  const names = [...new Set(calls.map((c) => c.name))].join(', ');
  return `; its ${calls.length === 1 ? 'call' : 'calls'} (${names}) did not run`;
}

/** The ending for a stop reason that ends the turn; undefined for one that does not (end_turn, tool_use, pause_turn, other). */
export function stopEnding(stop: StopReason | undefined, ctx: StopContext): StopEnding | undefined {
  const detail = ctx.detail ? ` (${ctx.detail})` : '';
  switch (stop) {
    case 'max_tokens':
      return {
        reason: 'max_tokens',
        message: ctx.calls.length
          ? `the answer reached the output limit of ${ctx.maxTokens} tokens while writing a tool call, so the call was cut and not run; raise lug.opt.max_tokens, or ask for smaller steps (the model is told to make smaller calls)`
          : `the answer was cut at the output limit of ${ctx.maxTokens} tokens; raise lug.opt.max_tokens, or ask for a shorter answer`,
        callResult: `not run: the answer was cut by the output limit (${ctx.maxTokens} tokens) while this call was being written, so its arguments may be incomplete; make smaller calls (write a large file in several parts, or edit it piece by piece)`,
      };
    case 'refusal':
      return {
        reason: 'refusal',
        message: `the model declined to go on with this request${detail}${callsNote(ctx.calls)}; rephrase it, or start a new conversation`,
        callResult: 'not run: the answer that made this call ended in a refusal',
      };
    case 'content_filter':
      return {
        reason: 'content_filter',
        message: `the server's content filter stopped the answer${detail}${callsNote(ctx.calls)}; rephrase the request`,
        callResult: "not run: the server's content filter stopped the answer that made this call",
      };
    case 'context_window':
      return {
        reason: 'context_window',
        message: `the conversation has filled the model's context window, so the answer was cut${callsNote(ctx.calls)}; start a new conversation (or compact this one) and go on from a summary`,
        callResult: "not run: the answer that made this call was cut because the conversation filled the model's context window",
      };
    default:
      return undefined;
  }
}

/** Servers' words for a conversation too long for the model (Anthropic's "prompt is too long", OpenAI's "maximum context length"...). */
const CONTEXT_WORDS =
  /maximum context length|context length exceeded|context_length_exceeded|context window|exceeds? (the )?(available )?context (size|window|length)|maximum prompt length|prompt is too long|input (is )?too long for/i;

/** Whether a failed request failed because the conversation no longer fits the model's context window. */
export function isContextOverflowError(error: unknown): boolean {
  return error instanceof ProviderError && (error.kind === 'bad_request' || error.kind === 'protocol') && CONTEXT_WORDS.test(error.message);
}
