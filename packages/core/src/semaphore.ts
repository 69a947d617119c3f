/** A counting semaphore: at most `limit` holders; waiters leave when their signal aborts. */
export class Semaphore {
  private held = 0;
  private waiters: Array<() => void> = [];

  constructor(private limit: number) {}

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.held >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.waiters = this.waiters.filter((w) => w !== wake);
          reject(signal!.reason ?? new Error('aborted'));
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiters.push(wake);
      });
    }
    this.held++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
      this.waiters.shift()?.();
    };
  }
}
