/**
 * Chat Completions chunks as lug's ProviderEvents: content deltas as they come;
 * reasoning (`reasoning_content`, `reasoning`, or `thinking` parts of an array
 * `content`) as reasoning deltas, then kept as one reasoning part in its place;
 * tool-call deltas gathered by index until the choice finishes, then one
 * tool_call per call; usage and the stop reason at the end.
 *
 * A chunk is the server's input and is checked before it is read: a field of
 * the wrong type is a protocol error naming the chunk, and an error object in
 * the stream (vLLM's `{"object":"error"}`) is the server's error. Tolerant of
 * the ways servers differ: a missing index or id, the name repeated in every
 * delta, several calls sharing index 0, `finish_reason: "stop"` after tool
 * calls, content as a string or as parts, usage in the finishing chunk, after
 * it, or in Groq's `x_groq`.
 */
import { ProviderError, type ProviderEvent, type StopReason, type Usage } from '@lug/core';
import { errorFieldsOf, protocolError, serverError } from './openai-errors.js';
import { chatUsage } from './usage.js';

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

export interface ToolCallDelta {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
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

/** What a finish reason means; a server-side failure is an error, not a way of stopping. */
export function stopReasonOf(finish: string, hadToolCalls: boolean, refused = false): StopReason {
  if (finish === 'length') return 'max_tokens';
  if (finish === 'content_filter') return 'content_filter';
  // Mistral: the conversation reached the model's context length.
  if (finish === 'model_length') return 'context_window';
  if (hadToolCalls || finish === 'tool_calls' || finish === 'function_call') return 'tool_use';
  if (refused) return 'refusal';
  if (finish === 'stop' || finish === 'eos' || finish === 'end_turn') return 'end_turn';
  return 'other';
}

/** Finish reasons that say the server failed (Mistral's "error", DeepSeek's "insufficient_system_resource", vLLM's "abort"). */
const FAILED = new Set(['error', 'insufficient_system_resource', 'abort']);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One chunk's share of the answer, read and checked. */
interface ChunkDelta {
  text: string;
  reasoning: string;
  refusal: string;
  calls: ToolCallDelta[];
  finish?: string;
  usage?: Usage;
}

class ChunkReader {
  constructor(private official: boolean) {}

  private bad(what: string, chunk: unknown): ProviderError {
    return protocolError(this.official, what, chunk);
  }

  private optionalString(value: unknown, what: string, chunk: unknown): string {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw this.bad(`${what} is not a string`, chunk);
    return value;
  }

  /** `content` as a string, or as parts: text parts are the answer, thinking parts reasoning (Mistral's Magistral). */
  private content(value: unknown, chunk: unknown, out: ChunkDelta): void {
    if (value === undefined || value === null) return;
    if (typeof value === 'string') {
      out.text += value;
      return;
    }
    if (!Array.isArray(value)) throw this.bad('delta.content is neither a string nor a list of parts', chunk);
    for (const part of value) {
      if (!isObj(part)) throw this.bad('a part of delta.content is not an object', chunk);
      if (part.type === 'text') out.text += this.optionalString(part.text, 'a text part', chunk);
      else if (part.type === 'thinking') out.reasoning += this.thinking(part.thinking, chunk);
      // Other parts (references, images) carry no answer text.
    }
  }

  private thinking(value: unknown, chunk: unknown): string {
    if (typeof value === 'string') return value;
    if (!Array.isArray(value)) throw this.bad('a thinking part is neither a string nor a list of parts', chunk);
    return value.map((p) => (isObj(p) && p.type === 'text' ? this.optionalString(p.text, 'a thinking text part', chunk) : '')).join('');
  }

  private toolCalls(value: unknown, chunk: unknown): ToolCallDelta[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw this.bad('delta.tool_calls is not a list', chunk);
    return value.map((c): ToolCallDelta => {
      if (!isObj(c)) throw this.bad('a tool call delta is not an object', chunk);
      const fn = c.function === undefined || c.function === null ? {} : c.function;
      if (!isObj(fn)) throw this.bad('a tool call delta’s function is not an object', chunk);
      // Some servers send the arguments as an object rather than JSON text.
      const args = isObj(fn.arguments) ? JSON.stringify(fn.arguments) : this.optionalString(fn.arguments, 'a tool call’s arguments', chunk);
      return {
        index: typeof c.index === 'number' ? c.index : undefined,
        id: this.optionalString(c.id, 'a tool call’s id', chunk) || undefined,
        function: { name: this.optionalString(fn.name, 'a tool call’s name', chunk) || undefined, arguments: args },
      };
    });
  }

  read(chunk: unknown): ChunkDelta {
    if (!isObj(chunk)) throw this.bad('a chunk is not a JSON object', chunk);
    // vLLM reports a failure inside the stream as a chunk of its own.
    if (chunk.object === 'error') throw serverError(errorFieldsOf(chunk), this.official);
    const out: ChunkDelta = { text: '', reasoning: '', refusal: '', calls: [] };
    const usage = chatUsage(chunk.usage) ?? chatUsage(isObj(chunk.x_groq) ? chunk.x_groq.usage : undefined);
    if (usage) out.usage = usage;
    if (chunk.choices === undefined || chunk.choices === null) return out;
    if (!Array.isArray(chunk.choices)) throw this.bad('choices is not a list', chunk);
    const choice: unknown = chunk.choices.find((c) => isObj(c) && (c.index ?? 0) === 0) ?? chunk.choices[0];
    if (choice === undefined) return out;
    if (!isObj(choice)) throw this.bad('a choice is not an object', chunk);
    const delta = choice.delta ?? choice.message ?? {};
    if (!isObj(delta)) throw this.bad('delta is not an object', chunk);
    this.content(delta.content, chunk, out);
    out.reasoning += this.optionalString(delta.reasoning_content, 'delta.reasoning_content', chunk);
    out.reasoning += this.optionalString(delta.reasoning, 'delta.reasoning', chunk);
    out.refusal = this.optionalString(delta.refusal, 'delta.refusal', chunk);
    out.calls = this.toolCalls(delta.tool_calls, chunk);
    if (choice.finish_reason !== undefined && choice.finish_reason !== null) out.finish = this.optionalString(choice.finish_reason, 'finish_reason', chunk);
    return out;
  }
}

export async function* fromChatStream(chunks: AsyncIterable<unknown>, signal: AbortSignal, official = false): AsyncIterable<ProviderEvent> {
  const reader = new ChunkReader(official);
  const calls = new ToolCallAssembler();
  let usage: Usage | undefined;
  let stop: StopReason | undefined;
  let reasoning: string | undefined;
  let refused = false;
  // Reasoning is kept as one part, placed before whatever the model did next.
  function* keepReasoning(): Generator<ProviderEvent> {
    if (reasoning === undefined) return;
    yield { type: 'reasoning', part: { type: 'reasoning', text: reasoning, source: 'openai-chat' } };
    reasoning = undefined;
  }
  try {
    for await (const chunk of chunks) {
      const d = reader.read(chunk);
      if (d.usage) usage = d.usage;
      if (stop !== undefined) continue;
      if (d.reasoning) {
        reasoning = (reasoning ?? '') + d.reasoning;
        yield { type: 'reasoning_delta', text: d.reasoning };
      }
      const text = d.text + d.refusal;
      if (text || d.calls.length) yield* keepReasoning();
      if (d.refusal) refused = true;
      if (text) yield { type: 'text_delta', text };
      for (const call of d.calls) calls.add(call);
      if (d.finish !== undefined) {
        if (FAILED.has(d.finish)) throw serverError({ message: `the server stopped the answer (finish_reason "${d.finish}")` }, official);
        stop = stopReasonOf(d.finish, calls.size > 0, refused);
        yield* keepReasoning();
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
