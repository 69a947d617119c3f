/**
 * What the transcript is made of, and which of it may be committed: written
 * once to the terminal's scrollback (ink's <Static>) and never redrawn. The
 * longest finished prefix of the live items is committed; Markdown waits for
 * the renderer, so it is written rendered, except the interface's light
 * notices, drawn without it (markdown-light.ts).
 */
import type { Usage } from '@lug/core';
import { isFinishedCall, type CallView } from './call-views.js';
import { isLightMarkdown } from './markdown-light.js';
import type { ReasoningItemFields } from './reasoning-view.js';

export type NoticeLevel = 'info' | 'warn' | 'error';

/** `gap`: a blank line above it (not between consecutive tool calls). */
export type TranscriptItem = { key: number; gap?: boolean } & (
  | { kind: 'user'; text: string }
  | { kind: 'markdown'; text: string }
  | ({ kind: 'reasoning' } & ReasoningItemFields)
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
  /** What the next request uses of the model's context window (the core's `context` event); undefined before it is known. */
  context?: ContextShare;
  /** The session's cost in US dollars; undefined when a price is not known. */
  cost: number | undefined;
  /** Tokens of the last request's prompt (input, cache reads and writes): the context in use; undefined before a request. */
  contextTokens: number | undefined;
  /** Bumped when something the status line shows may have changed. */
  version: number;
}

export function isFinished(item: TranscriptItem): boolean {
  if (item.kind === 'reasoning') return !item.streaming;
  return item.kind !== 'call' || isFinishedCall(item.call);
}

/** How many of the live items, from the first, may be committed now. */
export function committablePrefix(live: readonly TranscriptItem[], markdownReady: boolean): number {
  let n = 0;
  while (n < live.length) {
    const item = live[n]!;
    // A light notice (the :resume list) is drawn the same with or without marked: it never waits for it, else
    // one taller than the live region's budget would stay "… 1 more" until something loaded marked.
    const needsMarkdown = item.kind === 'markdown' || (item.kind === 'notice' && item.markdown === true && !isLightMarkdown(item.text));
    if (!isFinished(item) || (needsMarkdown && !markdownReady)) break;
    n++;
  }
  return n;
}

/**
 * Committed items keep no result text, nor the text of a collapsed reasoning
 * block (it is drawn as one line): a long session would otherwise hold every
 * output in memory.
 */
export function withoutResult(item: TranscriptItem): TranscriptItem {
  if (item.kind === 'reasoning' && !item.expanded && item.text) return { ...item, text: '' };
  return item.kind === 'call' && item.call.result !== undefined ? { ...item, call: { ...item.call, result: undefined } } : item;
}

/** The core's context accounting, as the interface keeps it: tokens the next request uses, the window, their share (0..1). */
export interface ContextShare {
  used: number;
  window: number;
  fraction: number;
}
