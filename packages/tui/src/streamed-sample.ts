/**
 * The sample answer drawn off screen as a turn draws an answer: the live
 * region updated a block at a time, the status line's counts changing with
 * it (warm-while-typing.ts). Each draw of an item alone (renderToString)
 * mounts a new tree, so React's update paths (a hook's update, the
 * reconciliation of a grown list, the host's property updates) and the
 * status line ran cold in every first turn: CPU profiles of typed first
 * turns against the next four showed React's rendering at about twice its
 * later cost (14.5 against 6.5 ms), the status line 2.2 against 0.1 ms.
 *
 * `renderToString` runs one update after another here: a layout effect's
 * state change is drawn before the call returns (ink's documented
 * behaviour), so the items given grow to the last within one call (the
 * warm-up gives a few at a time, each call in its own turn of the event
 * loop). With it, React's share of typed first turns came to 10.7 ms against
 * 8.0 in the later ones, the status line's to ~0.1 ms.
 */
import { createElement, useLayoutEffect, useState, type ReactElement } from 'react';
import { Box, renderToString } from 'ink';
import type { MarkdownRenderer } from './markdown.js';
import { StatusLine, type StatusInfo } from './status-line.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptItem } from './transcript-items.js';

/** The status line of a turn after `blocks` blocks of the answer: what the first answer's frames show. */
export function sampleStatus(blocks: number): StatusInfo {
  return {
    model: 'anthropic/sample-model',
    mode: 'policy',
    auto: false,
    usage: { inputTokens: 1200 + blocks, outputTokens: 40 * blocks },
    cost: 0.0004 * blocks,
    context: { tokens: 1200 + blocks, window: 200_000 },
    running: 0,
    background: 0,
    cwd: '/sample/project',
    busy: true,
  };
}

interface StreamedSampleProps {
  items: readonly TranscriptItem[];
  width: number;
  markdown: MarkdownRenderer;
  /** Called with each number of items drawn, 1 to all (tests see the updates). */
  onDraw?(shown: number): void;
}

function StreamedSample({ items, width, markdown, onDraw }: StreamedSampleProps): ReactElement {
  const [shown, setShown] = useState(1);
  useLayoutEffect(() => {
    onDraw?.(shown);
    if (shown < items.length) setShown(shown + 1);
  }, [shown, items.length, onDraw]);
  return createElement(
    Box,
    { flexDirection: 'column', width },
    ...items.slice(0, shown).map((item) => createElement(TranscriptItemView, { key: item.key, item, width, markdown })),
    createElement(StatusLine, { info: sampleStatus(shown), width }),
  );
}

/** Draw `items` off screen growing from the first to the last, a React update each; returns the last drawing. */
export function drawStreamedSample(items: readonly TranscriptItem[], width: number, markdown: MarkdownRenderer, onDraw?: (shown: number) => void): string {
  return renderToString(createElement(StreamedSample, { items, width, markdown, onDraw }), { columns: width });
}
