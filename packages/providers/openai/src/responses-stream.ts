/**
 * Responses API stream events as lug's ProviderEvents: `output_text` deltas as
 * text; reasoning summary (or reasoning text) deltas as reasoning deltas, and
 * each finished reasoning item kept with its id and encrypted content; each
 * finished `function_call` item as a tool_call; usage and the stop reason from
 * `response.completed` / `response.incomplete`; `response.failed` and `error`
 * as the server's error. Events are checked before they are read; events lug
 * has no use for (web search, annotations, …) are passed over.
 */
import { ProviderError, type ProviderEvent, type StopReason, type Usage } from '@lug/core';
import { errorFieldsOf, isContextWindowError, protocolError, serverError } from './openai-errors.js';
import { RESPONSES_SOURCE } from './responses-request.js';
import { responsesUsage } from './usage.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

interface PendingCall {
  callId: string;
  name: string;
  args: string;
  done: boolean;
}

/** The end of a response: how it stopped, or the error it failed with. */
type Ending = { stop: StopReason; usage?: Usage; detail?: string } | { error: ProviderError };

class ResponseReader {
  private calls = new Map<number, PendingCall>();
  private reasoning = new Map<string, string>();
  /** Message items whose text came as deltas (the rest bring it only when done). */
  private streamedMessages = new Set<string>();
  private madeUpIds = 0;
  calledTools = false;
  refused = false;
  ending: Ending | undefined;

  constructor(private official: boolean) {}

  private bad(what: string, event: unknown): ProviderError {
    return protocolError(this.official, what, event);
  }

  private string(event: Obj, key: string): string {
    const v = event[key];
    if (typeof v !== 'string') throw this.bad(`${String(event.type)} has no string ${key}`, event);
    return v;
  }

  private index(event: Obj): number {
    const v = event.output_index;
    if (typeof v !== 'number') throw this.bad(`${String(event.type)} has no output_index`, event);
    return v;
  }

  private item(event: Obj): Obj {
    if (!isObj(event.item)) throw this.bad(`${String(event.type)} has no item`, event);
    return event.item;
  }

  private call(item: Obj, event: Obj): PendingCall {
    const args = item.arguments;
    return {
      callId: typeof item.call_id === 'string' && item.call_id ? item.call_id : `call_${Date.now().toString(36)}_${this.madeUpIds++}`,
      name: typeof item.name === 'string' ? item.name : '',
      args: typeof args === 'string' ? args : args === undefined || args === null ? '' : JSON.stringify(args),
      done: false,
    };
  }

  private toolCall(call: PendingCall): ProviderEvent {
    this.calledTools = true;
    call.done = true;
    return { type: 'tool_call', id: call.callId, name: call.name, argsText: call.args };
  }

  /** The calls begun but never finished, in order: an answer cut by the output cap ends inside one. */
  *unfinishedCalls(): Generator<ProviderEvent> {
    for (const [, call] of [...this.calls].sort(([a], [b]) => a - b)) if (!call.done) yield this.toolCall(call);
  }

  private reasoningPart(item: Obj, event: Obj): ProviderEvent {
    const id = typeof item.id === 'string' ? item.id : undefined;
    const texts = (list: unknown, type: string) =>
      Array.isArray(list) ? list.flatMap((p) => (isObj(p) && p.type === type && typeof p.text === 'string' ? [p.text] : [])) : [];
    const summary = texts(item.summary, 'summary_text');
    const text = summary.length ? summary.join('\n\n') : texts(item.content, 'reasoning_text').join('') || (id ? this.reasoning.get(id) : '') || '';
    const encrypted = item.encrypted_content;
    if (encrypted !== undefined && encrypted !== null && typeof encrypted !== 'string') throw this.bad('a reasoning item’s encrypted_content is not a string', event);
    return {
      type: 'reasoning',
      part: { type: 'reasoning', text, source: RESPONSES_SOURCE, ...(id ? { id } : {}), ...(encrypted ? { redacted: encrypted } : {}) },
    };
  }

  private *messageDone(item: Obj, event: Obj): Generator<ProviderEvent> {
    if (typeof item.id === 'string' && this.streamedMessages.has(item.id)) return;
    if (!Array.isArray(item.content)) return;
    for (const part of item.content) {
      if (!isObj(part)) throw this.bad('a part of a message item is not an object', event);
      if (part.type === 'refusal' && typeof part.refusal === 'string') this.refused = true;
      const text = part.type === 'output_text' ? part.text : part.type === 'refusal' ? part.refusal : undefined;
      if (typeof text === 'string' && text) yield { type: 'text_delta', text };
    }
  }

  private fail(fields: ReturnType<typeof errorFieldsOf>): Ending {
    if (isContextWindowError(fields)) return { stop: 'context_window', detail: fields.message };
    return { error: serverError(fields, this.official) };
  }

  private end(event: Obj): Ending {
    const response = isObj(event.response) ? event.response : undefined;
    if (!response) throw this.bad(`${String(event.type)} has no response`, event);
    const usage = responsesUsage(response.usage);
    const withUsage = (stop: StopReason): Ending => (usage ? { stop, usage } : { stop });
    if (event.type === 'response.failed') return this.fail(errorFieldsOf(response.error ?? { message: 'the response failed' }));
    if (event.type === 'response.incomplete') {
      const reason = isObj(response.incomplete_details) ? response.incomplete_details.reason : undefined;
      return withUsage(reason === 'max_output_tokens' ? 'max_tokens' : reason === 'content_filter' ? 'content_filter' : 'other');
    }
    return withUsage(this.calledTools ? 'tool_use' : this.refused ? 'refusal' : 'end_turn');
  }

  /** A finished output item: a reasoning part, a message's text if it did not come as deltas, a tool call. */
  private *itemDone(event: Obj): Generator<ProviderEvent> {
    const item = this.item(event);
    if (item.type === 'reasoning') yield this.reasoningPart(item, event);
    else if (item.type === 'message') yield* this.messageDone(item, event);
    else if (item.type === 'function_call') yield this.callDone(item, event);
  }

  /** A finished function_call item as a tool call, with what its deltas began where the item lacks it. */
  private callDone(item: Obj, event: Obj): ProviderEvent {
    const index = this.index(event);
    const begun = this.calls.get(index);
    // The finished item's arguments are whole; the deltas were only their pieces.
    const call = this.call(item, event);
    if (begun && typeof item.arguments !== 'string') call.args = begun.args;
    if (begun && !call.name) call.name = begun.name;
    if (begun && typeof item.call_id !== 'string') call.callId = begun.callId;
    this.calls.set(index, call);
    return this.toolCall(call);
  }

  *read(event: unknown): Generator<ProviderEvent> {
    if (!isObj(event) || typeof event.type !== 'string') throw this.bad('an event is not an object with a type', event);
    switch (event.type) {
      case 'response.output_text.delta': {
        const text = this.string(event, 'delta');
        if (typeof event.item_id === 'string') this.streamedMessages.add(event.item_id);
        if (text) yield { type: 'text_delta', text };
        return;
      }
      case 'response.refusal.delta': {
        this.refused = true;
        if (typeof event.item_id === 'string') this.streamedMessages.add(event.item_id);
        const text = this.string(event, 'delta');
        if (text) yield { type: 'text_delta', text };
        return;
      }
      case 'response.reasoning_summary_part.added':
        // Summary parts read as paragraphs.
        if (typeof event.summary_index === 'number' && event.summary_index > 0) yield* this.reasoningDelta(event, '\n\n');
        return;
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        yield* this.reasoningDelta(event, this.string(event, 'delta'));
        return;
      case 'response.output_item.added': {
        const item = this.item(event);
        if (item.type === 'function_call') this.calls.set(this.index(event), this.call(item, event));
        return;
      }
      case 'response.function_call_arguments.delta': {
        const call = this.calls.get(this.index(event));
        if (!call) throw this.bad('arguments arrived for a function call that never began', event);
        call.args += this.string(event, 'delta');
        return;
      }
      case 'response.output_item.done':
        yield* this.itemDone(event);
        return;
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        this.ending = this.end(event);
        return;
      case 'error':
        this.ending = this.fail(errorFieldsOf(event));
        return;
      default:
        return;
    }
  }

  private *reasoningDelta(event: Obj, text: string): Generator<ProviderEvent> {
    const id = typeof event.item_id === 'string' ? event.item_id : '';
    this.reasoning.set(id, (this.reasoning.get(id) ?? '') + text);
    if (text) yield { type: 'reasoning_delta', text };
  }
}

export async function* fromResponsesStream(events: AsyncIterable<unknown>, signal: AbortSignal, official = true): AsyncIterable<ProviderEvent> {
  const reader = new ResponseReader(official);
  try {
    for await (const event of events) {
      yield* reader.read(event);
      if (reader.ending) break;
    }
  } catch (err) {
    // The response had ended: only the end of the stream was lost.
    if (!reader.ending) throw err;
  }
  if (signal.aborted) throw new ProviderError('cancelled by the user', 'cancelled');
  const ending = reader.ending;
  if (!ending) throw new ProviderError('the stream ended before the model finished its answer', 'connection');
  if ('error' in ending) throw ending.error;
  if (ending.stop === 'max_tokens') yield* reader.unfinishedCalls();
  if (ending.usage) yield { type: 'usage', usage: ending.usage };
  yield { type: 'stop', reason: ending.stop, ...(ending.detail ? { detail: ending.detail } : {}) };
}
