/**
 * Chat Completions chunks as lug's ProviderEvents: content deltas as they come;
 * tool-call deltas gathered by index until the choice finishes, then one
 * tool_call per call; usage and the stop reason at the end. Tolerant of the
 * ways OpenAI-compatible servers differ: a missing index or id, the name
 * repeated in every delta, several calls sharing index 0, a finish_reason of
 * "stop" after tool calls.
 */
import type OpenAI from 'openai';
import { ProviderError, type ProviderEvent, type StopReason, type Usage } from '@lug/core';

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type ToolCallDelta = NonNullable<Chunk['choices'][number]['delta']['tool_calls']>[number];

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

/** Gathers streamed tool-call fragments into whole calls, in the order they began. */
export class ToolCallAssembler {
  private calls: PendingCall[] = [];
  private byIndex = new Map<number, PendingCall>();

  add(delta: ToolCallDelta): void {
    const index = typeof delta.index === 'number' ? delta.index : this.calls.length;
    let call = this.byIndex.get(index);
    // A different id at a known index is a new call (servers that number every call 0).
    if (!call || (delta.id && call.id && delta.id !== call.id)) {
      call = { id: '', name: '', args: '' };
      this.calls.push(call);
      this.byIndex.set(index, call);
    }
    if (delta.id && !call.id) call.id = delta.id;
    const fn = delta.function;
    if (fn?.name && !call.name) call.name = fn.name;
    if (fn?.arguments) call.args += fn.arguments;
  }

  get size(): number {
    return this.calls.length;
  }

  /** The finished calls; a call the server gave no id gets one, so its result can refer to it. */
  finish(): Array<Extract<ProviderEvent, { type: 'tool_call' }>> {
    const out = this.calls.map((c, i) => ({ type: 'tool_call' as const, id: c.id || `call_${Date.now().toString(36)}_${i}`, name: c.name, argsText: c.args }));
    this.calls = [];
    this.byIndex.clear();
    return out;
  }
}

export function stopReasonOf(finish: string, hadToolCalls: boolean): StopReason {
  if (finish === 'length') return 'max_tokens';
  if (hadToolCalls || finish === 'tool_calls' || finish === 'function_call') return 'tool_use';
  if (finish === 'stop') return 'end_turn';
  return 'other';
}

export async function* fromOpenAIStream(chunks: AsyncIterable<Chunk>, signal: AbortSignal): AsyncIterable<ProviderEvent> {
  const calls = new ToolCallAssembler();
  let usage: Usage | undefined;
  let stop: StopReason | undefined;
  try {
    for await (const chunk of chunks) {
      if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const delta = choice.delta ?? {};
      if (delta.content) yield { type: 'text_delta', text: delta.content };
      for (const call of delta.tool_calls ?? []) calls.add(call);
      if (choice.finish_reason && stop === undefined) {
        stop = stopReasonOf(choice.finish_reason, calls.size > 0);
        yield* calls.finish();
      }
    }
  } catch (err) {
    // The choice had finished: the answer is whole, only the usage chunk or [DONE] was lost.
    if (stop === undefined) throw err;
  }
  // The SDK ends quietly when the request is aborted; a cancel must not look like an answer.
  if (signal.aborted) throw new ProviderError('cancelled by the user', 'cancelled');
  if (stop === undefined) throw new ProviderError('the stream ended before the model finished its answer', 'connection');
  if (usage) yield { type: 'usage', usage };
  yield { type: 'stop', reason: stop };
}
