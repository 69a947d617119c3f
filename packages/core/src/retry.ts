/**
 * Bounded retries with backoff, shared by the providers. A stream is retried
 * only while nothing of the answer has been passed on: once text was shown, a
 * cut is an error the user sees, not a silent retry that would repeat it.
 */
import { ProviderError, type ProviderEvent } from './provider.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** First delay; doubles each time, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 500, maxDelayMs: 8_000 };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ProviderError('cancelled by the user', 'cancelled'));
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new ProviderError('cancelled by the user', 'cancelled'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function backoffDelay(attempt: number, policy: RetryPolicy, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.min(retryAfterMs, policy.maxDelayMs);
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exp / 2 + (Math.random() * exp) / 2);
}

/**
 * Run `open` and pass its events on; on a retryable ProviderError before the
 * first event, wait and try again (yielding a `retry` event), at most
 * `policy.retries` times.
 */
export async function* streamWithRetries(
  open: () => AsyncIterable<ProviderEvent>,
  signal: AbortSignal,
  policy: RetryPolicy = DEFAULT_RETRY,
  retryAfter: (err: ProviderError) => number | undefined = (err) => err.retryAfterMs,
): AsyncIterable<ProviderEvent> {
  for (let attempt = 1; ; attempt++) {
    let started = false;
    try {
      for await (const event of open()) {
        started = true;
        yield event;
      }
      return;
    } catch (err) {
      if (signal.aborted) throw new ProviderError('cancelled by the user', 'cancelled');
      const e = err instanceof ProviderError ? err : new ProviderError((err as Error).message ?? String(err), 'connection');
      if (started) {
        if (e.kind === 'connection' || e.kind === 'cut') {
          throw new ProviderError(`the model's answer was cut off: ${e.message}`, 'cut', e.status);
        }
        throw e;
      }
      if (!e.retryable || attempt > policy.retries) {
        if (e.retryable) throw new ProviderError(`${e.message} (gave up after ${attempt} attempts)`, e.kind, e.status);
        throw e;
      }
      const delayMs = backoffDelay(attempt, policy, retryAfter(e));
      yield { type: 'retry', attempt, delayMs, error: e.message };
      await sleep(delayMs, signal);
    }
  }
}
