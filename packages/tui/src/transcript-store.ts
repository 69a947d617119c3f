/**
 * The conversation as the screen shows it, built from the host's event stream:
 * a thin store over the call reducer (call-views.ts), the Markdown stream
 * (markdown-stream.ts) and the commit rule (transcript-items.ts).
 *
 * Items are either committed (finished: written once to the terminal's
 * scrollback through ink's <Static>, never redrawn) or live (the tool calls
 * still running, the Markdown block still streaming, in event order). The
 * longest finished prefix of the live items is committed after every change.
 * Changes reach the screen at most once a frame (`frameMs`), so a fast stream
 * of text deltas costs one redraw per frame, not one per token.
 */
import type { EventBus, LugEvent, Message, ToolResultPart, Usage } from '@lug/core';
import { emptyUsage } from '@lug/core';
import { cancelCall, reduceCall, storedCallView, type CallDescriber, type CallEvent, type CallView } from './call-views.js';
import type { MarkdownRenderer } from './markdown.js';
import { MarkdownStream } from './markdown-stream.js';
import { committablePrefix, withoutResult, type NoticeLevel, type TranscriptItem, type TranscriptSnapshot } from './transcript-items.js';

/** Finished results kept for Ctrl-O and :expand; older ones are dropped to keep memory flat. */
const KEPT_RESULTS = 50;

export interface TranscriptStoreOptions {
  markdown: MarkdownRenderer;
  /** Longest wait between a change and the screen; 0 notifies at once (tests). */
  frameMs?: number;
  now?: () => number;
  /** Describes a stored call again for `:resume` (its title); without it, stored calls get the generic title. */
  describe?: CallDescriber;
}

export class TranscriptStore {
  private committed: TranscriptItem[] = [];
  private live: TranscriptItem[] = [];
  private readonly text = new MarkdownStream();
  private running = false;
  private usage: Usage = emptyUsage();
  private version = 0;
  private nextKey = 1;
  private lastKind: TranscriptItem['kind'] | undefined;
  /** The calls not finished yet, by id. */
  private calls = new Map<string, CallView>();
  private finishedCalls: CallView[] = [];
  /** Every call finished in this transcript, kept or not. */
  private finishedTotal = 0;
  /** How many finished results `expand` can show. */
  readonly keptResults = KEPT_RESULTS;
  private snapshot: TranscriptSnapshot;
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly frameMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: TranscriptStoreOptions) {
    this.frameMs = opts.frameMs ?? 33;
    this.now = opts.now ?? Date.now;
    this.snapshot = this.makeSnapshot();
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  getSnapshot = (): TranscriptSnapshot => this.snapshot;

  /** Follow a host's events; returns the function that stops following. */
  attach(events: EventBus): () => void {
    return events.onAny((event) => this.handle(event));
  }

  handle(event: LugEvent): void {
    switch (event.type) {
      case 'turn_start':
        this.running = true;
        this.push({ kind: 'user', key: 0, text: event.prompt });
        void this.opts.markdown.load().then(() => this.changed());
        break;
      case 'text_delta':
        for (const block of this.text.append(event.text)) this.push({ kind: 'markdown', key: 0, text: block });
        return this.changed(false);
      case 'assistant_message':
        this.flushText();
        break;
      case 'tool_call':
        this.flushText();
        this.callEvent(event);
        break;
      case 'approval_request':
      case 'approval_decision':
      case 'tool_start':
      case 'tool_progress':
      case 'tool_result':
        this.callEvent(event);
        break;
      case 'usage':
        this.usage = event.total;
        break;
      case 'turn_end':
        this.endTurn(event.reason);
        break;
      case 'error':
        this.push({ kind: 'notice', key: 0, text: event.message, level: 'error' });
        break;
      case 'retry':
        this.flushText();
        this.push({ kind: 'notice', key: 0, text: `the model's server failed (${event.error}); trying again in ${Math.ceil(event.delayMs / 1000)} s, attempt ${event.attempt + 1}`, level: 'warn' });
        break;
      case 'notify':
        this.push({ kind: 'notice', key: 0, text: event.message, level: event.level });
        break;
      case 'mode_change':
      case 'option_change':
        break;
      default:
        return;
    }
    this.changed(true);
  }

  /** A line from the interface itself (command output, hints). */
  notice(text: string, level: NoticeLevel = 'info', markdown = false): void {
    if (markdown) void this.opts.markdown.load().then(() => this.changed(true));
    this.push({ kind: 'notice', key: 0, text, level, markdown });
    this.changed(true);
  }

  /** How many calls have finished in this transcript (only the last `keptResults` can be expanded). */
  finishedCallCount(): number {
    return this.finishedTotal;
  }

  /** Show the full result of the n-th most recent finished call (1 = the last). */
  expand(n = 1): boolean {
    const call = this.finishedCalls[this.finishedCalls.length - n];
    if (!call) return false;
    this.push({ kind: 'result', key: 0, call });
    this.changed(true);
    return true;
  }

  /** Replay a stored conversation (for :resume): prompts, answers and calls, all finished. */
  replay(messages: readonly Message[]): void {
    const results = new Map<string, ToolResultPart>();
    for (const m of messages) if (m.role === 'tool') for (const r of m.results) results.set(r.callId, r);
    for (const m of messages) {
      if (m.role === 'user') this.push({ kind: 'user', key: 0, text: m.content });
      if (m.role !== 'assistant') continue;
      for (const part of m.content) {
        if (part.type === 'text' && part.text.trim()) this.push({ kind: 'markdown', key: 0, text: part.text.trim() });
        if (part.type !== 'tool_call') continue;
        const result = results.get(part.id);
        const call = storedCallView(part, result, this.opts.describe);
        this.push({ kind: 'call', key: 0, call });
        if (result) this.keepResult(call);
      }
    }
    void this.opts.markdown.load().then(() => this.changed(true));
    this.changed(true);
  }

  /** Calls not finished yet, for the elapsed-time tick. */
  hasRunningCalls(): boolean {
    return this.live.some((i) => i.kind === 'call' && i.call.state === 'running');
  }

  setUsage(usage: Usage): void {
    this.usage = usage;
    this.changed(true);
  }

  private push(item: TranscriptItem): void {
    const gap = !(item.kind === 'call' && this.lastKind === 'call') && item.kind !== 'result' && this.lastKind !== undefined;
    this.lastKind = item.kind;
    this.live.push({ ...item, key: this.nextKey++, gap } as TranscriptItem);
  }

  private flushText(): void {
    for (const block of this.text.flush()) this.push({ kind: 'markdown', key: 0, text: block });
  }

  private callEvent(event: CallEvent): void {
    const old = this.calls.get(event.call.id);
    const call = reduceCall(old, event, this.now());
    if (!old) this.push({ kind: 'call', key: 0, call });
    else this.replaceCall(call);
    // A call stays known until its result: a denied call's result still comes.
    if (event.type !== 'tool_result') return void this.calls.set(call.id, call);
    this.calls.delete(call.id);
    this.keepResult(call);
  }

  /** Calls are views shared by their items: replace the item so React sees the change. */
  private replaceCall(call: CallView): void {
    this.live = this.live.map((item) => (item.kind === 'call' && item.call.id === call.id ? { ...item, call } : item));
  }

  private keepResult(call: CallView): void {
    this.finishedTotal++;
    this.finishedCalls.push(call);
    if (this.finishedCalls.length > KEPT_RESULTS) this.finishedCalls.shift();
  }

  private endTurn(reason: string): void {
    this.flushText();
    for (const call of this.calls.values()) this.replaceCall(cancelCall(call));
    this.calls.clear();
    if (reason === 'cancelled') this.push({ kind: 'notice', key: 0, text: 'cancelled by the user', level: 'warn' });
    if (reason === 'max_turns') this.push({ kind: 'notice', key: 0, text: 'stopped: the turn reached max_turns model requests (lug.opt.max_turns)', level: 'warn' });
    this.running = false;
  }

  /** Move the finished prefix of the live items to the committed list. */
  private commit(): void {
    const n = committablePrefix(this.live, this.opts.markdown.ready());
    if (n === 0) return;
    this.committed = this.committed.concat(this.live.slice(0, n).map(withoutResult));
    this.live = this.live.slice(n);
  }

  private makeSnapshot(): TranscriptSnapshot {
    return { committed: this.committed, live: this.live, tail: this.text.tail, running: this.running, usage: this.usage, version: this.version };
  }

  /** Publish now (`urgent`) or within a frame; text deltas wait for the frame. */
  private changed(urgent = true): void {
    this.version++;
    if (this.frameMs === 0) return this.publish();
    if (urgent) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      return this.publish();
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, this.frameMs);
  }

  private publish(): void {
    this.commit();
    this.snapshot = this.makeSnapshot();
    for (const fn of this.listeners) fn();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }
}
