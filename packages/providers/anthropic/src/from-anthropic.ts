/**
 * Anthropic stream events as lug's ProviderEvents: text and thinking deltas
 * as they come, one `reasoning` part per thinking (or redacted_thinking) block
 * with its signature once the block closes, one tool_call per tool_use block
 * once its arguments are complete, then usage and the stop reason.
 *
 * The stream is the server's input, so nothing in it is trusted: fields the
 * documented examples leave out (a message_start without usage, a delta
 * without partial_json) are read as absent, a zero in message_delta never
 * overwrites a count already known, and an event lug cannot read at all is a
 * `protocol` error naming the event, never a dropped connection to retry.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { ProviderError, type ProviderEvent, type ReasoningPart, type StopReason, type Usage } from '@lug/core';
import { ANTHROPIC_REASONING_SOURCE } from './to-anthropic.js';

type OpenBlock =
  | { kind: 'tool'; id: string; name: string; json: string; initial: unknown }
  | { kind: 'thinking'; text: string; signature: string }
  | { kind: 'redacted'; data: string };

export function stopReasonOf(reason: string | null | undefined): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'tool_use':
    case 'max_tokens':
    case 'pause_turn':
    case 'refusal':
      return reason;
    case 'stop_sequence':
      return 'end_turn';
    case 'model_context_window_exceeded':
      return 'context_window';
    default:
      return 'other';
  }
}

/** An event shown in an error: its JSON, cut to a readable length. */
export function showEvent(event: unknown): string {
  let text: string;
  try {
    text = typeof event === 'string' ? event : JSON.stringify(event);
  } catch {
    text = String(event);
  }
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

export function protocolError(why: string, event: unknown): ProviderError {
  return new ProviderError(`Anthropic sent a stream lug cannot read (${why}): ${showEvent(event)}`, 'protocol');
}

type RawUsage = Partial<{
  input_tokens: number | null;
  output_tokens: number | null;
  cache_read_input_tokens: number | null;
  cache_creation_input_tokens: number | null;
  output_tokens_details: { thinking_tokens?: number | null } | null;
}>;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Fold a usage object into the totals; in message_delta, a zero never replaces a count already known. */
function readUsage(usage: Usage, raw: RawUsage | null | undefined, delta: boolean): void {
  if (!raw || typeof raw !== 'object') return;
  const take = (value: unknown, current: number | undefined): number | undefined => {
    if (!isCount(value)) return current;
    return delta && value === 0 && current !== undefined ? current : value;
  };
  usage.inputTokens = take(raw.input_tokens, usage.inputTokens) ?? 0;
  usage.outputTokens = take(raw.output_tokens, usage.outputTokens) ?? 0;
  const cacheRead = take(raw.cache_read_input_tokens, usage.cacheReadTokens);
  if (cacheRead !== undefined) usage.cacheReadTokens = cacheRead;
  const cacheWrite = take(raw.cache_creation_input_tokens, usage.cacheWriteTokens);
  if (cacheWrite !== undefined) usage.cacheWriteTokens = cacheWrite;
  const reasoning = take(raw.output_tokens_details?.thinking_tokens, usage.reasoningTokens);
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
}

function reasoningPart(block: Extract<OpenBlock, { kind: 'thinking' | 'redacted' }>, model: string): ReasoningPart {
  return block.kind === 'thinking'
    ? { type: 'reasoning', text: block.text, source: ANTHROPIC_REASONING_SOURCE, signature: block.signature, model }
    : { type: 'reasoning', text: '', source: ANTHROPIC_REASONING_SOURCE, redacted: block.data, model };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

class StreamReader {
  readonly open = new Map<number, OpenBlock>();
  readonly usage: Usage = { inputTokens: 0, outputTokens: 0 };
  stop: string | null | undefined;
  stopDetail: string | undefined;
  stopped = false;

  constructor(private model: string) {}

  /** The ProviderEvents one stream event gives. */
  *read(event: Anthropic.RawMessageStreamEvent): Iterable<ProviderEvent> {
    if (!event || typeof event !== 'object') throw protocolError('an event that is not an object', event);
    switch (event.type) {
      case 'message_start':
        // Anthropic's documented examples send message_start without usage; the counts come with message_delta.
        readUsage(this.usage, event.message?.usage, false);
        break;
      case 'content_block_start':
        yield* this.startBlock(event);
        break;
      case 'content_block_delta':
        yield* this.delta(event);
        break;
      case 'content_block_stop':
        yield* this.stopBlock(event.index);
        break;
      case 'message_delta': {
        if (!event.delta || typeof event.delta !== 'object') throw protocolError('a message_delta without its delta', event);
        if (event.delta.stop_reason !== undefined) this.stop = event.delta.stop_reason;
        const details = event.delta.stop_details;
        if (details && (details.category || details.explanation)) this.stopDetail = [details.category, details.explanation].filter(Boolean).join(': ');
        readUsage(this.usage, event.usage, true);
        break;
      }
      case 'message_stop':
        this.stopped = true;
        break;
      // Other event types (new ones) carry nothing lug uses.
    }
  }

  private *startBlock(event: Anthropic.RawContentBlockStartEvent): Iterable<ProviderEvent> {
    const block = event.content_block;
    if (!block || typeof block !== 'object' || typeof event.index !== 'number') throw protocolError('a content_block_start without its block or index', event);
    switch (block.type) {
      case 'tool_use':
        if (typeof block.id !== 'string' || typeof block.name !== 'string') throw protocolError('a tool_use block without its id or name', event);
        this.open.set(event.index, { kind: 'tool', id: block.id, name: block.name, json: '', initial: block.input });
        break;
      case 'text':
        if (text(block.text)) yield { type: 'text_delta', text: block.text };
        break;
      case 'thinking':
        this.open.set(event.index, { kind: 'thinking', text: text(block.thinking), signature: text(block.signature) });
        if (text(block.thinking)) yield { type: 'reasoning_delta', text: block.thinking };
        break;
      case 'redacted_thinking':
        this.open.set(event.index, { kind: 'redacted', data: text(block.data) });
        break;
    }
  }

  private *delta(event: Anthropic.RawContentBlockDeltaEvent): Iterable<ProviderEvent> {
    const delta = event.delta;
    if (!delta || typeof delta !== 'object') throw protocolError('a content_block_delta without its delta', event);
    const block = this.open.get(event.index);
    switch (delta.type) {
      case 'text_delta':
        if (text(delta.text)) yield { type: 'text_delta', text: delta.text };
        break;
      case 'input_json_delta':
        if (block?.kind === 'tool') block.json += text(delta.partial_json);
        break;
      case 'thinking_delta':
        if (block?.kind === 'thinking') block.text += text(delta.thinking);
        if (text(delta.thinking)) yield { type: 'reasoning_delta', text: delta.thinking };
        break;
      case 'signature_delta':
        if (block?.kind === 'thinking') block.signature += text(delta.signature);
        break;
    }
  }

  private *stopBlock(index: number): Iterable<ProviderEvent> {
    const block = this.open.get(index);
    if (!block) return;
    this.open.delete(index);
    if (block.kind === 'tool') {
      const argsText = block.json !== '' ? block.json : JSON.stringify(block.initial ?? {});
      yield { type: 'tool_call', id: block.id, name: block.name, argsText };
    } else {
      yield { type: 'reasoning', part: reasoningPart(block, this.model) };
    }
  }
}

export async function* fromAnthropicStream(events: AsyncIterable<Anthropic.RawMessageStreamEvent>, signal: AbortSignal, model = ''): AsyncIterable<ProviderEvent> {
  const reader = new StreamReader(model);
  let seen = 0;
  try {
    for await (const event of events) {
      seen++;
      let out: ProviderEvent[];
      try {
        out = [...reader.read(event)];
      } catch (err) {
        throw err instanceof ProviderError ? err : protocolError((err as Error).message, event);
      }
      yield* out;
    }
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'protocol') throw err;
    // The stop reason arrived: the answer is whole, only the closing event was lost.
    if (reader.stop === undefined || reader.open.size > 0) throw err;
  }
  // The SDK ends quietly when the request is aborted; a cancel must not look like an answer.
  if (signal.aborted) throw new ProviderError('cancelled by the user', 'cancelled');
  // A whole response without one event the SDK could read: not Anthropic's stream format (the SDK skips data lines without an `event:` line).
  if (seen === 0) throw new ProviderError("Anthropic sent a stream lug cannot read (a response with no events in Anthropic's format: each needs an event: line and a data: line)", 'protocol');
  if (!reader.stopped && reader.stop === undefined) throw new ProviderError('the stream ended before the message was complete', 'connection');
  yield { type: 'usage', usage: reader.usage };
  yield { type: 'stop', reason: stopReasonOf(reader.stop), ...(reader.stopDetail ? { detail: reader.stopDetail } : {}) };
}
