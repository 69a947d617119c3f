/**
 * How a block of the model's reasoning is shown: dim, apart from the answer,
 * and collapsed unless asked for. While it streams, its last rows show under
 * a "thinking…" header (more of them once Ctrl-O opens it); once finished it
 * is one line saying how long it was, or the whole text when it was opened.
 * The view and the live region's row budget both read this one function, so
 * what is drawn is what was counted.
 */
import { lastRows, rowsOf, sanitizeText, wrapRows } from './text-layout.js';

/** A reasoning block in the transcript. */
export interface ReasoningItemFields {
  /** The reasoning so far; emptied once committed collapsed (only `lines` is drawn then). */
  text: string;
  /** Lines of the reasoning, for the collapsed line. */
  lines: number;
  /** Still streaming: the live region redraws it. */
  streaming: boolean;
  /** Opened (Ctrl-O): drawn in full once finished. */
  expanded: boolean;
}

/** Rows of a streaming block's text shown in the live region, collapsed and opened. */
export const STREAMING_ROWS = { collapsed: 3, expanded: 12 } as const;

const INDENT = 2;

export interface ReasoningLook {
  header: string;
  /** The text under the header (already wrapped), or '' for none. */
  body: string;
}

export function lineCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split('\n').length : 0;
}

export function reasoningLook(item: ReasoningItemFields, width: number): ReasoningLook {
  const columns = Math.max(10, width - INDENT);
  const text = sanitizeText(item.text).trim();
  if (item.streaming) {
    const keep = item.expanded ? STREAMING_ROWS.expanded : STREAMING_ROWS.collapsed;
    const shown = text ? lastRows(wrapRows(text, columns), keep, columns) : { text: '', hidden: 0 };
    const more = shown.hidden > 0 ? ` · ${shown.hidden} lines above` : '';
    return { header: `∴ thinking…${more}${item.expanded ? '' : ' · Ctrl-O opens'}`, body: shown.text };
  }
  const lines = `${item.lines} line${item.lines === 1 ? '' : 's'}`;
  if (item.expanded) return { header: `∴ reasoning · ${lines}`, body: wrapRows(text, columns) };
  return { header: `∴ reasoning · ${lines} · Ctrl-O shows it`, body: '' };
}

/** Rows the block takes at `width` (its gap aside). */
export function reasoningRows(item: ReasoningItemFields, width: number): number {
  const look = reasoningLook(item, width);
  return rowsOf(look.header, width) + (look.body ? rowsOf(look.body, Math.max(10, width - INDENT)) : 0);
}
