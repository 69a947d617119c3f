/**
 * The whole screen. Finished items go to <Static> (written once into the
 * terminal's scrollback, never redrawn); the live region below holds what is
 * still changing: running calls, the streaming block, the dialog or a confirm,
 * the input and the status line. Its height is budgeted to stay below the
 * terminal's, because ink falls back to clearing the whole screen (the flicker
 * people complain about) once its output reaches the terminal's height.
 */
import React, { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Box, Static, Text, useApp, useInput, useStdout, type Key } from 'ink';
import type { KeyBinding } from '@lug/core';
import { ApprovalDialog, dialogNaturalHeight } from './approval-dialog.js';
import { ConfirmPrompt } from './confirm.js';
import type { TuiController } from './controller.js';
import { InputBox, inputBoxHeight } from './input-box.js';
import { keyNotation } from './key-notation.js';
import { StatusLine, type StatuslineFn } from './status-line.js';
import { lastRows, rowsOf, sanitizeText } from './text-layout.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptItem } from './transcript-store.js';
import type { PendingApproval } from './contracts.js';
import { formatDuration } from './tool-line.js';

function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => void stdout.off('resize', onResize);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stdout]);
  return size;
}

/** A clock that ticks once a second while `active`, for elapsed times. */
function useClock(active: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function useCurrentApproval(c: TuiController): PendingApproval | undefined {
  const queue = c.approvals.queue;
  const [, setVersion] = useState(0);
  useEffect(() => queue.onChange(() => setVersion((v) => v + 1)), [queue]);
  return queue.current();
}

/** Rows each live item takes, to cut the list where the budget ends. */
function itemRows(item: TranscriptItem, width: number, render: (md: string) => string): number {
  const gap = item.gap ? 1 : 0;
  switch (item.kind) {
    case 'call':
      return 1 + gap;
    case 'markdown':
      return rowsOf(render(item.text), width) + gap;
    case 'result':
      return rowsOf(item.call.result ?? '', width - 4) + 1 + gap;
    default:
      return rowsOf(item.text, width - 2) + gap;
  }
}

export interface AppProps {
  controller: TuiController;
}

export function App({ controller: c }: AppProps) {
  const { exit } = useApp();
  const { write } = useStdout();
  const { columns, rows } = useTerminalSize();
  const transcript = useSyncExternalStore(c.transcript.subscribe, c.transcript.getSnapshot);
  const ctl = useSyncExternalStore(c.subscribe, c.getSnapshot);
  const confirm = useSyncExternalStore(c.confirms.subscribe, c.confirms.getSnapshot);
  const pending = useCurrentApproval(c);
  const maxInputLines = Math.max(3, Math.min(10, Math.floor(rows / 4)));
  const inputRows = useSyncExternalStore(c.input.subscribe, () => inputBoxHeight(c.input, maxInputLines));
  const hasRunning = transcript.running || transcript.live.some((i) => i.kind === 'call' && i.call.state === 'running');
  const now = useClock(hasRunning);
  const turnStarted = useRef(0);
  if (transcript.running && turnStarted.current === 0) turnStarted.current = Date.now();
  if (!transcript.running) turnStarted.current = 0;

  useEffect(() => {
    c.onExit = () => exit();
    // Clearing through ink's own stdout writer makes it draw the live region again right after.
    c.onRedraw = () => write('\x1b[2J\x1b[H');
    return () => {
      c.onExit = undefined;
      c.onRedraw = undefined;
    };
  }, [c, exit, write]);

  const runBinding = useCallback(
    (binding: KeyBinding) => {
      Promise.resolve()
        .then(() => binding.run())
        .catch((err: unknown) => c.transcript.notice(`key ${binding.keys} (${binding.source}) failed: ${err instanceof Error ? err.message : String(err)}`, 'error'));
    },
    [c],
  );

  // The app's own keys: Ctrl-C, then every binding in host.keys (the TUI's and Lua's).
  useInput((input: string, key: Key) => {
    if (c.input.getSnapshot().pasting) return;
    const notation = keyNotation(input, key);
    if (notation === '<C-c>') return c.interrupt();
    c.keyPressed();
    const binding = notation ? c.host.keys.get(notation) : undefined;
    if (binding) runBinding(binding);
  });
  const reserved = useCallback(
    (input: string, key: Key) => {
      const notation = keyNotation(input, key);
      return notation === '<C-c>' || (notation !== undefined && c.host.keys.get(notation) !== undefined);
    },
    [c],
  );
  const onUnhandled = useCallback(
    (_input: string, key: Key) => {
      if (key.escape) c.cancelTurn();
    },
    [c],
  );

  const width = Math.max(20, columns);
  const md = (text: string) => c.markdown.render(sanitizeText(text), width);
  const focus = confirm ? 'confirm' : pending ? 'dialog' : 'input';

  // Budget the live region: one row short of the terminal keeps ink off its clear-everything path.
  const queuedRows = Math.min(3, ctl.queued.length);
  const fixedRows = inputRows + 1 + (ctl.hint ? 1 : 0) + queuedRows + 1;
  let rest = Math.max(4, rows - 1 - fixedRows);
  const confirmRows = confirm ? rowsOf(confirm.message, width - 4) + 4 : 0;
  rest -= confirmRows;
  const dialogRows = pending && !confirm ? Math.min(dialogNaturalHeight(pending), Math.max(8, rest - 3)) : 0;
  rest -= dialogRows;

  const shown: TranscriptItem[] = [];
  let used = 0;
  let hidden = 0;
  for (const item of transcript.live) {
    const need = itemRows(item, width, md);
    if (used + need > Math.max(1, rest - 2) && shown.length > 0) {
      hidden++;
      continue;
    }
    shown.push(item);
    used += need;
  }
  rest -= used + (hidden ? 1 : 0);
  const tailText = transcript.tail ? md(transcript.tail) : '';
  const tail = tailText ? lastRows(tailText, Math.max(2, rest - 1), width) : undefined;
  const thinking = transcript.running && !tail && !pending && !transcript.live.some((i) => i.kind === 'call' && i.call.state === 'running');

  return (
    <>
      <Static items={transcript.committed as TranscriptItem[]}>
        {(item) => <TranscriptItemView key={item.key} item={item} width={width} markdown={c.markdown} />}
      </Static>
      <Box flexDirection="column" width={width}>
        {shown.map((item) => (
          <TranscriptItemView key={item.key} item={item} width={width} markdown={c.markdown} now={now} />
        ))}
        {hidden > 0 && <Text dimColor>… {hidden} more</Text>}
        {tail && (
          <Box flexDirection="column" marginTop={1}>
            {tail.hidden > 0 && <Text dimColor>… {tail.hidden} lines above</Text>}
            <Text>{tail.text}</Text>
          </Box>
        )}
        {thinking && (
          <Text dimColor>
            {'  '}working {formatDuration(now - (turnStarted.current || now))} · Esc cancels
          </Text>
        )}
        {confirm && <ConfirmPrompt queue={c.confirms} active={focus === 'confirm'} />}
        {pending && !confirm && <ApprovalDialog queue={c.approvals.queue} maxHeight={dialogRows} width={width} active={focus === 'dialog'} />}
        {ctl.queued.slice(0, 3).map((q, i) => (
          <Text key={i} dimColor wrap="truncate-end">
            {'  '}queued: {q.replace(/\s+/g, ' ')}
          </Text>
        ))}
        <Box marginTop={1}>
          <InputBox
            store={c.input}
            maxLines={maxInputLines}
            keys={focus === 'input'}
            inactive={focus !== 'input'}
            reserved={reserved}
            onUnhandled={onUnhandled}
            onSubmit={(text) => c.submit(text)}
            placeholder={c.session.modelName() ? 'Ask, or :help' : 'No model yet: :help, :lua, or see above'}
          />
        </Box>
        <StatusLine
          width={width}
          home={c.host.env.HOME}
          statusline={c.host.options.has('statusline') ? c.host.options.get<StatuslineFn | null>('statusline') : null}
          info={{
            model: ctl.session.modelName(),
            mode: c.approvals.mode(),
            auto: c.approvals.isAuto(),
            usage: transcript.usage,
            running: c.processes.running(),
            background: c.processes.background(),
            cwd: c.host.cwd,
            busy: transcript.running,
          }}
        />
        {ctl.hint && <Text color="yellow">{ctl.hint}</Text>}
      </Box>
    </>
  );
}
