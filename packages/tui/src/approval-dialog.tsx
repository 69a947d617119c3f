/**
 * The approval dialog: the oldest asking call, what it will do (a coloured
 * diff, a command and its directory, or the arguments), the rule's reason, and
 * the keys y / A / n / m / Esc. Long previews scroll inside the dialog so its
 * height never exceeds what the live region can give it.
 */
import React, { useEffect, useRef, useState } from 'react';
import { Box, Text, useInput, type Key } from 'ink';
import { escapeForTerminal } from '@lug/core';
import type { ApprovalQueueView, PendingApproval } from './contracts.js';
import { InputBox } from './input-box.js';
import { useHighlight } from './highlight-context.js';
import { InputStore } from './input-store.js';
import { PromptHistory } from './history.js';
import { oneLine, sanitizeText } from './text-layout.js';

/** Rows the dialog uses besides the preview: border, title, scroll hint, two key lines. */
const CHROME_ROWS = 6;

function useQueue(queue: ApprovalQueueView): { current: PendingApproval | undefined; waiting: number } {
  const [, setVersion] = useState(0);
  useEffect(() => queue.onChange(() => setVersion((v) => v + 1)), [queue]);
  return { current: queue.current(), waiting: queue.pending().length };
}

function DiffLine({ line }: { line: string }) {
  const add = useHighlight('diff_add');
  const remove = useHighlight('diff_remove');
  if (line.startsWith('+++') || line.startsWith('---')) return <Text bold>{line}</Text>;
  if (line.startsWith('+')) return <Text {...add}>{line}</Text>;
  if (line.startsWith('-')) return <Text {...remove}>{line}</Text>;
  if (line.startsWith('@@')) return <Text color="cyan">{line}</Text>;
  return <Text>{line || ' '}</Text>;
}

export interface ApprovalDialogProps {
  queue: ApprovalQueueView;
  /** Most rows the whole dialog may take. */
  maxHeight?: number;
  width?: number;
  /** False while something else (a confirm prompt) has the keys and the place: the call waits, not drawn. */
  active?: boolean;
}

type KeyHandler = (input: string, key: Key) => void;

/**
 * Mounted with the interface, whether a call asks or not: its keys are
 * listened to from the start and handed to the dialog of the moment. A dialog
 * that listened itself (ink's useInput) would start listening in an effect,
 * after its first frame is out, and a key pressed at once at what just
 * appeared was lost (app.test.tsx: "the moment an approval dialog appears").
 */
export function ApprovalDialog({ queue, maxHeight = 20, width = 80, active = true }: ApprovalDialogProps) {
  const { current, waiting } = useQueue(queue);
  const keys = useRef<KeyHandler | undefined>(undefined);
  useInput((input, key) => keys.current?.(input, key));
  if (!current || !active) {
    keys.current = undefined;
    return null;
  }
  return <DialogFor key={current.call.id} queue={queue} pending={current} waiting={waiting} maxHeight={maxHeight} width={width} keys={keys} />;
}

interface DialogForProps {
  queue: ApprovalQueueView;
  pending: PendingApproval;
  waiting: number;
  maxHeight: number;
  width: number;
  /** Where this dialog puts its key handler, set as it renders (ApprovalDialog listens). */
  keys: { current: KeyHandler | undefined };
}

function DialogFor({ queue, pending, waiting, maxHeight, width, keys }: DialogForProps) {
  const { call, preview } = pending;
  const [scroll, setScrollState] = useState(0);
  const [message, setMessageState] = useState<InputStore | undefined>(undefined);
  // Keys can arrive faster than React re-subscribes the handler: it reads these refs, never a stale closure.
  const scrollRef = useRef(0);
  const messageRef = useRef<InputStore | undefined>(undefined);
  const setScroll = (n: number) => setScrollState((scrollRef.current = n));
  const setMessage = (m: InputStore | undefined) => setMessageState((messageRef.current = m));
  const lines = sanitizeText(preview.text).replace(/\n$/, '').split('\n');
  const reasonRows = call.reason ? 1 : 0;
  const view = Math.max(3, maxHeight - CHROME_ROWS - reasonRows - (message ? 2 : 0));
  const maxScroll = Math.max(0, lines.length - view);
  const answer = (a: Parameters<ApprovalQueueView['answer']>[1]) => queue.answer(call.id, a);

  // Set as this dialog renders, so the keys reach it from its first frame; Esc while writing the message goes back to the dialog's keys.
  keys.current = (input: string, key: Key) => {
    if (messageRef.current) {
      if (key.escape) setMessage(undefined);
      return;
    }
    const page = Math.max(1, view - 1);
    const scroll = scrollRef.current;
    const scrollTo = (n: number) => setScroll(Math.max(0, Math.min(maxScroll, n)));
    if (key.upArrow || input === 'k') return scrollTo(scroll - 1);
    if (key.downArrow || input === 'j') return scrollTo(scroll + 1);
    if (key.pageUp) return scrollTo(scroll - page);
    if (key.pageDown || input === ' ') return scrollTo(scroll + page);
    if (key.home) return scrollTo(0);
    if (key.end) return scrollTo(maxScroll);
    if (key.escape) return answer({ kind: 'deny' });
    if (key.ctrl || key.meta) return;
    if (input === 'y') return answer({ kind: 'allow' });
    if (input === 'A') return answer({ kind: 'always' });
    if (input === 'n') return answer({ kind: 'deny' });
    if (input === 'm') setMessage(new InputStore({ history: new PromptHistory(undefined) }));
  };

  // An escape in a file name is shown as text (\x1b[2J), never stripped: `inno\x1b[2Jcent.txt` must not read as innocent.txt.
  const agentWidth = call.agent ? call.agent.length + 12 : 0;
  const title = `${call.tool} ${oneLine(escapeForTerminal(call.description.title), Math.max(10, width - call.tool.length - 30 - agentWidth))}`;
  const what = preview.kind === 'diff' ? 'wants to change' : preview.kind === 'command' ? 'wants to run' : 'wants to run with';
  const shown = lines.slice(scroll, scroll + view);
  const more = waiting > 1 ? `  · ${waiting - 1} more waiting` : '';
  const border = useHighlight('dialog_border');
  const titleStyle = useHighlight('dialog_title');

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={border.color} borderDimColor={border.dimColor} paddingX={1}>
      <Text wrap="truncate-end">
        {call.agent ? <Text color="magenta">subagent {call.agent} › </Text> : null}
        <Text {...titleStyle}>{call.tool}</Text>{' '}
        {what}: <Text bold>{title.slice(call.tool.length + 1)}</Text>
        <Text dimColor>{more}</Text>
      </Text>
      {call.reason ? (
        <Text wrap="truncate-end" color="yellow">
          why: {oneLine(call.reason, width - 12)}
        </Text>
      ) : null}
      <Box flexDirection="column">
        {shown.map((line, i) =>
          preview.kind === 'diff' ? <DiffLine key={scroll + i} line={line} /> : <Text key={scroll + i}>{line || ' '}</Text>,
        )}
      </Box>
      {maxScroll > 0 ? (
        <Text dimColor>
          lines {scroll + 1}–{Math.min(lines.length, scroll + view)} of {lines.length} · ↑↓ PgUp PgDn scroll
        </Text>
      ) : (
        <Text> </Text>
      )}
      {message ? (
        <Box flexDirection="column">
          <Text>Deny, telling the model why (Enter sends, Esc goes back):</Text>
          <InputBox store={message} maxLines={3} width={Math.max(10, width - 4)} keys onSubmit={(text) => answer({ kind: 'deny', message: text })} />
        </Box>
      ) : (
        <Box flexDirection="column">
          <Text wrap="truncate-end">
            <Text bold color="green">y</Text> allow once · <Text bold color="green">A</Text> allow {call.tool} for the session
          </Text>
          <Text wrap="truncate-end">
            <Text bold color="red">n</Text> deny · <Text bold color="red">m</Text> deny with a message · <Text bold>Esc</Text> deny this call
          </Text>
        </Box>
      )}
    </Box>
  );
}

/** Rows the dialog would like for the current call (before clipping to the live region). */
export function dialogNaturalHeight(pending: PendingApproval | undefined): number {
  if (!pending) return 0;
  return pending.preview.text.replace(/\n$/, '').split('\n').length + CHROME_ROWS + (pending.call.reason ? 1 : 0);
}
