/**
 * The conversation as the screen shows it, built from the host's event stream.
 *
 * Items are either committed (finished: written once to the terminal's
 * scrollback through ink's <Static>, never redrawn) or live (the tool calls
 * still running, the Markdown block still streaming, in event order). The
 * longest finished prefix of the live items is committed after every change.
 * Changes reach the screen at most once a frame (`frameMs`), so a fast stream
 * of text deltas costs one redraw per frame, not one per token.
 */
import type { CallInfo, CallOutcome, EventBus, LugEvent, Message, Usage } from '@lug/core';
import { emptyUsage } from '@lug/core';
import { splitMarkdown } from './markdown-blocks.js';
import type { MarkdownRenderer } from './markdown.js';

export type CallState = 'waiting' | 'asking' | 'running' | 'done' | 'failed' | 'denied' | 'cancelled';

export interface CallView {
  id: string;
  tool: string;
  args: Record<string, unknown> | undefined;
  argsText: string;
  state: CallState;
  /** When it started running (ms since epoch). */
  startedAt?: number;
  durationMs?: number;
  /** The result sent to the model, once finished. */
  result?: string;
  /** Why it was denied or asked (a rule's reason, the user's message). */
  reason?: string;
  /** The latest progress line a running tool reported. */
  progress?: string;
  /** One line about the result: its size, or the first line of an error. */
  summary?: string;
}

export type NoticeLevel = 'info' | 'warn' | 'error';

/** `gap`: a blank line above it (not between consecutive tool calls). */
export type TranscriptItem = { key: number; gap?: boolean } & (
  | { kind: 'user'; text: string }
  | { kind: 'markdown'; text: string }
  | { kind: 'call'; call: CallView }
  | { kind: 'result'; call: CallView }
  | { kind: 'notice'; text: string; level: NoticeLevel; markdown?: boolean }
);

export interface TranscriptSnapshot {
  committed: readonly TranscriptItem[];
  live: readonly TranscriptItem[];
  /** The unfinished Markdown block being streamed. */
  tail: string;
  running: boolean;
  usage: Usage;
  /** Bumped when something the status line shows may have changed. */
  version: number;
}

const TERMINAL: ReadonlySet<CallState> = new Set(['done', 'failed', 'denied', 'cancelled']);
/** Finished results kept for Ctrl-O and :expand; older ones are dropped to keep memory flat. */
const KEPT_RESULTS = 50;

export function isFinished(item: TranscriptItem): boolean {
  return item.kind !== 'call' || TERMINAL.has(item.call.state);
}

function stateOf(outcome: CallOutcome, isError: boolean): CallState {
  if (outcome === 'done') return isError ? 'failed' : 'done';
  return outcome;
}

export interface TranscriptStoreOptions {
  markdown: MarkdownRenderer;
  /** Longest wait between a change and the screen; 0 notifies at once (tests). */
  frameMs?: number;
  now?: () => number;
}

export class TranscriptStore {
  private committed: TranscriptItem[] = [];
  private live: TranscriptItem[] = [];
  private tail = '';
  private running = false;
  private usage: Usage = emptyUsage();
  private version = 0;
  private nextKey = 1;
  private calls = new Map<string, CallView>();
  private finishedCalls: CallView[] = [];
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
        this.appendText(event.text);
        return this.changed(false);
      case 'assistant_message':
        this.flushTail();
        break;
      case 'tool_call':
        this.flushTail();
        this.addCall(event.call);
        break;
      case 'approval_request':
        this.updateCall(event.call, { state: 'asking', reason: event.reason });
        break;
      case 'approval_decision':
        if (event.decision === 'deny') this.updateCall(event.call, { state: 'denied', reason: event.reason });
        else this.updateCall(event.call, { state: 'waiting', reason: undefined });
        break;
      case 'tool_start':
        this.updateCall(event.call, { state: 'running', startedAt: this.now() });
        break;
      case 'tool_progress':
        this.updateCall(event.call, { progress: lastLine(event.progress.text) });
        break;
      case 'tool_result':
        this.finishCall(event.call, event.content, stateOf(event.outcome, event.isError), event.durationMs);
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
        this.flushTail();
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
    const results = new Map<string, { content: string; isError: boolean }>();
    for (const m of messages) if (m.role === 'tool') for (const r of m.results) results.set(r.callId, r);
    for (const m of messages) {
      if (m.role === 'user') this.push({ kind: 'user', key: 0, text: m.content });
      else if (m.role === 'assistant') {
        for (const part of m.content) {
          if (part.type === 'text') {
            if (part.text.trim()) this.push({ kind: 'markdown', key: 0, text: part.text.trim() });
            continue;
          }
          if (part.type !== 'tool_call') continue;
          const r = results.get(part.id);
          const call: CallView = {
            id: part.id,
            tool: part.name,
            args: parseArgs(part.argsText),
            argsText: part.argsText,
            state: r ? (r.isError ? 'failed' : 'done') : 'cancelled',
            result: r?.content,
          };
          call.summary = r ? summarize(r.content, call.state) : undefined;
          this.push({ kind: 'call', key: 0, call });
          if (r) this.keepResult(call);
        }
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

  private lastKind: TranscriptItem['kind'] | undefined;

  private push(item: TranscriptItem): void {
    const gap = !(item.kind === 'call' && this.lastKind === 'call') && item.kind !== 'result' && this.lastKind !== undefined;
    this.lastKind = item.kind;
    this.live.push({ ...item, key: this.nextKey++, gap } as TranscriptItem);
  }

  private appendText(text: string): void {
    this.tail += text;
    const { blocks, tail } = splitMarkdown(this.tail);
    if (blocks.length === 0) return;
    for (const block of blocks) this.push({ kind: 'markdown', key: 0, text: block });
    this.tail = tail;
  }

  private flushTail(): void {
    const text = this.tail.trim();
    this.tail = '';
    if (!text) return;
    const { blocks, tail } = splitMarkdown(text);
    for (const block of [...blocks, tail]) if (block.trim()) this.push({ kind: 'markdown', key: 0, text: block.trimEnd() });
  }

  private addCall(info: CallInfo): void {
    const call: CallView = { id: info.id, tool: info.tool, args: info.args, argsText: info.argsText, state: 'waiting' };
    this.calls.set(info.id, call);
    this.push({ kind: 'call', key: 0, call });
  }

  /** Calls are views shared by their items: replace the object so React sees the change. */
  private updateCall(info: CallInfo, patch: Partial<CallView>): void {
    const old = this.calls.get(info.id);
    if (!old) {
      this.addCall(info);
      return this.updateCall(info, patch);
    }
    if (TERMINAL.has(old.state) && patch.state && patch.state !== old.state) return;
    const call = { ...old, ...patch };
    this.calls.set(info.id, call);
    this.live = this.live.map((item) => (item.kind === 'call' && item.call.id === info.id ? { ...item, call } : item));
  }

  private finishCall(info: CallInfo, content: string, state: CallState, durationMs: number): void {
    if (!this.calls.has(info.id)) this.addCall(info);
    const old = this.calls.get(info.id)!;
    // A denial keeps its state: the result only says so again.
    const final = old.state === 'denied' ? 'denied' : state;
    this.calls.set(info.id, { ...old, state: 'running' });
    // The loop's duration counts the wait for an answer in the dialog; show the time it ran.
    const ran = old.startedAt !== undefined ? this.now() - old.startedAt : durationMs;
    this.updateCall(info, { state: final, result: content, durationMs: ran, progress: undefined, summary: summarize(content, final) });
    this.keepResult(this.calls.get(info.id)!);
    this.calls.delete(info.id);
  }

  private keepResult(call: CallView): void {
    this.finishedCalls.push(call);
    if (this.finishedCalls.length > KEPT_RESULTS) this.finishedCalls.shift();
  }

  private endTurn(reason: string): void {
    this.flushTail();
    for (const [id, call] of this.calls) {
      this.updateCall({ id, tool: call.tool, args: call.args, argsText: call.argsText }, { state: 'cancelled' });
    }
    this.calls.clear();
    if (reason === 'cancelled') this.push({ kind: 'notice', key: 0, text: 'cancelled by the user', level: 'warn' });
    if (reason === 'max_turns') this.push({ kind: 'notice', key: 0, text: 'stopped: the turn reached max_turns model requests (lug.opt.max_turns)', level: 'warn' });
    this.running = false;
  }

  /** Move the finished prefix of the live items to the committed list. */
  private commit(): void {
    const mdReady = this.opts.markdown.ready();
    let n = 0;
    while (n < this.live.length) {
      const item = this.live[n]!;
      const needsMarkdown = item.kind === 'markdown' || (item.kind === 'notice' && item.markdown);
      if (!isFinished(item) || (needsMarkdown && !mdReady)) break;
      n++;
    }
    if (n === 0) return;
    // Committed items keep no result text: a long session would otherwise hold every output in memory.
    const finished = this.live.slice(0, n).map((item) => (item.kind === 'call' && item.call.result !== undefined ? { ...item, call: { ...item.call, result: undefined } } : item));
    this.committed = this.committed.concat(finished);
    this.live = this.live.slice(n);
  }

  private makeSnapshot(): TranscriptSnapshot {
    return { committed: this.committed, live: this.live, tail: this.tail, running: this.running, usage: this.usage, version: this.version };
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

/** A result in one line: failures and denials say why, successes how much came back. */
export function summarize(content: string, state: CallState): string {
  if (state === 'failed' || state === 'denied' || state === 'cancelled') {
    const first = content.trim().split('\n')[0] ?? '';
    return first.length > 200 ? `${first.slice(0, 199)}…` : first;
  }
  // A command's result (the bash tool's): its exit status, then how much it printed.
  const exit = /^exit status (\d+)\n?/.exec(content);
  if (exit) {
    const rest = content.slice(exit[0].length);
    // Not output: the section labels, the "(no output)" line, a line saying what was cut.
    const printed = rest.split('\n').filter((line) => line && !/^(stdout|stderr):$|^\(no output\)$|^\[output cut: /.test(line)).length;
    return `exit ${exit[1]}${printed ? ` · ${linesText(printed)}` : ''}`;
  }
  const lines = countLines(content);
  return lines === 0 ? 'no output' : linesText(lines);
}

function countLines(text: string): number {
  return text ? text.split('\n').length - (text.endsWith('\n') ? 1 : 0) : 0;
}

const linesText = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

function lastLine(text: string): string {
  const lines = text.trimEnd().split('\n');
  return lines[lines.length - 1] ?? '';
}

function parseArgs(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
