/**
 * Helpers for testing a Provider against the scripted server: a request to
 * send, the events it streamed back, the error it ended with.
 */
import type { AssistantMessage, Message, ModelRequest, Provider, ProviderError, ProviderEvent, RetryPolicy, ToolSpec } from '@lug/core';

/** A retry policy of milliseconds, so that retry tests run fast. */
export const FAST_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };

/** A small tool to offer the model in provider tests. */
export const READ_TOOL_SPEC: ToolSpec = {
  name: 'read',
  description: 'Read a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

/**
 * A model request: by default one user message "hi", the system prompt
 * "You are a test.", the read tool, 1024 tokens, model "scripted-model".
 */
export function modelRequest(fields: Partial<ModelRequest> = {}): ModelRequest {
  const messages: Message[] = [{ role: 'user', content: 'hi' }];
  return { model: 'scripted-model', system: 'You are a test.', messages, tools: [READ_TOOL_SPEC], maxTokens: 1024, ...fields };
}

/**
 * A conversation in lug's neutral format, to check how a provider puts it on
 * the wire: a prompt; an assistant message of text and two tool calls
 * (call_1 with valid arguments, call_2 with argument text that is not JSON);
 * their results (call_2's an error); the next prompt.
 */
export function historyWithToolCalls(): Message[] {
  return [
    { role: 'user', content: 'read a and b' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'tool_call', id: 'call_1', name: 'read', argsText: '{"path":"a"}' },
        { type: 'tool_call', id: 'call_2', name: 'read', argsText: '{"path": "b' },
      ],
    },
    {
      role: 'tool',
      results: [
        { type: 'tool_result', callId: 'call_1', name: 'read', content: 'alpha', isError: false },
        { type: 'tool_result', callId: 'call_2', name: 'read', content: 'invalid arguments for read: not JSON', isError: true },
      ],
    },
    { role: 'user', content: 'and now?' },
  ];
}

export interface StreamResult {
  /** Every event, in order, up to the end or the error. */
  events: ProviderEvent[];
  /** What the stream threw (a provider throws ProviderErrors), or undefined when it ended well. */
  error: ProviderError | undefined;
}

export interface CollectStreamOptions {
  signal?: AbortSignal;
  /** Abort the stream (as a cancelled turn does) right after the first event this returns true for. */
  abortAfter?(event: ProviderEvent): boolean;
}

/** Stream `request` from `provider` to its end, collecting the events and the error instead of throwing it. */
export async function collectStream(provider: Provider, request: ModelRequest = modelRequest(), options: CollectStreamOptions = {}): Promise<StreamResult> {
  const controller = new AbortController();
  const abort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abort();
  else options.signal?.addEventListener('abort', abort, { once: true });
  const events: ProviderEvent[] = [];
  try {
    for await (const event of provider.stream(request, controller.signal)) {
      events.push(event);
      if (options.abortAfter?.(event)) controller.abort();
    }
    return { events, error: undefined };
  } catch (error) {
    return { events, error: error as ProviderError };
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}

/** The text the events streamed, joined. */
export function textOf(events: readonly ProviderEvent[]): string {
  return events.flatMap((e) => (e.type === 'text_delta' ? [e.text] : [])).join('');
}

/** The events of one type, typed as such. */
export function eventsOfType<T extends ProviderEvent['type']>(events: readonly ProviderEvent[], type: T): Array<Extract<ProviderEvent, { type: T }>> {
  return events.filter((e): e is Extract<ProviderEvent, { type: T }> => e.type === type);
}

/**
 * The assistant message the events make, as the agent loop keeps it: text
 * deltas joined into text parts, each reasoning part and tool call in its
 * place. For multi-turn provider tests that send the answer back.
 */
export function assistantMessageOf(events: readonly ProviderEvent[]): AssistantMessage {
  const content: AssistantMessage['content'] = [];
  for (const e of events) {
    if (e.type === 'text_delta') {
      const last = content[content.length - 1];
      if (last?.type === 'text') last.text += e.text;
      else content.push({ type: 'text', text: e.text });
    } else if (e.type === 'reasoning') content.push(e.part);
    else if (e.type === 'tool_call') content.push({ type: 'tool_call', id: e.id, name: e.name, argsText: e.argsText });
  }
  return { role: 'assistant', content };
}
