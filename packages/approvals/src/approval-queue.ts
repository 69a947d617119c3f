/**
 * Calls that ask wait here, oldest first; the dialog shows one at a time
 * (`current()`). Each waiting call settles on its own: answered, released
 * (its tool became allowed always) or cancelled (its turn's signal aborted),
 * while the others keep waiting.
 */
import type { AuthorizeRequest } from '@lug/core';
import type { ApprovalQueueView, DialogAnswer, PendingApproval } from './types.js';

export type QueueOutcome = { kind: 'answer'; answer: DialogAnswer } | { kind: 'released' } | { kind: 'cancelled' };

interface Waiting {
  entry: PendingApproval;
  request: AuthorizeRequest;
  settle(outcome: QueueOutcome): void;
}

export class ApprovalQueue implements ApprovalQueueView {
  private waiting: Waiting[] = [];
  private listeners = new Set<() => void>();

  /** @param onAlways called when the user answers "always", before the next call is shown, so its tool's other calls never flash up. */
  constructor(private readonly onAlways: (tool: string) => void) {}

  /** Wait for the user (or a release, or cancellation). */
  wait(request: AuthorizeRequest, entry: PendingApproval, signal: AbortSignal): Promise<QueueOutcome> {
    if (signal.aborted) return Promise.resolve({ kind: 'cancelled' });
    return new Promise((resolve) => {
      const onAbort = () => {
        if (this.remove(waiting)) waiting.settle({ kind: 'cancelled' });
        this.changed();
      };
      const waiting: Waiting = {
        entry,
        request,
        settle: (outcome) => {
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiting);
      this.changed();
    });
  }

  current(): PendingApproval | undefined {
    return this.waiting[0]?.entry;
  }

  pending(): PendingApproval[] {
    return this.waiting.map((w) => w.entry);
  }

  answer(callId: string, answer: DialogAnswer): void {
    const waiting = this.waiting.find((w) => w.entry.call.id === callId);
    if (!waiting) return; // already settled (released, cancelled, or a second key press)
    this.remove(waiting);
    waiting.settle({ kind: 'answer', answer });
    if (answer.kind === 'always') this.onAlways(waiting.entry.call.tool);
    this.changed();
  }

  /** Let every waiting call to `tool` run: it has just been allowed always. */
  release(tool: string): void {
    const released = this.waiting.filter((w) => w.entry.call.tool === tool);
    if (!released.length) return;
    this.waiting = this.waiting.filter((w) => w.entry.call.tool !== tool);
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
