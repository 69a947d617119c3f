/** Marks a wait that ended because the turn was cancelled. */
export const ABORTED: unique symbol = Symbol('aborted');

/**
 * Wait for `work`, or stop waiting as soon as `signal` aborts. The work itself
 * is not stopped (a rule cannot be interrupted), but nobody waits for it.
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
