/**
 * The Anthropic provider's warm-up (Provider.warm): one streamed request
 * through the SDK to a server of lug's own on the loopback interface, whose
 * answer is shaped as the Messages API streams one (message_start, a ping, a
 * text block, message_delta, message_stop: the shape of
 * docs.anthropic.com's streaming example, which @lug/testing's anthropic
 * wire also follows), read through `fromAnthropicStream` as a real answer is.
 * The first real request then finds the SDK's request and stream code, the
 * HTTP client and lug's own conversion compiled and run once: the
 * interface's first turn spent ~5 ms more of its main thread in them than
 * later turns (packages/tui/bench, profiles of 5 runs).
 *
 * It sends no key (a placeholder) and nothing leaves the machine.
 */
import { answerOnLoopback, eventStream, sseEvent, warmUpRequest } from '@lug/core';
import { fromAnthropicStream } from './from-anthropic.js';
import type { AnthropicClient, AnthropicSdk } from './sdk-surface.js';
import { withoutSdkModelWarnings } from './sdk-warnings.js';
import { toAnthropicParams } from './to-anthropic.js';

const frame = (type: string, data: object) => sseEvent({ type, ...data }, type);

/** A short answer, as the Messages API streams one. */
export const WARM_UP_STREAM = eventStream(
  frame('message_start', {
    message: { id: 'msg_warm_up', type: 'message', role: 'assistant', model: 'warm-up', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
  }),
  frame('ping', {}),
  frame('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  frame('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'ok' } }),
  frame('content_block_stop', { index: 0 }),
  frame('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } }),
  frame('message_stop', {}),
);

const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

/** Run one request for `model` through `sdk` against the loopback and read it to its end: the answer's text ('' when it failed); never rejects. */
export async function warmUp(sdk: AnthropicSdk, model = 'warm-up'): Promise<string> {
  const request = warmUpRequest(model);
  let text = '';
  await answerOnLoopback(WARM_UP_STREAM, async (baseURL) => {
    const client: AnthropicClient = new sdk.Anthropic({ apiKey: 'lug-warm-up', baseURL, maxRetries: 0, logger: quiet, logLevel: 'error' });
    const signal = new AbortController().signal;
    const events = await withoutSdkModelWarnings(() => client.messages.create(toAnthropicParams(request), { signal }));
    for await (const event of fromAnthropicStream(events, signal, request.model)) if (event.type === 'text_delta') text += event.text;
  });
  return text;
}
