/**
 * A 200 whose body is not an event stream (a proxy's or captive portal's HTML
 * page, a JSON body from a server that ignored `stream: true`, a JSON error
 * sent with status 200) reads through an SDK as a stream with no events at
 * all: the SSE parsers pass over lines that are not fields. That looked like
 * a connection that ended early (retried four times, the server's words
 * lost), or a stream lug cannot read that said nothing of what came. Here it
 * is a protocol error (retrying gets the same page) saying what came
 * instead, in the body's own words. Shared by the providers (each knows the
 * shapes of its server's error bodies: `wordsOf`).
 */
import { ProviderError } from './provider.js';

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

/** What a body that is not JSON says: an HTML page's title, else its text without tags, else the text itself. */
export function pageText(text: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  if (title?.trim()) return title;
  return /<[a-z!][^>]*>/i.test(text) ? text.replace(/<[^>]*>/g, ' ') : text;
}

/** How a provider names its server and reads the words of a body. */
export interface NotAStreamContext {
  /** The server, as the error names it: "Anthropic", "the OpenAI-compatible server". */
  who: string;
  /** The words of a body: a JSON body's message, an HTML page's title; undefined for none. */
  wordsOf(text: string): string | undefined;
}

/**
 * The SDK's events, unchanged; but when a response that is not labelled an
 * event stream ends without one event, the error says what it was. A server
 * that streams under another content-type still works: the copy of the body
 * kept to read those words is dropped at the first event, so a long answer is
 * never held twice.
 */
export async function* eventsOrWhatCameInstead<T>(events: AsyncIterable<T>, response: Response, signal: AbortSignal, server: NotAStreamContext): AsyncIterable<T> {
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
  const words = server.wordsOf(await bodyStart(copy));
  throw new ProviderError(`${server.who} answered ${response.status} with ${type || 'no content-type'}, not an event stream${words ? `: ${words}` : ''}`, 'protocol');
}
