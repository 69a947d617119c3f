/**
 * SDK errors as ProviderErrors: the kind decides whether lug retries, and the
 * message says what was wrong and what to do.
 */
import { ProviderError, providerErrorKindOfStatus, retryAfterMsOf, type ProviderErrorKind } from '@lug/core';

type Sdk = typeof import('openai');

function kindOf(status: number | undefined, code: string | null | undefined): ProviderErrorKind {
  if (status === undefined) return 'server';
  // An exhausted quota is a 429 that no retry can fix.
  if (code === 'insufficient_quota') return 'bad_request';
  return providerErrorKindOfStatus(status);
}

function advice(kind: ProviderErrorKind, code: string | null | undefined, official: boolean): string {
  if (code === 'insufficient_quota') return 'check your plan and billing details';
  if (kind === 'auth') return official ? 'check OPENAI_API_KEY' : 'check OPENAI_API_KEY, or the server at OPENAI_BASE_URL';
  if (kind === 'rate_limit') return 'wait a moment, or check your rate limits';
  return '';
}

export interface ErrorContext {
  signal: AbortSignal;
  baseURL: string;
  /** True for api.openai.com; false for a local or other compatible server. */
  official: boolean;
}

export function toProviderError(err: unknown, sdk: Sdk | undefined, ctx: ErrorContext): ProviderError {
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
    const body = err.error as { message?: unknown; type?: string } | undefined;
    const detail = typeof body?.message === 'string' ? body.message : err.message;
    const kind = kindOf(err.status, err.code);
    const where = err.status !== undefined ? `${err.status}${err.type ? ` ${err.type}` : ''}` : (err.type ?? 'error in the stream');
    const tip = advice(kind, err.code, ctx.official);
    return new ProviderError(`${ctx.official ? 'OpenAI' : 'OpenAI-compatible server'} error (${where}): ${detail}${tip ? `; ${tip}` : ''}`, kind, err.status, retryAfterMsOf(err.headers));
  }
  // Anything else broke the connection while reading the stream (e.g. undici's "terminated").
  const e = err as Error & { cause?: Error };
  const why = e?.cause?.message ? `${e.message} (${e.cause.message})` : (e?.message ?? String(err));
  return new ProviderError(`the connection to ${who} broke: ${why}`, 'connection');
}
