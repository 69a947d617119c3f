/**
 * Failures as ProviderErrors: the kind decides whether lug retries, and the
 * message is the server's own, whatever shape its body has — OpenAI's
 * `{"error":{…}}`, vLLM's `{"object":"error","message":…}`, Mistral's 422
 * `{"message":{"detail":[…]}}`, FastAPI's `{"detail":…}`, or plain text.
 */
import { ProviderError, providerErrorKindOfStatus, retryAfterMsOf, type ProviderErrorKind } from '@lug/core';

type Sdk = typeof import('openai');

export interface ErrorContext {
  signal: AbortSignal;
  baseURL: string;
  /** True for api.openai.com; false for a local or other compatible server. */
  official: boolean;
}

const MAX_SHOWN = 500;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN)}…` : flat;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Pydantic's validation errors (Mistral's 422, FastAPI servers): "body.stream_options: Extra inputs are not permitted". */
function detailText(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (!Array.isArray(detail)) return undefined;
  const lines = detail.map((d) => {
    if (!isObject(d)) return String(d);
    const where = Array.isArray(d.loc) ? d.loc.join('.') : '';
    const msg = typeof d.msg === 'string' ? d.msg : JSON.stringify(d);
    return where ? `${where}: ${msg}` : msg;
  });
  return lines.length ? lines.join('; ') : undefined;
}

/** The server's own words in an error body of any shape; undefined for an empty one. */
export function serverMessage(body: unknown): string | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (typeof body === 'string') return clip(body);
  if (!isObject(body)) return clip(String(body));
  const inner = isObject(body.error) ? body.error : undefined;
  for (const candidate of [inner?.message, body.message, typeof body.error === 'string' ? body.error : undefined]) {
    // Mistral has put pydantic's detail in `message` as an object, as a list, and as JSON text.
    const value = typeof candidate === 'string' && /^\s*[{[]/.test(candidate) ? parseJson(candidate) ?? candidate : candidate;
    if (typeof value === 'string' && value.trim()) return clip(value);
    const detail = Array.isArray(value) ? detailText(value) : isObject(value) ? detailText(value.detail) : undefined;
    if (detail) return clip(detail);
    if (isObject(value) || Array.isArray(value)) return clip(JSON.stringify(value));
  }
  const detail = detailText(body.detail);
  if (detail) return clip(detail);
  return clip(JSON.stringify(body));
}

/** The fields that name an error, wherever the body keeps them. */
export interface ErrorFields {
  status?: number;
  code?: unknown;
  type?: unknown;
  message: string;
}

export function errorFieldsOf(body: unknown, status?: number): ErrorFields {
  const inner = isObject(body) && isObject(body.error) ? body.error : isObject(body) ? body : {};
  // vLLM and llama.cpp put the HTTP status in `code`, even inside a stream.
  const numeric = typeof inner.code === 'number' && inner.code >= 400 && inner.code < 600 ? inner.code : undefined;
  return { status: status ?? numeric, code: inner.code, type: inner.type, message: serverMessage(body) ?? '' };
}

const CONTEXT_CODES = new Set(['context_length_exceeded', 'exceed_context_size_error', 'context_window_exceeded']);
const CONTEXT_WORDS =
  /maximum context length|context length exceeded|context_length_exceeded|exceeds? (the )?(available )?context (size|window|length)|maximum prompt length|too large for model with \d+ maximum context length|prompt is too long|input (is )?too long for/i;

/** Whether an error says the conversation no longer fits the model's context window. */
export function isContextWindowError(fields: ErrorFields): boolean {
  if (CONTEXT_CODES.has(String(fields.code)) || CONTEXT_CODES.has(String(fields.type))) return true;
  return (fields.status === undefined || fields.status === 400 || fields.status === 413) && CONTEXT_WORDS.test(fields.message);
}

function kindOf(fields: ErrorFields): ProviderErrorKind {
  // An exhausted quota is a 429 that no retry can fix.
  if (fields.code === 'insufficient_quota') return 'bad_request';
  if (fields.status === undefined) {
    if (fields.code === 'rate_limit_exceeded') return 'rate_limit';
    if (fields.code === 'invalid_prompt' || fields.code === 'invalid_request_error') return 'bad_request';
    return 'server';
  }
  return providerErrorKindOfStatus(fields.status);
}

function advice(kind: ProviderErrorKind, fields: ErrorFields, official: boolean): string {
  if (fields.code === 'insufficient_quota') return 'check your plan and billing details';
  if (/organization must be verified/i.test(fields.message)) return 'verify the organization, or set reasoning_summary = false in lug.opt.openai_compat';
  if (kind === 'auth') return official ? 'check OPENAI_API_KEY' : 'check OPENAI_API_KEY, or the server at OPENAI_BASE_URL';
  if (kind === 'rate_limit') return 'wait a moment, or check your rate limits';
  if (/missing\W+reasoning_content/i.test(fields.message)) {
    return 'the server wants reasoning back: set server = "deepseek", or send_reasoning = "reasoning_content" and reasoning_required = true, in lug.opt.openai_compat';
  }
  if (/reasoning_content|\breasoning\b.*(not permitted|unsupported|unrecognized)/i.test(fields.message) && /not permitted|unsupported|unrecognized|unknown|extra/i.test(fields.message)) {
    return 'the server does not take reasoning back: set send_reasoning = false in lug.opt.openai_compat';
  }
  if (/max_completion_tokens|max_tokens/.test(fields.message) && /not permitted|unsupported|unrecognized|unknown|extra/i.test(fields.message)) {
    return 'set max_tokens_field in lug.opt.openai_compat to the field this server takes ("max_tokens" or "max_completion_tokens")';
  }
  if (/stream_options/.test(fields.message)) return 'set stream_usage = false in lug.opt.openai_compat';
  if (fields.status === 422 || /not permitted|unsupported (parameter|value)|unrecognized request argument|unknown (field|parameter)/i.test(fields.message)) {
    return 'the server refused a field lug sent: set what it accepts in lug.opt.openai_compat (see docs/providers.md)';
  }
  return '';
}

/** An error the server reported, in lug's words: "OpenAI-compatible server error (422): body.stream_options: …". */
export function serverError(fields: ErrorFields, official: boolean, retryAfterMs?: number): ProviderError {
  const kind = kindOf(fields);
  const label = [fields.status, typeof fields.type === 'string' ? fields.type : typeof fields.code === 'string' ? fields.code : undefined].filter((x) => x !== undefined).join(' ');
  const tip = advice(kind, fields, official);
  const who = official ? 'OpenAI' : 'OpenAI-compatible server';
  const message = `${who} error (${label || 'error in the stream'}): ${fields.message || 'no message'}${tip ? `; ${tip}` : ''}`;
  return new ProviderError(message, kind, fields.status, retryAfterMs);
}

/** A stream the parser cannot read: named by what was wrong and the event itself, not retried. */
export function protocolError(official: boolean, what: string, event: unknown): ProviderError {
  const raw = typeof event === 'string' ? event : JSON.stringify(event) ?? String(event);
  const who = official ? 'OpenAI' : 'the OpenAI-compatible server';
  return new ProviderError(`${who} sent a stream lug cannot read: ${what}: ${clip(raw)}`, 'protocol');
}

/** The SDK's error for a failed request or a broken stream, as a ProviderError. */
export function toProviderError(err: unknown, sdk: Sdk | undefined, ctx: ErrorContext, unreadable?: () => string | undefined): ProviderError {
  if (err instanceof ProviderError) return err;
  const who = ctx.official ? 'OpenAI' : 'the OpenAI-compatible server';
  if (ctx.signal.aborted || (sdk && err instanceof sdk.APIUserAbortError)) return new ProviderError('cancelled by the user', 'cancelled');
  if (sdk && err instanceof sdk.APIConnectionError) {
    const cause = (err as Error & { cause?: Error }).cause;
    const why = err instanceof sdk.APIConnectionTimeoutError ? 'the request timed out' : (cause?.message ?? err.message);
    const hint = ctx.official ? '' : '; is the server running?';
    return new ProviderError(`could not reach ${who} at ${ctx.baseURL}: ${why}${hint}`, 'connection');
  }
  if (sdk && err instanceof sdk.APIError) {
    return serverError(errorFieldsOf(err.error ?? err.message, err.status), ctx.official, retryAfterMsOf(err.headers));
  }
  // The SDK parses each event's data as JSON; what it could not parse is the server's fault, not the network's.
  if (err instanceof SyntaxError) return protocolError(ctx.official, `an event that is not JSON (${err.message})`, unreadable?.() ?? '');
  // Anything else broke the connection while reading the stream (e.g. undici's "terminated").
  const e = err as Error & { cause?: Error };
  const why = e?.cause?.message ? `${e.message} (${e.cause.message})` : (e?.message ?? String(err));
  return new ProviderError(`the connection to ${who} broke: ${why}`, 'connection');
}
