/**
 * What the two wire formats share: how an answer is laid out as events, and the
 * numbers (ids, usage) a scripted answer needs.
 */
import type { ReplyPart, RecordedRequest, ScriptedStop, ScriptedUsage, TurnStep } from './scenario.js';

/** The data of one answer, ready to be written in a wire format. */
export interface AnswerContext {
  request: RecordedRequest;
  /** The model named in the request, echoed back. */
  model: string;
  /** A short id unique within this server, for message and call ids. */
  serial: number;
}

/** A complete streamed answer: its SSE frames, and where the frames that end it begin. */
export interface StreamPlan {
  frames: string[];
  /** Frames from this index on close the message (stop reason, usage, end marker). */
  closingFrom: number;
}

export interface WireFormat {
  stream(turn: TurnStep, ctx: AnswerContext): StreamPlan;
  /** The frame that reports an error inside a stream. */
  streamError(errorType: string, message: string): string;
  /** The whole answer as one JSON body (a request without `stream: true`). */
  json(turn: TurnStep, ctx: AnswerContext): unknown;
  errorBody(status: number, message: string, errorType: string | undefined): unknown;
}

export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
}

export function stopOf(turn: TurnStep): ScriptedStop {
  return turn.stop ?? (turn.parts.some((p) => p.type === 'tool_call') ? 'tool_use' : 'end_turn');
}

function bodySize(request: RecordedRequest): number {
  if (request.body === undefined) return 0;
  return typeof request.body === 'string' ? request.body.length : JSON.stringify(request.body).length;
}

function replySize(parts: ReplyPart[]): number {
  return parts.reduce((n, p) => n + (p.type === 'text' ? p.chunks.join('').length : p.name.length + p.fragments.join('').length), 0);
}

/** Usage as given, or about 4 characters a token — deterministic, so tests may rely on it. */
export function usageOf(turn: TurnStep, request: RecordedRequest): ScriptedUsage {
  return turn.usage ?? { inputTokens: Math.ceil(bodySize(request) / 4), outputTokens: Math.max(1, Math.ceil(replySize(turn.parts) / 4)) };
}

export function callId(prefix: string, ctx: AnswerContext, position: number, given: string | undefined): string {
  return given ?? `${prefix}${String(ctx.serial).padStart(3, '0')}_${position}`;
}

/** Parse a call's joined argument text into an object, for non-streamed answers. */
export function argsObject(argsText: string): Record<string, unknown> {
  try {
    const v = JSON.parse(argsText);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : { _raw: argsText };
  } catch {
    return { _raw: argsText };
  }
}
