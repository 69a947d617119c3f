/**
 * The OpenAI provider's warm-up (Provider.warm): one streamed request through
 * the `openai` SDK, on the wire the model's endpoint uses (Responses or Chat
 * Completions, from its compatibility record), to a server of lug's own on the
 * loopback interface, read through lug's own reader of that wire as a real
 * answer is. The answers are shaped as the two APIs stream a short text
 * answer (the SDK's types, resources/responses/responses.d.ts and
 * resources/chat/completions; @lug/testing's responses and openai wires
 * follow the same shapes). The first real request then finds the SDK's
 * request and stream code, the HTTP client and the conversion run once.
 *
 * It sends no key (a placeholder) and nothing leaves the machine.
 */
import { answerOnLoopback, eventStream, sseEvent, warmUpRequest } from '@lug/core';
import { fromChatStream } from './chat-stream.js';
import { toChatParams } from './chat-request.js';
import type { OpenAICompat } from './compat.js';
import type { Sdk } from './openai-client.js';
import { toResponsesParams } from './responses-request.js';
import { fromResponsesStream } from './responses-stream.js';

const chunk = (delta: object, finish: string | null = null) =>
  sseEvent({ id: 'chatcmpl-warm-up', object: 'chat.completion.chunk', created: 0, model: 'warm-up', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });

/** A short answer, as Chat Completions streams one. */
export const CHAT_WARM_UP_STREAM = eventStream(chunk({ role: 'assistant', content: '' }), chunk({ content: 'ok' }), chunk({}, 'stop'), sseEvent('[DONE]'));

const message = (status: string, text: string) => ({ type: 'message', id: 'msg_warm_up', status, role: 'assistant', content: text ? [{ type: 'output_text', text, annotations: [], logprobs: [] }] : [] });
const response = (status: string, output: unknown[]) => ({
  id: 'resp_warm_up', object: 'response', created_at: 0, status, error: null, incomplete_details: null, model: 'warm-up', output,
  parallel_tool_calls: true, tool_choice: 'auto', tools: [],
  usage: status === 'completed' ? { input_tokens: 1, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2 } : null,
});

/** A short answer, as the Responses API streams one. */
export const RESPONSES_WARM_UP_STREAM = (() => {
  let sequence = 0;
  const event = (type: string, data: object) => sseEvent({ type, sequence_number: sequence++, ...data }, type);
  const part = { type: 'output_text', text: 'ok', annotations: [], logprobs: [] };
  const at = { output_index: 0, item_id: 'msg_warm_up', content_index: 0 };
  return eventStream(
    event('response.created', { response: response('in_progress', []) }),
    event('response.in_progress', { response: response('in_progress', []) }),
    event('response.output_item.added', { output_index: 0, item: message('in_progress', '') }),
    event('response.content_part.added', { ...at, part: { ...part, text: '' } }),
    event('response.output_text.delta', { ...at, delta: 'ok', logprobs: [] }),
    event('response.output_text.done', { ...at, text: 'ok', logprobs: [] }),
    event('response.content_part.done', { ...at, part }),
    event('response.output_item.done', { output_index: 0, item: message('completed', 'ok') }),
    event('response.completed', { response: response('completed', [message('completed', 'ok')]) }),
  );
})();

const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

/** Run one request through `sdk` against the loopback, on the wire `compat` names, and read it to its end: the answer's text ('' when it failed); never rejects. */
export async function warmUp(sdk: Sdk, model: string, compat: OpenAICompat): Promise<string> {
  const responses = compat.api === 'responses';
  const request = warmUpRequest(model);
  let text = '';
  await answerOnLoopback(responses ? RESPONSES_WARM_UP_STREAM : CHAT_WARM_UP_STREAM, async (baseURL) => {
    const client = new sdk.OpenAI({ apiKey: 'lug-warm-up', baseURL, organization: null, project: null, maxRetries: 0, logger: quiet, logLevel: 'error' });
    const signal = new AbortController().signal;
    const official = compat.server === 'openai';
    const events = responses
      ? fromResponsesStream(await client.responses.create(toResponsesParams(request, compat), { signal }), signal, official)
      : fromChatStream(await client.chat.completions.create(toChatParams(request, compat), { signal }), signal, official);
    for await (const event of events) if (event.type === 'text_delta') text += event.text;
  });
  return text;
}
