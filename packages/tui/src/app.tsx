/**
 * The whole screen. Finished items go to <Static> (written once into the
 * terminal's scrollback, never redrawn; a large block a few hundred rows a
 * frame: paced-static.tsx); the live region below holds what is
 * still changing: running calls, the streaming block, the dialog or a confirm,
 * the input and the status line, within the row budget of live-layout.ts.
 */
import React, { useMemo, useSyncExternalStore } from 'react';
import { useAppKeys, useCurrentApproval, useRedrawAfterResize, useTerminalHandlers, useTerminalSize } from './app-hooks.js';
import { HighlightContext } from './highlight-context.js';
import { resolveHighlights, type Highlights } from './highlights.js';
import type { TuiController } from './controller.js';
import { LiveRegion } from './live-region.js';
import { PacedStatic } from './paced-static.js';

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
      <PacedStatic items={transcript.committed} width={width} markdown={c.markdown} />
      <LiveRegion controller={c} transcript={transcript} confirmMessage={confirm?.message} pending={pending} focus={focus} rows={rows} width={width} />
    </HighlightContext.Provider>
  );
}
