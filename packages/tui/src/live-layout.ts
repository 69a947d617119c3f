/**
 * The live region's row budget. ink clears the whole screen and rewrites all
 * of its output once a frame reaches the terminal's height (the flicker other
 * ink agents are known for), so every part of the live region gets a share
 * of `rows - 1`: the input and status line first, then a confirm or the
 * dialog, then the live items, and the streaming block gets what is left,
 * showing its last lines.
 */
import { dialogNaturalHeight } from './approval-dialog.js';
import type { PendingApproval } from './contracts.js';
import { lastRows, rowsOf } from './text-layout.js';
import type { TranscriptItem } from './transcript-items.js';
import { reasoningRows } from './reasoning-view.js';

export interface LiveLayoutInput {
  rows: number;
  width: number;
  /** Rows the input box takes now. */
  inputRows: number;
  hint: boolean;
  queued: number;
  /** Rows the panels above the input take (lug.ui.panel); 0 when there are none. */
  panelRows?: number;
  confirmMessage: string | undefined;
  pending: PendingApproval | undefined;
  live: readonly TranscriptItem[];
  /** The streaming block, already rendered for the terminal. */
  tail: string;
  /** Markdown rendered for the terminal (to measure live Markdown items). */
  render(markdown: string): string;
}

export interface LiveLayout {
  dialogRows: number;
  shown: TranscriptItem[];
  /** Live items left out for lack of rows ("… 3 more"). */
  hidden: number;
  tail: { text: string; hidden: number } | undefined;
}

/** Rows a live item takes, to cut the list where the budget ends. */
export function itemRows(item: TranscriptItem, width: number, render: (md: string) => string): number {
  const gap = item.gap ? 1 : 0;
  switch (item.kind) {
    case 'call':
      return 1 + gap;
    case 'markdown':
      return rowsOf(render(item.text), width) + gap;
    case 'result':
      return rowsOf(item.call.result ?? '', width - 4) + 1 + gap;
    case 'reasoning':
      return reasoningRows(item, width) + gap;
    default:
      return rowsOf(item.text, width - 2) + gap;
  }
}

export function layoutLiveRegion(input: LiveLayoutInput): LiveLayout {
  const { width } = input;
  // Input (with its top margin), status line, hint, queued prompts, and the "working…" line.
  const fixedRows = input.inputRows + 1 + 1 + (input.hint ? 1 : 0) + Math.min(3, input.queued) + (input.panelRows ?? 0) + 1;
  let rest = Math.max(4, input.rows - 1 - fixedRows);
  if (input.confirmMessage !== undefined) rest -= rowsOf(input.confirmMessage, width - 4) + 4;
  const dialogRows = input.pending && input.confirmMessage === undefined ? Math.min(dialogNaturalHeight(input.pending), Math.max(8, rest - 3)) : 0;
  rest -= dialogRows;

  // The streaming block needs its top margin, a "… lines above" line and one line of text.
  const tailReserve = input.tail ? 3 : 0;
  // One row is kept for "… N more".
  const itemBudget = rest - tailReserve - 1;
  const shown: TranscriptItem[] = [];
  let used = 0;
  let hidden = 0;
  for (const item of input.live) {
    const need = itemRows(item, width, input.render);
    // An item taller than what is left waits as "… N more" (it reaches the scrollback whole once
    // committed): drawn in full, it would push the frame past the terminal and ink would clear the screen.
    if (used + need > itemBudget) {
      hidden++;
      continue;
    }
    shown.push(item);
    used += need;
  }
  rest -= used + (hidden ? 1 : 0);
  const tailRows = rest - 2;
  const tail = input.tail && tailRows >= 1 ? lastRows(input.tail, tailRows, width) : undefined;
  return { dialogRows, shown, hidden, tail };
}

/** Rows the live region takes with this layout (what ink will draw), for tests and checks. */
export function liveRegionRows(input: LiveLayoutInput, layout: LiveLayout): number {
  const items = layout.shown.reduce((n, item) => n + itemRows(item, input.width, input.render), 0);
  const tail = layout.tail ? 1 + (layout.tail.hidden > 0 ? 1 : 0) + rowsOf(layout.tail.text, input.width) : 0;
  const thinking = layout.tail ? 0 : 1;
  return items + (layout.hidden ? 1 : 0) + tail + thinking + layout.dialogRows + input.inputRows + 1 + 1 + (input.hint ? 1 : 0) + Math.min(3, input.queued) + (input.panelRows ?? 0);
}
