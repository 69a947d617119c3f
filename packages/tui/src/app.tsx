/**
 * The whole screen. Finished items go to <Static> (written once into the
 * terminal's scrollback, never redrawn); the live region below holds what is
 * still changing: running calls, the streaming block, the dialog or a confirm,
 * the input and the status line, within the row budget of live-layout.ts.
 */
import React, { useMemo, useRef, useSyncExternalStore } from 'react';
import { Box, Static, Text } from 'ink';
import { useAppKeys, useClock, useCurrentApproval, useRedrawAfterResize, useTerminalHandlers, useTerminalSize } from './app-hooks.js';
import { ApprovalDialog } from './approval-dialog.js';
import { ConfirmPrompt } from './confirm.js';
import { Panels, panelRows } from './panels.js';
import { HighlightContext } from './highlight-context.js';
import { resolveHighlights, type Highlights } from './highlights.js';
import type { TuiController } from './controller.js';
import { InputBox, inputBoxHeight } from './input-box.js';
import { layoutLiveRegion } from './live-layout.js';
import { StatusLine, type StatusInfo, type StatuslineFn } from './status-line.js';
import { sanitizeText } from './text-layout.js';
import { formatDuration } from './tool-line.js';
import { TranscriptItemView } from './transcript-item.js';
import type { ContextShare, TranscriptItem } from './transcript-items.js';

export interface AppProps {
  controller: TuiController;
}

/** When the current turn started, for "working 3s" while nothing else moves. */
function useTurnStart(running: boolean): number {
  const started = useRef(0);
  if (running && started.current === 0) started.current = Date.now();
  if (!running) started.current = 0;
  return started.current;
}

export function statusInfo(c: TuiController, usage: StatusInfo['usage'], busy: boolean, cost: number | undefined, contextTokens?: number, share?: ContextShare): StatusInfo {
  const inputMode = c.input.viMode();
  // The core's accounting when it has spoken (tokens the next request uses, the model's window); else the last prompt's tokens.
  const context = share
    ? { tokens: share.used, window: share.window, percent: share.fraction * 100 }
    : contextTokens !== undefined
      ? { tokens: contextTokens, ...(c.contextWindow ? { window: c.contextWindow } : {}) }
      : undefined;
  return {
    ...(inputMode ? { inputMode } : {}),
    ...(context ? { context } : {}),
    model: c.session.modelName(),
    mode: c.approvals.mode(),
    auto: c.approvals.isAuto(),
    usage,
    cost,
    running: c.processes.running(),
    background: c.processes.background(),
    cwd: c.host.cwd,
    busy,
    sandbox: c.host.options.has('sandbox') ? c.host.options.get<string>('sandbox') : 'off',
    badges: c.badges.getSnapshot().map((b) => b.lines[0] ?? ''),
  };
}

/** `lug.opt.statusline`, or null for the stock line. */
export function statuslineOption(c: TuiController): StatuslineFn | null {
  return c.host.options.has('statusline') ? (c.host.options.get<StatuslineFn | null>('statusline') ?? null) : null;
}

export function App({ controller: c }: AppProps) {
  useTerminalHandlers(c);
  const { columns, rows } = useTerminalSize();
  const transcript = useSyncExternalStore(c.transcript.subscribe, c.transcript.getSnapshot);
  const ctl = useSyncExternalStore(c.subscribe, c.getSnapshot);
  const confirm = useSyncExternalStore(c.confirms.subscribe, c.confirms.getSnapshot);
  const panels = useSyncExternalStore(c.panels.subscribe, c.panels.getSnapshot);
  useSyncExternalStore(c.badges.subscribe, c.badges.getSnapshot);
  const pending = useCurrentApproval(c);
  const maxInputLines = Math.max(3, Math.min(10, Math.floor(rows / 4)));
  const width = Math.max(20, columns);
  // The status line shows vi's mode: follow it (a key press otherwise re-renders the input alone).
  useSyncExternalStore(c.input.subscribe, () => c.input.viMode());
  const inputRows = useSyncExternalStore(c.input.subscribe, () => inputBoxHeight(c.input, maxInputLines, width));
  const callRunning = transcript.live.some((i) => i.kind === 'call' && i.call.state === 'running');
  const now = useClock(transcript.running || callRunning);
  const turnStart = useTurnStart(transcript.running);
  const focus = confirm ? 'confirm' : pending ? 'dialog' : 'input';
  useAppKeys(c, focus === 'input');
  useRedrawAfterResize(columns, rows, () => c.redraw());

  const md = (text: string) => c.markdown.render(sanitizeText(text), width);
  const layout = layoutLiveRegion({
    rows,
    width,
    inputRows,
    hint: ctl.hint !== undefined,
    queued: ctl.queued.length,
    panelRows: panelRows(panels),
    confirmMessage: confirm?.message,
    pending,
    live: transcript.live,
    tail: transcript.tail ? md(transcript.tail) : '',
    render: md,
  });
  const thinking = transcript.running && !layout.tail && !pending && !callRunning;
  const statusline = statuslineOption(c);
  // lug.hl.set replaces the option's table, so its identity says when to work the styles out again.
  const setHighlights = c.host.options.has('highlights') ? c.host.options.get<Partial<Highlights> | null>('highlights') : undefined;
  const highlights = useMemo(() => resolveHighlights(setHighlights), [setHighlights]);

  return (
    <HighlightContext.Provider value={highlights}>
      <Static items={transcript.committed as TranscriptItem[]}>
        {(item) => <TranscriptItemView key={item.key} item={item} width={width} markdown={c.markdown} />}
      </Static>
      <Box flexDirection="column" width={width}>
        {layout.shown.map((item) => (
          <TranscriptItemView key={item.key} item={item} width={width} markdown={c.markdown} now={now} askingId={pending?.call.id} />
        ))}
        {layout.hidden > 0 && <Text dimColor>… {layout.hidden} more</Text>}
        {layout.tail && (
          <Box flexDirection="column" marginTop={1}>
            {layout.tail.hidden > 0 && <Text dimColor>… {layout.tail.hidden} lines above</Text>}
            <Text>{layout.tail.text}</Text>
          </Box>
        )}
        {thinking && (
          <Text dimColor>
            {'  '}working {formatDuration(now - (turnStart || now))} · Esc cancels
          </Text>
        )}
        {/* Both mounted from the start, drawn only when asking: their keys are listened to before their first frame. */}
        <ConfirmPrompt queue={c.confirms} active={focus === 'confirm'} />
        <ApprovalDialog queue={c.approvals.queue} maxHeight={layout.dialogRows} width={width} active={focus === 'dialog'} />
        {ctl.queued.slice(0, 3).map((q, i) => (
          <Text key={i} dimColor wrap="truncate-end">
            {'  '}queued: {q.replace(/\s+/g, ' ')}
          </Text>
        ))}
        <Panels panels={panels} />
        <Box marginTop={1}>
          <InputBox
            store={c.input}
            maxLines={maxInputLines}
            width={width}
            keys={false}
            inactive={focus !== 'input'}
            placeholder={c.session.modelName() ? 'Ask, or :help' : 'No model yet: :help, :lua, or see above'}
          />
        </Box>
        <StatusLine width={width} home={c.host.env.HOME} statusline={statusline} primed={c.primedStatus} ticks={c.statusTicks} info={statusInfo(c, transcript.usage, transcript.running, transcript.cost, transcript.contextTokens, transcript.context)} />
        {ctl.hint && <Text color="yellow">{ctl.hint}</Text>}
      </Box>
    </HighlightContext.Provider>
  );
}
