/**
 * Anthropic stream events as lug's ProviderEvents: text deltas as they come,
 * one tool_call per tool_use block once its arguments are complete, then usage
 * and the stop reason. Nothing is passed on before the answer begins, so a
 * connection dropped that early can still be retried.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { ProviderError, type ProviderEvent, type StopReason, type Usage } from '@lug/core';

interface OpenToolUse {
  id: string;
  name: string;
  json: string;
  /** The input given at block start; used when no argument deltas follow. */
  initial: unknown;
}

export function stopReasonOf(reason: string | null | undefined): StopReason {
  if (reason === 'end_turn' || reason === 'tool_use' || reason === 'max_tokens') return reason;
  if (reason === 'stop_sequence') return 'end_turn';
  return 'other';
}

function inputTokens(u: { input_tokens?: number | null; cache_creation_input_tokens?: number | null; cache_read_input_tokens?: number | null }): number {
  // Cached prompt tokens are billed and counted separately; all of them were read.
  return (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
}

export async function* fromAnthropicStream(events: AsyncIterable<Anthropic.RawMessageStreamEvent>, signal: AbortSignal): AsyncIterable<ProviderEvent> {
  const open = new Map<number, OpenToolUse>();
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  let stop: string | null | undefined;
  let stopped = false;
  try {
    for await (const event of events) {
      switch (event.type) {
        case 'message_start':
          usage.inputTokens = inputTokens(event.message.usage);
          usage.outputTokens = event.message.usage.output_tokens ?? 0;
          break;
        case 'content_block_start': {
          const block = event.content_block;
          if (block.type === 'tool_use') open.set(event.index, { id: block.id, name: block.name, json: '', initial: block.input });
          else if (block.type === 'text' && block.text) yield { type: 'text_delta', text: block.text };
          break;
        }
        case 'content_block_delta': {
          const delta = event.delta;
          if (delta.type === 'text_delta') {
            if (delta.text) yield { type: 'text_delta', text: delta.text };
          } else if (delta.type === 'input_json_delta') {
            const call = open.get(event.index);
            if (call) call.json += delta.partial_json;
          }
          break;
        }
        case 'content_block_stop': {
          const call = open.get(event.index);
          if (call) {
            open.delete(event.index);
            const argsText = call.json !== '' ? call.json : JSON.stringify(call.initial ?? {});
            yield { type: 'tool_call', id: call.id, name: call.name, argsText };
          }
          break;
        }
        case 'message_delta':
          stop = event.delta.stop_reason;
          usage.outputTokens = event.usage.output_tokens ?? usage.outputTokens;
          if (event.usage.input_tokens != null) usage.inputTokens = inputTokens(event.usage);
          break;
        case 'message_stop':
          stopped = true;
          break;
      }
    }
  } catch (err) {
    // The stop reason arrived: the answer is whole, only the closing event was lost.
    if (stop === undefined || open.size > 0) throw err;
  }
  // The SDK ends quietly when the request is aborted; a cancel must not look like an answer.
  if (signal.aborted) throw new ProviderError('cancelled by the user', 'cancelled');
  if (!stopped && stop === undefined) throw new ProviderError('the stream ended before the message was complete', 'connection');
  yield { type: 'usage', usage };
  yield { type: 'stop', reason: stopReasonOf(stop) };
}
