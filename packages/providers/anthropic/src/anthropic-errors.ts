/**
 * SDK errors as ProviderErrors: the kind decides whether lug retries, and the
 * message gives the server's own words, whatever shape its body has (the
 * API's `{"type":"error","error":{…}}`, a gateway's `{"message":…}` or
 * `{"detail":…}`, a plain-text or HTML page, or nothing), and what to do.
 */
import { ProviderError, pageText, providerErrorKindOfStatus, retryAfterMsOf, type NotAStreamContext, type ProviderErrorKind } from '@lug/core';
import { showEvent } from './from-anthropic.js';
import type { AnthropicSdk } from './sdk-surface.js';

/** Errors reported inside a stream have no status, only a type. */
function kindOfType(type: string | undefined): ProviderErrorKind {
  if (type === 'overloaded_error') return 'overloaded';
  if (type === 'rate_limit_error') return 'rate_limit';
  if (type === 'authentication_error' || type === 'permission_error') return 'auth';
  if (type === 'invalid_request_error' || type === 'not_found_error' || type === 'request_too_large') return 'bad_request';
  return 'server';
}

const ADVICE: Partial<Record<ProviderErrorKind, string>> = {
  auth: 'check ANTHROPIC_API_KEY',
  rate_limit: 'wait a moment, or check your rate limits in the Anthropic console',
  overloaded: 'Anthropic is overloaded; try again shortly',
};

function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

/** The words of a body that is not JSON: an HTML page's title (or its text), else the text itself. */
function textBodyMessage(text: string): string {
  return oneLine(pageText(text));
}

/**
 * Anthropic as an error names it, and the words of the body of a 200 that is
 * not an event stream (core's eventsOrWhatCameInstead): a JSON body's message
 * in any common shape, an HTML page's title (or its text), else the text.
 */
export const ANTHROPIC_SERVER: NotAStreamContext = {
  who: 'Anthropic',
  wordsOf: (text) => {
    if (!text.trim()) return undefined;
    try {
      return serverMessageOf(JSON.parse(text)).message;
    } catch {
      return textBodyMessage(text);
    }
  },
};

/** The server's own message in a JSON error body of any common shape, and the error type when it names one. */
export function serverMessageOf(body: unknown): { message?: string; type?: string } {
  if (typeof body === 'string') return { message: textBodyMessage(body) };
  if (!body || typeof body !== 'object') return {};
  const b = body as Record<string, any>;
  const inner = b.error && typeof b.error === 'object' ? b.error : undefined;
  const type = typeof inner?.type === 'string' ? inner.type : typeof b.type === 'string' && b.type !== 'error' ? b.type : undefined;
  const candidates: unknown[] = [inner?.message, typeof b.error === 'string' ? b.error : undefined, b.message, b.detail, b.error_message];
  for (const c of candidates) {
    if (typeof c === 'string' && c.trim()) return { message: oneLine(c), type };
    // FastAPI-style validation details: [{loc, msg, type}, …]
    if (Array.isArray(c) && c.length) {
      const msgs = c.map((d) => (typeof d?.msg === 'string' ? d.msg : typeof d === 'string' ? d : showEvent(d)));
      return { message: oneLine(msgs.join('; ')), type };
    }
  }
  return { message: showEvent(body), type };
}

/** The message of an SDK error that had no JSON body: the SDK puts the body's text after the status. */
function bareMessage(err: Error & { status?: number }): string | undefined {
  const text = err.status !== undefined ? err.message.replace(new RegExp(`^${err.status} `), '') : err.message;
  if (/^status code \(no body\)$|^\(no status code or body\)$/.test(text)) return undefined;
  return textBodyMessage(text);
}

export function toProviderError(err: unknown, sdk: AnthropicSdk | undefined, signal: AbortSignal, baseURL: string, lastSdkLog?: () => string | undefined): ProviderError {
  if (err instanceof ProviderError) return err;
  if (signal.aborted || (sdk && err instanceof sdk.APIUserAbortError)) return new ProviderError('cancelled by the user', 'cancelled');
  if (sdk && err instanceof sdk.APIConnectionError) {
    const cause = (err as Error & { cause?: Error }).cause;
    const why = err instanceof sdk.APIConnectionTimeoutError ? 'the request timed out' : (cause?.message ?? err.message);
    return new ProviderError(`could not reach Anthropic at ${baseURL}: ${why}`, 'connection');
  }
  if (sdk && err instanceof sdk.APIError) {
    const { message, type } = err.error !== undefined ? serverMessageOf(err.error) : { message: bareMessage(err), type: undefined };
    const kind = err.status !== undefined ? providerErrorKindOfStatus(err.status) : kindOfType(type);
    const where = err.status !== undefined ? `${err.status}${type ? ` ${type}` : ''}` : (type ?? 'error in the stream');
    const advice = ADVICE[kind];
    const detail = message ?? 'the server sent no message';
    return new ProviderError(`Anthropic API error (${where}): ${detail}${advice ? `; ${advice}` : ''}`, kind, err.status, retryAfterMsOf(err.headers));
  }
  // The SDK parses each event's data as JSON and throws the parser's error: the stream cannot be read, retrying will not help.
  if (err instanceof SyntaxError) {
    const data = lastSdkLog?.();
    return new ProviderError(`Anthropic sent a stream lug cannot read (an event that is not JSON: ${err.message})${data ? `: ${showEvent(data)}` : ''}`, 'protocol');
  }
  // Anything else broke the connection while reading the stream (e.g. undici's "terminated").
  const e = err as Error & { cause?: Error };
  const why = e?.cause?.message ? `${e.message} (${e.cause.message})` : (e?.message ?? String(err));
  return new ProviderError(`the connection to Anthropic broke: ${why}`, 'connection');
}
