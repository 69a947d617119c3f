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
import type { TypingGuard } from './typing-guard.js';

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
  /** Whether the person is still typing: the answer keys are held then (typing-guard.ts). */
  typing?: TypingGuard;
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
export function ApprovalDialog({ queue, typing, maxHeight = 20, width = 80, active = true }: ApprovalDialogProps) {
  const { current, waiting } = useQueue(queue);
  const keys = useRef<KeyHandler | undefined>(undefined);
  useInput((input, key) => keys.current?.(input, key));
  if (!current || !active) {
    keys.current = undefined;
    return null;
  }
  return <DialogFor key={current.call.id} queue={queue} typing={typing} pending={current} waiting={waiting} maxHeight={maxHeight} width={width} keys={keys} />;
}

interface DialogForProps {
  queue: ApprovalQueueView;
  typing: TypingGuard | undefined;
  pending: PendingApproval;
  waiting: number;
  maxHeight: number;
  width: number;
  /** Where this dialog puts its key handler, set as it renders (ApprovalDialog listens). */
  keys: { current: KeyHandler | undefined };
}

function DialogFor({ queue, typing, pending, waiting, maxHeight, width, keys }: DialogForProps) {
  const { call, preview } = pending;
  const [scroll, setScrollState] = useState(0);
  const [message, setMessageState] = useState<InputStore | undefined>(undefined);
  const [held, setHeld] = useState(false);
  // Keys can arrive faster than React re-subscribes the handler: it reads these refs, never a stale closure.
  const scrollRef = useRef(0);
  const messageRef = useRef<InputStore | undefined>(undefined);
  const lines = sanitizeText(preview.text).replace(/\n$/, '').split('\n');
  const view = Math.max(3, maxHeight - CHROME_ROWS - (call.reason ? 1 : 0) - (message ? 2 : 0));
  const maxScroll = Math.max(0, lines.length - view);
  const answer = (a: Answer) => queue.answer(call.id, a);
  const border = useHighlight('dialog_border');

  // Set as this dialog renders, so the keys reach it from its first frame.
  keys.current = dialogKeys({
    scroll: () => scrollRef.current,
    setScroll: (n) => setScrollState((scrollRef.current = Math.max(0, Math.min(maxScroll, n)))),
    writing: () => messageRef.current !== undefined,
    setMessage: (m) => setMessageState((messageRef.current = m)),
    page: Math.max(1, view - 1),
    maxScroll,
    answer,
    held: (input, key) => {
      if (!typing?.holds(input, key)) return false;
      setHeld(true);
      return true;
    },
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={border.color} borderDimColor={border.dimColor} paddingX={1}>
      <DialogTitle pending={pending} waiting={waiting} width={width} />
      {call.reason ? (
        <Text wrap="truncate-end" color="yellow">
          why: {oneLine(call.reason, width - 12)}
        </Text>
      ) : null}
      <Box flexDirection="column">
        {lines.slice(scroll, scroll + view).map((line, i) =>
          preview.kind === 'diff' ? <DiffLine key={scroll + i} line={line} /> : <Text key={scroll + i}>{line || ' '}</Text>,
        )}
      </Box>
      <ScrollLine first={scroll + 1} last={Math.min(lines.length, scroll + view)} total={lines.length} scrolls={maxScroll > 0} held={held} />
      {message ? (
        <Box flexDirection="column">
          <Text>Deny, telling the model why (Enter sends, Esc goes back):</Text>
          <InputBox store={message} maxLines={3} width={Math.max(10, width - 4)} keys onSubmit={(text) => answer({ kind: 'deny', message: text })} />
        </Box>
      ) : (
        <AnswerKeys tool={call.tool} />
      )}
    </Box>
  );
}

type Answer = Parameters<ApprovalQueueView['answer']>[1];

/** Under the preview: where it is scrolled to (when it scrolls), and that keys were held while the person typed (typing-guard.ts). */
function ScrollLine({ first, last, total, scrolls, held }: { first: number; last: number; total: number; scrolls: boolean; held: boolean }) {
  const heldNote = held ? 'you were typing: the keys wait for a pause before they answer' : '';
  const where = scrolls ? `lines ${first}–${last} of ${total} · ↑↓ PgUp PgDn scroll` : '';
  return <Text dimColor>{[where, heldNote].filter(Boolean).join(' · ') || ' '}</Text>;
}

interface DialogKeyState {
  scroll(): number;
  /** Scrolls to line n, kept within 0..maxScroll. */
  setScroll(n: number): void;
  /** Whether the deny message is being written (its input box has the keys then). */
  writing(): boolean;
  setMessage(m: InputStore | undefined): void;
  page: number;
  maxScroll: number;
  answer(a: Answer): void;
  /** Whether a key arriving now is the person still typing (held: it neither answers nor scrolls). */
  held(input: string, key: Key): boolean;
}

/** The dialog's keys: scrolling, y / A / n / Esc, and m to write a message; Esc while writing it goes back to the dialog's keys. */
function dialogKeys(d: DialogKeyState): KeyHandler {
  return (input, key) => {
    if (d.writing()) {
      if (key.escape) d.setMessage(undefined);
      return;
    }
    // Any character may be a person typing ahead: none answers (nor scrolls) until the keys pause.
    if (d.held(input, key)) return;
    const scroll = d.scroll();
    if (key.upArrow || input === 'k') return d.setScroll(scroll - 1);
    if (key.downArrow || input === 'j') return d.setScroll(scroll + 1);
    if (key.pageUp) return d.setScroll(scroll - d.page);
    if (key.pageDown || input === ' ') return d.setScroll(scroll + d.page);
    if (key.home) return d.setScroll(0);
    if (key.end) return d.setScroll(d.maxScroll);
    if (key.escape) return d.answer({ kind: 'deny' });
    if (key.ctrl || key.meta) return;
    if (input === 'y') return d.answer({ kind: 'allow' });
    if (input === 'A') return d.answer({ kind: 'always' });
    if (input === 'n') return d.answer({ kind: 'deny' });
    if (input === 'm') d.setMessage(new InputStore({ history: new PromptHistory(undefined) }));
  };
}

/** The tool, what it wants to do and to what (its title), the subagent asking, and how many more calls wait. */
function DialogTitle({ pending, waiting, width }: { pending: PendingApproval; waiting: number; width: number }) {
  const { call, preview } = pending;
  const titleStyle = useHighlight('dialog_title');
  // An escape in a file name is shown as text (\x1b[2J), never stripped: `inno\x1b[2Jcent.txt` must not read as innocent.txt.
  const agentWidth = call.agent ? call.agent.length + 12 : 0;
  const title = oneLine(escapeForTerminal(call.description.title), Math.max(10, width - call.tool.length - 30 - agentWidth));
  const what = preview.kind === 'diff' ? 'wants to change' : preview.kind === 'command' ? 'wants to run' : 'wants to run with';
  return (
    <Text wrap="truncate-end">
      {call.agent ? <Text color="magenta">subagent {call.agent} › </Text> : null}
      <Text {...titleStyle}>{call.tool}</Text>{' '}
      {what}: <Text bold>{title}</Text>
      <Text dimColor>{waiting > 1 ? `  · ${waiting - 1} more waiting` : ''}</Text>
    </Text>
  );
}

function AnswerKeys({ tool }: { tool: string }) {
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold color="green">y</Text> allow once · <Text bold color="green">A</Text> allow {tool} for the session
      </Text>
      <Text wrap="truncate-end">
        <Text bold color="red">n</Text> deny · <Text bold color="red">m</Text> deny with a message · <Text bold>Esc</Text> deny this call
      </Text>
    </Box>
  );
}

/** Rows the dialog would like for the current call (before clipping to the live region). */
export function dialogNaturalHeight(pending: PendingApproval | undefined): number {
  if (!pending) return 0;
  return pending.preview.text.replace(/\n$/, '').split('\n').length + CHROME_ROWS + (pending.call.reason ? 1 : 0);
}
