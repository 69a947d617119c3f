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
  /**
   * The longest wait a server's `retry-after` is honoured with; a server that
   * asks for longer gets no more tries, and the error says how long it asked
   * for. Unset: `retry-after` is capped at maxDelayMs instead (a retry sooner
   * than asked).
   */
  maxRetryAfterMs?: number;
}

/**
 * Four retries, from half a second doubling to eight; a server's
 * `retry-after` honoured up to a minute (a rate limit's window: retried at
 * 8 s instead, a 429 that asked for 30 s was asked four times too soon and the
 * turn failed).
 */
export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

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
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.min(retryAfterMs, policy.maxRetryAfterMs ?? policy.maxDelayMs);
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exp / 2 + (Math.random() * exp) / 2);
}

/** A wait as a person reads it: "45 s", "12 min", "3 h". */
function waitText(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
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
      const asked = retryAfter(e);
      if (asked !== undefined && policy.maxRetryAfterMs !== undefined && asked > policy.maxRetryAfterMs) {
        throw new ProviderError(`${e.message} (the server asks to wait ${waitText(asked)} before another try, longer than lug waits on its own: try again then)`, e.kind, e.status, asked);
      }
      const delayMs = backoffDelay(attempt, policy, asked);
      yield { type: 'retry', attempt, delayMs, error: e.message };
      await sleep(delayMs, signal);
    }
  }
}
