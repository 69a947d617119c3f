/**
 * Calls that ask wait here, oldest first; the dialog shows one at a time
 * (`current()`). Each waiting call settles on its own: answered, released
 * (its tool became allowed always) or cancelled (its turn's signal aborted),
 * while the others keep waiting.
 *
 * Oldest means in call order, whatever each call takes before it asks (its
 * rules, its preview: a diff reads the file, a command does not): a call
 * reserves its place when its decision starts (`reserve`, in the order the
 * scheduler authorizes the calls), and a place still being decided or
 * previewed holds the dialog back rather than letting a later call jump it.
 */
import type { AuthorizeRequest } from '@lug/core';
import type { ApprovalQueueView, DialogAnswer, PendingApproval } from './types.js';

export type QueueOutcome = { kind: 'answer'; answer: DialogAnswer } | { kind: 'released' } | { kind: 'cancelled' };

interface Waiting {
  /** Unset while the call's decision or preview is still being made: its place is held. */
  entry?: PendingApproval;
  request?: AuthorizeRequest;
  settle(outcome: QueueOutcome): void;
}

/** A call's place in the queue, taken when its decision starts. */
export interface QueuePlace {
  /** Wait in this place for the user (or a release, or cancellation). */
  wait(request: AuthorizeRequest, entry: PendingApproval, signal: AbortSignal): Promise<QueueOutcome>;
  /** Give the place up: the call did not ask after all, or its wait is over. */
  drop(): void;
}

type Filled = Waiting & { entry: PendingApproval };
const filled = (w: Waiting): w is Filled => w.entry !== undefined;

export class ApprovalQueue implements ApprovalQueueView {
  private waiting: Waiting[] = [];
  private listeners = new Set<() => void>();

  /** @param onAlways called when the user answers "always", before the next call is shown, so its tool's other calls never flash up. */
  constructor(private readonly onAlways: (tool: string) => void) {}

  /** Take the next place in the queue, for a call whose decision starts now. */
  reserve(): QueuePlace {
    const place: Waiting = { settle: () => undefined };
    this.waiting.push(place);
    return {
      wait: (request, entry, signal) => this.fill(place, request, entry, signal),
      drop: () => {
        if (this.remove(place)) this.changed();
      },
    };
  }

  /** Wait for the user (or a release, or cancellation), behind every call already in the queue. */
  wait(request: AuthorizeRequest, entry: PendingApproval, signal: AbortSignal): Promise<QueueOutcome> {
    return this.reserve().wait(request, entry, signal);
  }

  private fill(place: Waiting, request: AuthorizeRequest, entry: PendingApproval, signal: AbortSignal): Promise<QueueOutcome> {
    if (signal.aborted || !this.waiting.includes(place)) {
      if (this.remove(place)) this.changed();
      return Promise.resolve({ kind: 'cancelled' });
    }
    return new Promise((resolve) => {
      const onAbort = () => {
        if (this.remove(place)) place.settle({ kind: 'cancelled' });
        this.changed();
      };
      place.entry = entry;
      place.request = request;
      place.settle = (outcome) => {
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.changed();
    });
  }

  /** The oldest call, once it is ready to show; undefined while its place is still being decided. */
  current(): PendingApproval | undefined {
    return this.waiting[0]?.entry;
  }

  /** The calls waiting for the user, oldest first (places still being decided are not counted). */
  pending(): PendingApproval[] {
    return this.waiting.filter(filled).map((w) => w.entry);
  }

  answer(callId: string, answer: DialogAnswer): void {
    const waiting = this.waiting.filter(filled).find((w) => w.entry.call.id === callId);
    if (!waiting) return; // already settled (released, cancelled, or a second key press)
    this.remove(waiting);
    waiting.settle({ kind: 'answer', answer });
    if (answer.kind === 'always') this.onAlways(waiting.entry.call.tool);
    this.changed();
  }

  /** Let every waiting call to `tool` run: it has just been allowed always. */
  release(tool: string): void {
    // A place still being decided sees the tool allowed always before it asks.
    const released = this.waiting.filter(filled).filter((w) => w.entry.call.tool === tool);
    if (!released.length) return;
    this.waiting = this.waiting.filter((w) => !released.includes(w as Filled));
    for (const w of released) w.settle({ kind: 'released' });
    this.changed();
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private remove(waiting: Waiting): boolean {
    const index = this.waiting.indexOf(waiting);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  private changed(): void {
    for (const fn of [...this.listeners]) {
      try {
        fn();
      } catch {
        // A broken listener (the TUI) must not leave a call stuck in the queue.
      }
    }
  }
}
