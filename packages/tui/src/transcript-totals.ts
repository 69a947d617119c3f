/**
 * The session's totals in the transcript's snapshot, for the status line:
 * tokens and cost so far, the last prompt's tokens, and the core's share of
 * the context window.
 */
import type { EventOf, Usage } from '@lug/core';
import { emptyUsage } from '@lug/core';
import type { ContextShare, TranscriptSnapshot } from './transcript-items.js';

export class TranscriptTotals {
  private usage: Usage = emptyUsage();
  private context: ContextShare | undefined;
  private cost: number | undefined = 0;
  private contextTokens: number | undefined;

  /** A request's usage: the session's totals, and its prompt's tokens (the context in use). */
  used(event: EventOf<'usage'>): void {
    this.usage = event.total;
    this.cost = event.cost;
    this.contextTokens = event.usage.inputTokens + (event.usage.cacheReadTokens ?? 0) + (event.usage.cacheWriteTokens ?? 0);
  }

  /**
   * The core's context accounting, always kept; false when nothing the line may show changed. The tokens count
   * too: in a 1M window a whole turn (or a compaction) can leave the percent at 0% while `ctx 12k` moves.
   */
  shared(event: EventOf<'context'>): boolean {
    const before = this.context;
    this.context = { used: event.used, window: event.window, fraction: event.fraction };
    return before === undefined || before.used !== event.used || before.window !== event.window;
  }

  /** The session's totals (a resumed or cleared session): tokens, and the cost when it is known. */
  set(usage: Usage, cost: number | undefined): void {
    this.usage = usage;
    this.cost = cost;
    // Known again at the next request.
    this.context = undefined;
    this.contextTokens = undefined;
  }

  snapshot(): Pick<TranscriptSnapshot, 'usage' | 'cost' | 'contextTokens' | 'context'> {
    return { usage: this.usage, cost: this.cost, contextTokens: this.contextTokens, ...(this.context !== undefined ? { context: this.context } : {}) };
  }
}
