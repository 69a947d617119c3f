/**
 * The whole screen. Finished items go to <Static> (written once into the
 * terminal's scrollback, never redrawn); the live region below holds what is
 * still changing: running calls, the streaming block, the dialog or a confirm,
 * the input and the status line, within the row budget of live-layout.ts.
 */
import React, { useMemo, useSyncExternalStore } from 'react';
import { Static } from 'ink';
import { useAppKeys, useCurrentApproval, useRedrawAfterResize, useTerminalHandlers, useTerminalSize } from './app-hooks.js';
import { HighlightContext } from './highlight-context.js';
import { resolveHighlights, type Highlights } from './highlights.js';
import type { TuiController } from './controller.js';
import { LiveRegion } from './live-region.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptItem } from './transcript-items.js';

export interface AppProps {
  controller: TuiController;
}

/** The highlight styles, worked out again only when `lug.opt.highlights` is set anew. */
function useHighlights(c: TuiController): Highlights {
  // lug.hl.set replaces the option's table, so its identity says when to work the styles out again.
  const setHighlights = c.host.options.has('highlights') ? c.host.options.get<Partial<Highlights> | null>('highlights') : undefined;
  return useMemo(() => resolveHighlights(setHighlights), [setHighlights]);
}

export function App({ controller: c }: AppProps) {
  useTerminalHandlers(c);
  const { columns, rows } = useTerminalSize();
  const transcript = useSyncExternalStore(c.transcript.subscribe, c.transcript.getSnapshot);
  const confirm = useSyncExternalStore(c.confirms.subscribe, c.confirms.getSnapshot);
  const pending = useCurrentApproval(c);
  const width = Math.max(20, columns);
  const focus = confirm ? 'confirm' : pending ? 'dialog' : 'input';
  useAppKeys(c, focus === 'input');
  useRedrawAfterResize(columns, rows, () => c.redraw());

  const highlights = useHighlights(c);

  return (
    <HighlightContext.Provider value={highlights}>
      <Static items={transcript.committed as TranscriptItem[]}>
        {(item) => <TranscriptItemView key={item.key} item={item} width={width} markdown={c.markdown} />}
      </Static>
      <LiveRegion controller={c} transcript={transcript} confirmMessage={confirm?.message} pending={pending} focus={focus} rows={rows} width={width} />
    </HighlightContext.Provider>
  );
}
