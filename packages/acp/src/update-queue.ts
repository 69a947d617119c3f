/**
 * The `session/update` notifications of one session, sent in the order lug's
 * events happened. An entry may still be working out its update (a diff is
 * read from disk): later ones wait for it, so the editor never sees a call's
 * result before the call. `flush()` resolves when everything queued so far is
 * sent: a prompt's response waits for it, as the protocol asks.
 */
import type { SessionUpdate } from '@agentclientprotocol/sdk';

export type Send = (update: SessionUpdate) => Promise<void>;

export class UpdateQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly send: Send,
    private readonly log: (message: string) => void,
  ) {}

  /** Queue an update, or one still being made (undefined: nothing to send). */
  push(update: SessionUpdate | Promise<SessionUpdate | undefined> | undefined): void {
    if (update === undefined) return;
    const made = Promise.resolve(update);
    // A failed update is logged and skipped: one bad notification must not stall the rest.
    made.catch(() => {});
    this.tail = this.tail.then(async () => {
      try {
        const ready = await made;
        if (ready) await this.send(ready);
      } catch (err) {
        this.log(`a session/update could not be sent: ${(err as Error)?.message ?? String(err)}`);
      }
    });
  }

  flush(): Promise<void> {
    return this.tail;
  }
}
