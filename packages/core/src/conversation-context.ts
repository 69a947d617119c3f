/**
 * What of the conversation is sent, and how much of the window it fills: the
 * messages after the last compaction (its summary in front of them), old tool
 * output stubbed past the first threshold, and the tokens the next request
 * uses: the last request's input as the provider counted it, plus an
 * estimate of what was added since (a full estimate when what is sent
 * changed shape since then).
 */
import type { Message } from './messages.js';
import { SUMMARY_PREAMBLE, type Compaction } from './compaction-record.js';
import { clearedToolMessage } from './tool-output-clearing.js';
import { estimateTokens, messagesTokens, messageTokens, toolSpecsTokens } from './token-estimate.js';
import type { ToolSpec } from './tool.js';

export interface ContextMeasure {
  /** Tokens the next request is expected to send. */
  used: number;
  /** Whether all of it is an estimate (no request since what is sent changed). */
  estimated: boolean;
}

/** The first message sent after a compaction: the summary, then the first whole prompt. */
export function summaryMessage(compaction: Compaction, first: Message | undefined): Message {
  const summary = `${SUMMARY_PREAMBLE}\n\n${compaction.summary}`;
  if (first?.role === 'user') return { ...first, content: `${summary}\n\n---\n\n${first.content}` };
  return { role: 'user', content: summary };
}

export class ConversationContext {
  /** Every compaction of the conversation, the standing one last. */
  private compactions: Compaction[] = [];
  /** Tool results before this index of the history are sent as stubs. */
  clearedBefore = 0;
  /** Changes whenever what is sent changes shape (a compaction, more results cleared). */
  private shape = 0;
  private lastRequest: { inputTokens: number; historyLength: number; shape: number } | undefined;

  /** The compaction that stands, if any. */
  get compaction(): Compaction | undefined {
    return this.compactions.at(-1);
  }

  /** Every compaction so far, oldest first. */
  all(): readonly Compaction[] {
    return this.compactions;
  }

  /** Where the messages sent begin in the history. */
  get start(): number {
    return this.compaction?.keptFrom ?? 0;
  }

  /** The messages the next request sends. */
  messages(history: readonly Message[]): Message[] {
    const out: Message[] = [];
    const start = Math.min(this.start, history.length);
    for (let i = start; i < history.length; i++) {
      const m = history[i]!;
      out.push(i < this.clearedBefore && m.role === 'tool' ? clearedToolMessage(m, history[i - 1]) : m);
    }
    if (this.compaction) {
      if (out[0]?.role === 'user') out[0] = summaryMessage(this.compaction, out[0]);
      else out.unshift(summaryMessage(this.compaction, undefined));
    }
    return out;
  }

  /** A new compaction stands. */
  setCompaction(compaction: Compaction): void {
    this.compactions.push(compaction);
    this.shape++;
  }

  /** The compactions of a resumed conversation. */
  restore(compactions: readonly Compaction[]): void {
    this.forget();
    this.compactions = [...compactions];
  }

  /** The history went back to its first `length` messages: compactions of what is gone go with it. */
  rewindTo(length: number): void {
    this.compactions = this.compactions.filter((c) => c.keptFrom <= length);
    this.clearedBefore = Math.min(this.clearedBefore, length);
    this.lastRequest = undefined;
    this.shape++;
  }

  /** Send results before `index` as stubs; it only ever grows. */
  clearBefore(index: number): boolean {
    if (index <= this.clearedBefore) return false;
    this.clearedBefore = index;
    this.shape++;
    return true;
  }

  /** A request of `history.length` messages was counted by the provider at `inputTokens` (cache reads and writes included). */
  counted(inputTokens: number, historyLength: number): void {
    // A server that counts nothing (usage off on some local servers) tells nothing: the estimate stands.
    if (inputTokens <= 0) return;
    this.lastRequest = { inputTokens, historyLength, shape: this.shape };
  }

  forget(): void {
    this.compactions = [];
    this.clearedBefore = 0;
    this.lastRequest = undefined;
    this.shape++;
  }

  measure(history: readonly Message[], system: string, tools: readonly ToolSpec[]): ContextMeasure {
    const last = this.lastRequest;
    if (last && last.shape === this.shape && last.historyLength <= history.length) {
      return { used: last.inputTokens + messagesTokens(history, last.historyLength), estimated: false };
    }
    const sent = this.messages(history);
    let used = estimateTokens(system) + toolSpecsTokens(tools);
    for (const m of sent) used += messageTokens(m);
    return { used, estimated: true };
  }
}
