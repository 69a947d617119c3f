/**
 * ink's <Static> fed the committed items as pieces (static-pieces.ts), a
 * frame's worth of rows at a time: what is left goes in the next frame, a
 * turn of the event loop later, so a large block is written in a few
 * hundred rows a frame and keys are read between them.
 *
 * On a terminal, a large block's rows are written as they are, through ink's
 * own `write` (which lifts the live region above them, as <Static> does),
 * rather than drawn by ink cell by cell: ink's drawing of them cost ~2 µs a
 * character, and its garbage as much again. Elsewhere (ink-testing-library,
 * whose frames are ink's whole output) they go through <Static>.
 */
import React, { useLayoutEffect, useReducer, useRef } from 'react';
import { Box, Static, Text, useStdout } from 'ink';
import type { MarkdownRenderer } from './markdown.js';
import { StaticPieces, directRows, isDirect, piecesThisFrame, type StaticPiece } from './static-pieces.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptItem } from './transcript-items.js';

export interface PacedStaticProps {
  items: readonly TranscriptItem[];
  width: number;
  markdown: MarkdownRenderer;
}

export function PacedStatic({ items, width, markdown }: PacedStaticProps) {
  const { stdout, write } = useStdout();
  const direct = stdout.isTTY === true;
  const derived = useRef<StaticPieces>(undefined);
  derived.current ??= new StaticPieces();
  const pieces = derived.current.update(items, width, markdown);
  // Pieces drawn in frames already committed; only the effect moves it.
  const drawn = useRef(0);
  const [, nextFrame] = useReducer((n: number) => n + 1, 0);
  const upTo = piecesThisFrame(pieces, drawn.current, direct);
  useLayoutEffect(() => {
    // After <Static> wrote this frame's items (ink draws them in the commit), or instead of it.
    let text = '';
    for (let i = drawn.current; i < upTo; i++) {
      const piece = pieces[i]!;
      if (direct && isDirect(piece)) text += directRows(piece, width);
      // Drawn for good: the rows are not kept (the block's source is, in the transcript).
      if (!('item' in piece)) piece.text = '';
    }
    if (text) write(text);
    drawn.current = upTo;
    if (upTo >= pieces.length) return;
    const timer = setTimeout(nextFrame, 0);
    return () => clearTimeout(timer);
  }, [upTo, pieces, direct, width, write]);
  return (
    <Static items={(upTo === pieces.length ? pieces : pieces.slice(0, upTo)) as StaticPiece[]}>
      {(piece) =>
        'item' in piece ? (
          <TranscriptItemView key={piece.key} item={piece.item} width={width} markdown={markdown} />
        ) : direct && piece.direct ? null : (
          // As TranscriptItemView draws a Markdown block, a run of its rows at a time.
          <Box key={piece.key} marginTop={piece.gap ? 1 : 0} flexDirection="column" width={width}>
            <Text>{piece.text}</Text>
          </Box>
        )
      }
    </Static>
  );
}
