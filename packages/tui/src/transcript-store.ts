/**
 * The conversation as the screen shows it, built from the host's event stream:
 * a thin store over the call reducer (call-views.ts), the Markdown stream
 * (markdown-stream.ts) and the commit rule (transcript-items.ts).
 *
 * Items are either committed (finished: written once to the terminal's
 * scrollback through ink's <Static>, never redrawn) or live (the tool calls
 * still running, the Markdown block still streaming, in event order). The
 * longest finished prefix of the live items is committed after every change.
 * Changes reach the screen at most once a frame (`frameMs`,
 * frame-publisher.ts), so a fast stream of text deltas costs one redraw per
 * frame, not one per token.
 */
import type { EventBus, LugEvent, Message, StoredSubagent, Usage } from '@lug/core';
import { cancelCall, reduceCall, type CallDescriber, type CallEvent, type CallView } from './call-views.js';
import { compactedText, compactingText } from './compaction-notices.js';
import { ExpandHistory, KEPT_RESULTS } from './expand-history.js';
import { FramePublisher } from './frame-publisher.js';
import { afterRequestGoesOut } from './after-request.js';
import type { MarkdownRenderer } from './markdown.js';
import { isLightMarkdown } from './markdown-light.js';
import { MarkdownStream } from './markdown-stream.js';
import { NoticeLog, type KeptNotice } from './notice-log.js';
import { reduceParentCall, type SubagentEvent } from './subagent-views.js';
import { lineCount } from './reasoning-view.js';
import { replayEntries } from './transcript-replay.js';
import { committablePrefix, withoutResult, type NoticeLevel, type TranscriptItem, type TranscriptSnapshot } from './transcript-items.js';
import { TranscriptTotals } from './transcript-totals.js';

/** How soon a change reaches the screen: now, within a frame (a stream of deltas), or not at all (nothing drawn changed). */
type Publish = 'now' | 'frame' | 'none';

export interface TranscriptStoreOptions {
  markdown: MarkdownRenderer;
  /** Longest wait between a change and the screen; 0 notifies at once (tests). */
  frameMs?: number;
  now?: () => number;
  /** Describes a stored call again for `:resume` (its title); without it, stored calls get the generic title. */
  describe?: CallDescriber;
}

export class TranscriptStore {
  private readonly kept = new NoticeLog();
  private committed: TranscriptItem[] = [];
  private live: TranscriptItem[] = [];
  private readonly text = new MarkdownStream();
  private running = false;
  private readonly totals = new TranscriptTotals();
  /** The key of the reasoning block streaming now. */
  private reasoningKey: number | undefined;
  /** Reasoning streamed since the last assistant message (else its kept parts are shown when it comes). */
  private reasoningStreamed = false;
  private version = 0;
  private nextKey = 1;
  private lastKind: TranscriptItem['kind'] | undefined;
  /** The calls not finished yet, by id. */
  private calls = new Map<string, CallView>();
  private readonly expandable = new ExpandHistory();
  /** How many finished results `expand` can show. */
  readonly keptResults = KEPT_RESULTS;
  private readonly frames: FramePublisher<TranscriptSnapshot>;
  private readonly now: () => number;

  constructor(private readonly opts: TranscriptStoreOptions) {
    this.now = opts.now ?? Date.now;
    // Each publish first commits the finished prefix of the live items.
    this.frames = new FramePublisher(opts.frameMs ?? 33, () => {
      this.commit();
      return this.makeSnapshot();
    });
  }

  subscribe = (fn: () => void): (() => void) => this.frames.subscribe(fn);

  getSnapshot = (): TranscriptSnapshot => this.frames.getSnapshot();

  /** Follow a host's events; returns the function that stops following. */
  attach(events: EventBus): () => void {
    return events.onAny((event) => this.handle(event));
  }

  handle(event: LugEvent): void {
    const publish = this.answerEvent(event) ?? this.toolEvent(event) ?? this.statusEvent(event) ?? this.noticeEvent(event);
    if (publish === 'now' || publish === 'frame') this.changed(publish === 'now');
  }

  /** The model's answer as it streams: the prompt that starts the turn, reasoning, text, the finished message, a retry, the turn's end. */
  private answerEvent(event: LugEvent): Publish | undefined {
    switch (event.type) {
      case 'turn_start':
        this.running = true;
        this.push({ kind: 'user', key: 0, text: event.prompt });
        // The answer needs the renderer, the request does not: it loads once the request is out (its load is ~30 ms of main thread).
        this.drawWhenRendererLoads(afterRequestGoesOut);
        return 'now';
      case 'reasoning_delta':
        this.reasoningDelta(event.text);
        return 'frame';
      case 'text_delta':
        this.closeReasoning();
        for (const block of this.text.append(event.text)) this.push({ kind: 'markdown', key: 0, text: block });
        return 'frame';
      case 'assistant_message':
        this.closeReasoning();
        this.flushText();
        if (!this.reasoningStreamed) for (const part of event.message.content) if (part.type === 'reasoning') this.pushReasoning(part.text);
        this.reasoningStreamed = false;
        return 'now';
      case 'retry':
        this.closeReasoning();
        this.reasoningStreamed = false;
        this.flushText();
        this.push({ kind: 'notice', key: 0, text: `the model's server failed (${event.error}); trying again in ${Math.ceil(event.delayMs / 1000)} s, attempt ${event.attempt + 1}`, level: 'warn' });
        return 'now';
      case 'turn_end':
        this.endTurn(event.reason);
        return 'now';
      default:
        return undefined;
    }
  }

  /** A tool call's life (asked, approved, running, finished) and its subagents', drawn on the call's line. */
  private toolEvent(event: LugEvent): Publish | undefined {
    switch (event.type) {
      case 'tool_call':
        this.closeReasoning();
        this.flushText();
        this.callEvent(event);
        return 'now';
      case 'approval_request':
      case 'approval_decision':
        // A subagent's call is asked about in the dialog and shown under its subagent, never as the parent's.
        if (event.call.agent) this.subagentEvent(event.call.agent.parentCallId, event);
        else this.callEvent(event);
        return 'now';
      case 'subagent_event':
        // Its events come as fast as the parent's deltas: at most one redraw a frame, and none for what its line does not show (its text).
        return this.subagentEvent(event.agent.parentCallId, event) ? 'frame' : 'none';
      case 'subagent_start':
      case 'subagent_end':
        this.subagentEvent(event.agent.parentCallId, event);
        return 'now';
      case 'tool_start':
      case 'tool_progress':
      case 'tool_result':
        this.callEvent(event);
        return 'now';
      default:
        return undefined;
    }
  }

  /** What the status line shows: the session's totals, the context's share, the approval mode and the options. */
  private statusEvent(event: LugEvent): Publish | undefined {
    switch (event.type) {
      case 'usage':
        this.totals.used(event);
        return 'now';
      case 'context':
        return this.totals.shared(event) ? 'now' : 'none';
      case 'mode_change':
      case 'option_change':
        return 'now';
      default:
        return undefined;
    }
  }

  /** The notices events bring: a compaction, an error, a plugin's notify. */
  private noticeEvent(event: LugEvent): Publish | undefined {
    switch (event.type) {
      case 'compaction_start':
        this.flushText();
        this.push({ kind: 'notice', key: 0, text: compactingText(event), level: 'info' });
        return 'now';
      case 'after_compact':
        this.drawWhenRendererLoads();
        this.push({ kind: 'notice', key: 0, text: compactedText(event), level: 'info', markdown: true });
        return 'now';
      case 'error':
        this.push({ kind: 'notice', key: 0, text: event.message, level: 'error' });
        this.kept.add(event.message, 'error');
        return 'now';
      case 'notify':
        this.push({ kind: 'notice', key: 0, text: event.message, level: event.level });
        this.kept.add(event.message, event.level);
        return 'now';
      default:
        return undefined;
    }
  }

  /**
   * A line from the interface itself (command output, hints). Notices that
   * are not pages (Markdown) nor listings (`kept` false: :map, :messages) are
   * kept for `:messages` (notice-log.ts).
   */
  notice(text: string, level: NoticeLevel = 'info', markdown = false, kept = !markdown): void {
    if (kept) this.kept.add(text, level);
    // A light notice (the no-model message) is drawn without marked, which then need not load (markdown-light.ts).
    if (markdown && !isLightMarkdown(text)) this.drawWhenRendererLoads();
    this.push({ kind: 'notice', key: 0, text, level, markdown });
    this.changed(true);
  }

  /** The session's notices, oldest first (errors, warnings, Lua's notify and print, lug's own), for `:messages`. */
  messages(): readonly KeptNotice[] {
    return this.kept.list();
  }

  clearMessages(): void {
    this.kept.clear();
  }

  /** How many calls have finished in this transcript (only the last `keptResults` can be expanded). */
  finishedCallCount(): number {
    return this.expandable.finishedCallCount();
  }

  /** Show the full result of the n-th most recent finished call (1 = the last). */
  expand(n = 1): boolean {
    const call = this.expandable.result(n);
    if (!call) return false;
    this.push({ kind: 'result', key: 0, call });
    this.changed(true);
    return true;
  }

  /**
   * Ctrl-O: open the reasoning block streaming now (or close it again), else
   * show in full the newest of the last reasoning block and the last tool
   * result. False when there is nothing to show.
   */
  expandLatest(): boolean {
    const withAgents = [...this.calls.values()].filter((c) => c.subagents?.length).at(-1);
    if (withAgents) {
      const toggled = { ...withAgents, expanded: !withAgents.expanded };
      this.replaceCall(toggled);
      this.calls.set(toggled.id, toggled);
      this.changed(true);
      return true;
    }
    if (this.reasoningKey !== undefined) {
      this.live = this.live.map((item) => (item.kind === 'reasoning' && item.key === this.reasoningKey ? { ...item, expanded: !item.expanded } : item));
      this.changed(true);
      return true;
    }
    const reasoning = this.expandable.newestReasoning();
    if (reasoning !== undefined) {
      this.push({ kind: 'reasoning', key: 0, text: reasoning, lines: lineCount(reasoning), streaming: false, expanded: true });
      this.changed(true);
      return true;
    }
    return this.expand(1);
  }

  /**
   * Replay a stored conversation (for :resume): its last messages as
   * transcript-replay.ts picks and draws them, all finished.
   */
  replay(all: readonly Message[], subagents: readonly StoredSubagent[] = []): void {
    for (const entry of replayEntries(all, subagents, this.opts.describe)) {
      if (entry.kind === 'reasoning') this.pushReasoning(entry.text);
      else if (entry.kind === 'notice') this.push({ kind: 'notice', key: 0, text: entry.text, level: 'info' });
      else if (entry.kind === 'call') {
        this.push({ kind: 'call', key: 0, call: entry.call });
        if (entry.finished) this.expandable.keepResult(entry.call);
      } else this.push({ kind: entry.kind, key: 0, text: entry.text });
    }
    this.drawWhenRendererLoads();
    this.changed(true);
  }

  /** Calls not finished yet, for the elapsed-time tick. */
  hasRunningCalls(): boolean {
    return this.live.some((i) => i.kind === 'call' && i.call.state === 'running');
  }

  /** The session's totals (a resumed or cleared session): tokens, and the cost when it is known. */
  setUsage(usage: Usage, cost: number | undefined): void {
    this.totals.set(usage, cost);
    this.changed(true);
  }

  /** Load the renderer (once; `later` puts it off), then draw again what waited: nothing, if loaded now (decided now, not later). */
  private drawWhenRendererLoads(later: (load: () => void) => void = (load) => load()): void {
    if (this.opts.markdown.ready()) return;
    later(() => void this.opts.markdown.load().then(() => this.changed()));
  }

  private push(item: TranscriptItem): void {
    const gap = !(item.kind === 'call' && this.lastKind === 'call') && item.kind !== 'result' && this.lastKind !== undefined;
    this.lastKind = item.kind;
    this.live.push({ ...item, key: this.nextKey++, gap } as TranscriptItem);
  }

  private reasoningDelta(text: string): void {
    this.reasoningStreamed = true;
    if (this.reasoningKey === undefined) {
      this.flushText();
      this.push({ kind: 'reasoning', key: 0, text: '', lines: 0, streaming: true, expanded: false });
      this.reasoningKey = this.live.at(-1)!.key;
    }
    const key = this.reasoningKey;
    this.live = this.live.map((item) => (item.kind === 'reasoning' && item.key === key ? { ...item, text: item.text + text } : item));
  }

  /** The streaming reasoning block is finished: the answer or a call began, or the message ended. */
  private closeReasoning(): void {
    const key = this.reasoningKey;
    if (key === undefined) return;
    this.reasoningKey = undefined;
    this.live = this.live
      .map((item) => {
        if (item.kind !== 'reasoning' || item.key !== key) return item;
        const text = item.text.trim();
        this.expandable.keepReasoning(text);
        return { ...item, text, lines: lineCount(text), streaming: false };
      })
      // A block of nothing but whitespace is not worth a line.
      .filter((item) => item.kind !== 'reasoning' || item.key !== key || item.text !== '');
  }

  /** A finished reasoning block (a resumed session, or a message whose reasoning did not stream); empty (redacted) ones are not shown. */
  private pushReasoning(text: string): void {
    const trimmed = text.trim();
    if (!trimmed) return;
    this.push({ kind: 'reasoning', key: 0, text: trimmed, lines: lineCount(trimmed), streaming: false, expanded: false });
    this.expandable.keepReasoning(trimmed);
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
    this.expandable.keepResult(call);
  }

  /**
   * An event of a subagent, on the line under the call that started it (a
   * subagent no call of this transcript started is not drawn). False when
   * nothing drawn changed (its text deltas).
   */
  private subagentEvent(parentCallId: string | undefined, event: SubagentEvent | CallEvent): boolean {
    const parent = parentCallId === undefined ? undefined : this.calls.get(parentCallId);
    if (!parent) return false;
    const call = reduceParentCall(parent, event, this.now());
    if (call === parent) return false;
    this.calls.set(call.id, call);
    this.replaceCall(call);
    return true;
  }

  /** Calls are views shared by their items: replace the item so React sees the change. */
  private replaceCall(call: CallView): void {
    this.live = this.live.map((item) => (item.kind === 'call' && item.call.id === call.id ? { ...item, call } : item));
  }

  private endTurn(reason: string): void {
    this.closeReasoning();
    this.reasoningStreamed = false;
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
    return { committed: this.committed, live: this.live, tail: this.text.tail, running: this.running, ...this.totals.snapshot(), version: this.version };
  }

  /** Publish now (`urgent`) or within a frame; text deltas wait for the frame. */
  private changed(urgent = true): void {
    this.version++;
    this.frames.changed(urgent);
  }

  dispose(): void {
    this.frames.dispose();
  }
}
