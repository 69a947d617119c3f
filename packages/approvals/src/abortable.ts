/** Marks a wait that ended because the turn was cancelled. */
export const CANCELLED: unique symbol = Symbol('cancelled');

/**
 * Wait for `work`, or stop waiting as soon as `signal` aborts. The work itself
 * is not stopped (a rule cannot be interrupted), but nobody waits for it.
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T | typeof CANCELLED> {
  if (signal.aborted) return Promise.resolve(CANCELLED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(CANCELLED);
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
