/**
 * A 200 whose body is not an event stream (a proxy's or captive portal's HTML
 * page, a JSON body from a server that ignored `stream: true`, a JSON error
 * sent with status 200) reads through the SDK as a stream with no events at
 * all: its SSE parser passes over lines that are not fields. That looked like
 * a connection that ended early, so it was retried four times and the
 * server's words were lost. Here it is a protocol error (retrying gets the
 * same page) saying what came instead, in the body's own words.
 */
import { ProviderError } from '@lug/core';
import { serverMessage } from './openai-errors.js';

/** How much of an unexpected body is read to find its words. */
const BODY_READ_LIMIT = 64 * 1024;

/** The start of a body, as text, at most BODY_READ_LIMIT bytes of it. */
async function bodyStart(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < BODY_READ_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  return text;
}

/** The words of a body: a JSON body's message, an HTML page's title (or its text), else the text. */
function wordsOf(text: string): string | undefined {
  try {
    return serverMessage(JSON.parse(text));
  } catch {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
    if (title?.trim()) return serverMessage(title);
    return serverMessage(/<[a-z!][^>]*>/i.test(text) ? text.replace(/<[^>]*>/g, ' ') : text);
  }
}

/**
 * The SDK's events, unchanged; but when a response that is not labelled an
 * event stream ends without one event, the error says what it was. A server
 * that streams under another content-type still works: the copy of the body
 * kept to read those words is dropped at the first event, so a long answer is
 * never held twice.
 */
export async function* eventsOrWhatCameInstead<T>(events: AsyncIterable<T>, response: Response, signal: AbortSignal, official: boolean): AsyncIterable<T> {
  const type = response.headers.get('content-type') ?? '';
  if (/text\/event-stream/i.test(type)) return yield* events;
  let copy: Response | undefined = response.clone();
  const drop = () => {
    void copy?.body?.cancel().catch(() => {});
    copy = undefined;
  };
  try {
    for await (const event of events) {
      drop();
      yield event;
    }
  } catch (err) {
    drop();
    throw err;
  }
  if (!copy || signal.aborted) return drop();
  const words = wordsOf(await bodyStart(copy));
  const who = official ? 'OpenAI' : 'the OpenAI-compatible server';
  throw new ProviderError(`${who} answered ${response.status} with ${type || 'no content-type'}, not an event stream${words ? `: ${words}` : ''}`, 'protocol');
}
