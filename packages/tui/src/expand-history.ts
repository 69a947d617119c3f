/**
 * What Ctrl-O and :expand can show again in full: the last finished tool
 * calls and the last reasoning block, and which of the two came last.
 */
import type { CallView } from './call-views.js';

/** Finished results kept for Ctrl-O and :expand; older ones are dropped to keep memory flat. */
export const KEPT_RESULTS = 50;

export class ExpandHistory {
  private finishedCalls: CallView[] = [];
  /** Every call finished in this transcript, kept or not. */
  private finishedTotal = 0;
  /** The last finished reasoning block, for Ctrl-O. */
  private lastReasoning: string | undefined;
  /** What Ctrl-O opens when nothing streams: the newest of the last reasoning and the last result. */
  private lastExpandable: 'reasoning' | 'call' | undefined;

  keepResult(call: CallView): void {
    this.lastExpandable = 'call';
    this.finishedTotal++;
    this.finishedCalls.push(call);
    if (this.finishedCalls.length > KEPT_RESULTS) this.finishedCalls.shift();
  }

  keepReasoning(text: string): void {
    this.lastReasoning = text;
    this.lastExpandable = 'reasoning';
  }

  /** How many calls have finished (only the last KEPT_RESULTS are kept). */
  finishedCallCount(): number {
    return this.finishedTotal;
  }

  /** The n-th most recent finished call (1 = the last), while it is kept. */
  result(n: number): CallView | undefined {
    return this.finishedCalls[this.finishedCalls.length - n];
  }

  /** The last reasoning block, when it is newer than the last result. */
  newestReasoning(): string | undefined {
    return this.lastExpandable === 'reasoning' ? this.lastReasoning : undefined;
  }
}
