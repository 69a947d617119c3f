/**
 * The live region, below the scrollback: what is still changing (running
 * calls, the streaming block, "working"), the dialog or a confirm, queued
 * prompts, panels, the input and the status line, within the row budget of
 * live-layout.ts. App hands it the transcript and the focus; it follows the rest itself.
 */
import React, { useRef, useSyncExternalStore } from 'react';
import { Box, Text } from 'ink';
import { useClock } from './app-hooks.js';
import { ApprovalDialog } from './approval-dialog.js';
import { ConfirmPrompt } from './confirm.js';
import type { PendingApproval } from './contracts.js';
import type { TuiController } from './controller.js';
import { InputBox, inputBoxHeight } from './input-box.js';
import { layoutLiveRegion, type LiveLayout } from './live-layout.js';
import { visibleTail } from './live-tail.js';
import type { MarkdownRenderer } from './markdown.js';
import { Panels, panelRows } from './panels.js';
import { statusInfo, statuslineOption } from './status-info.js';
import { StatusLine } from './status-line.js';
import { sanitizeText } from './text-layout.js';
import { formatDuration } from './tool-line.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptSnapshot } from './transcript-items.js';

/** Who has the keys: a confirm, the approval dialog, or the input. */
type Focus = 'confirm' | 'dialog' | 'input';

export interface LiveRegionProps {
  controller: TuiController;
  transcript: TranscriptSnapshot;
  confirmMessage: string | undefined;
  pending: PendingApproval | undefined;
  focus: Focus;
  rows: number;
  width: number;
}

/**
 * Follows what only it draws (the controller's hint and queue, the panels,
 * the badges, the input's height and vi's mode, the clock of a running turn),
 * so a change of one of them, or the clock's tick, draws the live region
 * again, not the whole screen.
 */
export function LiveRegion({ controller: c, transcript, confirmMessage, pending, focus, rows, width }: LiveRegionProps) {
  const ctl = useSyncExternalStore(c.subscribe, c.getSnapshot);
  const panels = useSyncExternalStore(c.panels.subscribe, c.panels.getSnapshot);
  useSyncExternalStore(c.badges.subscribe, c.badges.getSnapshot);
  const maxInputLines = Math.max(3, Math.min(10, Math.floor(rows / 4)));
  // The status line shows vi's mode: follow it (a key press otherwise re-renders the input alone).
  useSyncExternalStore(c.input.subscribe, () => c.input.viMode());
  const inputRows = useSyncExternalStore(c.input.subscribe, () => inputBoxHeight(c.input, maxInputLines, width));
  const callRunning = transcript.live.some((i) => i.kind === 'call' && i.call.state === 'running');
  const now = useClock(transcript.running || callRunning);
  const turnStart = useTurnStart(transcript.running);
  const md = (text: string) => c.markdown.render(sanitizeText(text), width);
  const layout = layoutLiveRegion({
    rows,
    width,
    inputRows,
    hint: ctl.hint !== undefined,
    queued: ctl.queued.length,
    panelRows: panelRows(panels),
    confirmMessage,
    pending,
    live: transcript.live,
    tail: transcript.tail ? md(visibleTail(transcript.tail, rows, width)) : '',
    render: md,
  });
  const thinking = transcript.running && !layout.tail && !pending && !callRunning;
  const statusline = statuslineOption(c);

  return (
    <Box flexDirection="column" width={width}>
      <LiveItems layout={layout} width={width} markdown={c.markdown} now={now} askingId={pending?.call.id} />
      {thinking && (
        <Text dimColor>
          {'  '}working {formatDuration(now - (turnStart || now))} · Esc cancels
        </Text>
      )}
      {/* Both mounted from the start, drawn only when asking: their keys are listened to before their first frame. */}
      <ConfirmPrompt queue={c.confirms} typing={c.typing} active={focus === 'confirm'} />
      <ApprovalDialog queue={c.approvals.queue} typing={c.typing} maxHeight={layout.dialogRows} width={width} active={focus === 'dialog'} />
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
      <StatusLine width={width} home={c.host.env.HOME} statusline={statusline} primed={c.primedStatus} ticks={c.statusTicks} info={statusInfo(c, transcript)} />
      {ctl.hint && <Text color="yellow">{ctl.hint}</Text>}
    </Box>
  );
}

/** When the current turn started, for "working 3s" while nothing else moves. */
function useTurnStart(running: boolean): number {
  const started = useRef(0);
  if (running && started.current === 0) started.current = Date.now();
  if (!running) started.current = 0;
  return started.current;
}

/** The live items that fit ("… 3 more" for the rest), then the streaming block's last lines. */
function LiveItems({ layout, width, markdown, now, askingId }: { layout: LiveLayout; width: number; markdown: MarkdownRenderer; now: number; askingId: string | undefined }) {
  return (
    <>
      {layout.shown.map((item) => (
        <TranscriptItemView key={item.key} item={item} width={width} markdown={markdown} now={now} askingId={askingId} />
      ))}
      {layout.hidden > 0 && <Text dimColor>… {layout.hidden} more</Text>}
      {layout.tail && (
        <Box flexDirection="column" marginTop={1}>
          {layout.tail.hidden > 0 && <Text dimColor>… {layout.tail.hidden} lines above</Text>}
          <Text>{layout.tail.text}</Text>
        </Box>
      )}
    </>
  );
}
