/**
 * SDK errors as ProviderErrors: the kind decides whether lug retries, and the
 * message says what was wrong and what to do.
 */
import { ProviderError, providerErrorKindOfStatus, retryAfterMsOf, type ProviderErrorKind } from '@lug/core';

type Sdk = typeof import('@anthropic-ai/sdk');

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

export function toProviderError(err: unknown, sdk: Sdk | undefined, signal: AbortSignal, baseURL: string): ProviderError {
  if (err instanceof ProviderError) return err;
  if (signal.aborted || (sdk && err instanceof sdk.APIUserAbortError)) return new ProviderError('cancelled by the user', 'cancelled');
  if (sdk && err instanceof sdk.APIConnectionError) {
    const cause = (err as Error & { cause?: Error }).cause;
    const why = err instanceof sdk.APIConnectionTimeoutError ? 'the request timed out' : (cause?.message ?? err.message);
    return new ProviderError(`could not reach Anthropic at ${baseURL}: ${why}`, 'connection');
  }
  if (sdk && err instanceof sdk.APIError) {
    const body = err.error as { error?: { type?: string; message?: string } } | undefined;
    const type = body?.error?.type;
    const detail = body?.error?.message ?? err.message;
    const kind = err.status !== undefined ? providerErrorKindOfStatus(err.status) : kindOfType(type);
    const where = err.status !== undefined ? `${err.status}${type ? ` ${type}` : ''}` : (type ?? 'error in the stream');
    const advice = ADVICE[kind];
    return new ProviderError(`Anthropic API error (${where}): ${detail}${advice ? `; ${advice}` : ''}`, kind, err.status, retryAfterMsOf(err.headers));
  }
  // Anything else broke the connection while reading the stream (e.g. undici's "terminated").
  const e = err as Error & { cause?: Error };
  const why = e?.cause?.message ? `${e.message} (${e.cause.message})` : (e?.message ?? String(err));
  return new ProviderError(`the connection to Anthropic broke: ${why}`, 'connection');
}
