/**
 * The Anthropic Messages wire format: `POST /v1/messages` streamed as
 * message_start, content_block_start / content_block_delta / content_block_stop
 * per block, message_delta (stop reason, usage) and message_stop.
 */
import { raw, splitFragments, type TurnStep } from './scenario.js';
import type { RawStep } from './raw-replay.js';
import { argsObject, callId, sseFrame, stopOf, usageOf, type AnswerContext, type StreamPlan, type WireFormat } from './wire.js';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

function errorTypeFor(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

function messageId(ctx: AnswerContext): string {
  return `msg_scripted_${String(ctx.serial).padStart(3, '0')}`;
}

function event(type: string, data: Record<string, unknown>): string {
  return sseFrame({ type, ...data }, type);
}

function blockFrames(turn: TurnStep, ctx: AnswerContext): string[] {
  const frames: string[] = [];
  turn.parts.forEach((part, index) => {
    if (part.type === 'text') {
      frames.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
      for (const chunk of part.chunks) frames.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: chunk } }));
    } else {
      const id = callId('toolu_scripted_', ctx, index, part.id);
      frames.push(event('content_block_start', { index, content_block: { type: 'tool_use', id, name: part.name, input: {} } }));
      for (const partial_json of part.fragments) frames.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }));
    }
    frames.push(event('content_block_stop', { index }));
  });
  return frames;
}

export const anthropicWire: WireFormat = {
  stream(turn: TurnStep, ctx: AnswerContext): StreamPlan {
    const usage = usageOf(turn, ctx.request);
    const start = event('message_start', {
      message: {
        id: messageId(ctx),
        type: 'message',
        role: 'assistant',
        model: ctx.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.inputTokens, output_tokens: 1 },
      },
    });
    // A ping between the start and the first block, as the real API sends: clients must skip it.
    const frames = [start, sseFrame({ type: 'ping' }, 'ping'), ...blockFrames(turn, ctx)];
    // The last block's stop belongs to the ending: a cut stream never closes its block.
    const closingFrom = turn.parts.length ? frames.length - 1 : frames.length;
    frames.push(
      event('message_delta', { delta: { stop_reason: stopOf(turn), stop_sequence: null }, usage: { output_tokens: usage.outputTokens } }),
      event('message_stop', {}),
    );
    return { frames, closingFrom };
  },

  streamError(errorType: string, message: string): string {
    return sseFrame({ type: 'error', error: { type: errorType, message } }, 'error');
  },

  json(turn: TurnStep, ctx: AnswerContext): unknown {
    const usage = usageOf(turn, ctx.request);
    return {
      id: messageId(ctx),
      type: 'message',
      role: 'assistant',
      model: ctx.model,
      content: turn.parts.map((part, index) =>
        part.type === 'text'
          ? { type: 'text', text: part.chunks.join('') }
          : { type: 'tool_use', id: callId('toolu_scripted_', ctx, index, part.id), name: part.name, input: argsObject(part.fragments.join('')) },
      ),
      stop_reason: stopOf(turn),
      stop_sequence: null,
      usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
    };
  },

  errorBody(status: number, message: string, errorType: string | undefined): unknown {
    return { type: 'error', error: { type: errorType ?? errorTypeFor(status), message } };
  },
};

/** A content block of an Anthropic answer built by `anthropicStream`. */
export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown };

export interface AnthropicStreamOptions {
  /** Anthropic's own stop reason: end_turn, tool_use, max_tokens, refusal, pause_turn, model_context_window_exceeded… Default: tool_use when a block is one, else end_turn. */
  stop?: string;
  /** The usage message_start and message_delta carry (Anthropic's field names); omitted: none, as in the documented thinking example. */
  usage?: Record<string, unknown>;
  model?: string;
  /** Extra fields of message_delta's delta (stop_details). */
  delta?: Record<string, unknown>;
}

/**
 * An Anthropic answer the scripted turns cannot say (thinking, redacted
 * thinking, any stop reason), as the raw event stream the API sends: thinking
 * text in thinking_delta events and its signature in a signature_delta just
 * before the block closes, tool input in input_json_delta fragments.
 */
export function anthropicStream(blocks: AnthropicBlock[], options: AnthropicStreamOptions = {}): RawStep {
  const frames: string[] = [];
  const usage = options.usage ? { usage: options.usage } : {};
  frames.push(event('message_start', { message: { id: 'msg_scripted_stream', type: 'message', role: 'assistant', model: options.model ?? 'scripted-model', content: [], stop_reason: null, stop_sequence: null, ...usage } }));
  blocks.forEach((block, index) => {
    const delta = (d: Record<string, unknown>) => frames.push(event('content_block_delta', { index, delta: d }));
    if (block.type === 'thinking') {
      frames.push(event('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
      delta({ type: 'thinking_delta', thinking: block.thinking });
      delta({ type: 'signature_delta', signature: block.signature });
    } else if (block.type === 'redacted_thinking') {
      frames.push(event('content_block_start', { index, content_block: block }));
    } else if (block.type === 'text') {
      frames.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
      delta({ type: 'text_delta', text: block.text });
    } else {
      frames.push(event('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } }));
      for (const partial_json of ['', ...splitFragments(JSON.stringify(block.input))]) delta({ type: 'input_json_delta', partial_json });
    }
    frames.push(event('content_block_stop', { index }));
  });
  const stop = options.stop ?? (blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  frames.push(event('message_delta', { delta: { stop_reason: stop, stop_sequence: null, ...options.delta }, ...usage }), event('message_stop', {}));
  return raw(frames.join(''));
}
