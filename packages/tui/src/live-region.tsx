/**
 * The live region, below the scrollback: what is still changing (running
 * calls, the streaming block, "working"), the dialog or a confirm, queued
 * prompts, panels, the input and the status line, within the row budget of
 * live-layout.ts. Drawn from what App follows, at each of its renders.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { Panel } from '@lug/core';
import { ApprovalDialog } from './approval-dialog.js';
import { ConfirmPrompt } from './confirm.js';
import type { PendingApproval } from './contracts.js';
import type { ControllerSnapshot, TuiController } from './controller.js';
import { InputBox } from './input-box.js';
import { layoutLiveRegion, type LiveLayout } from './live-layout.js';
import type { MarkdownRenderer } from './markdown.js';
import { Panels, panelRows } from './panels.js';
import { statusInfo, statuslineOption } from './status-info.js';
import { StatusLine } from './status-line.js';
import { sanitizeText } from './text-layout.js';
import { formatDuration } from './tool-line.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptSnapshot } from './transcript-items.js';

/** Who has the keys: a confirm, the approval dialog, or the input. */
export type Focus = 'confirm' | 'dialog' | 'input';

export interface LiveRegionProps {
  controller: TuiController;
  transcript: TranscriptSnapshot;
  ctl: ControllerSnapshot;
  confirmMessage: string | undefined;
  panels: readonly Panel[];
  pending: PendingApproval | undefined;
  focus: Focus;
  rows: number;
  width: number;
  maxInputLines: number;
  inputRows: number;
  callRunning: boolean;
  now: number;
  turnStart: number;
}

export function LiveRegion({ controller: c, transcript, ctl, confirmMessage, panels, pending, focus, rows, width, maxInputLines, inputRows, callRunning, now, turnStart }: LiveRegionProps) {
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
    tail: transcript.tail ? md(transcript.tail) : '',
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
  );
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
