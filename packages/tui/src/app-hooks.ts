/** Small hooks of the app: terminal size, a clock, the dialog queue, and the app-wide keys. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApp, useInput, useStdin, useStdout, type Key } from 'ink';
import { characterToken, type KeyBinding, type KeyMode } from '@lug/core';
import type { PendingApproval } from './contracts.js';
import type { TuiController } from './controller.js';
import { keyNotation } from './key-notation.js';
import { KeySequencer } from './key-sequence.js';
import { isPasteMarker } from './input-store.js';
import { DEFAULT_TIMEOUTLEN } from './options.js';

export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 }));
  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', onResize);
    return () => void stdout.off('resize', onResize);
  }, [stdout]);
  return size;
}

/** How long the size must hold still before the screen is drawn again: a drag sends dozens of resizes. */
export const RESIZE_SETTLE_MS = 80;

/**
 * Clear the screen and draw the live region again once a resize has settled.
 * A terminal re-wraps (or cuts) the rows already drawn at the old width, so
 * ink, which erases as many rows as it drew, leaves fragments of the old
 * frame behind (of the dialog above all); the redraw comes after React has
 * drawn at the new size, so what is drawn again fits.
 */
export function useRedrawAfterResize(columns: number, rows: number, redraw: () => void): void {
  const first = useRef(true);
  const latest = useRef(redraw);
  latest.current = redraw;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => latest.current(), RESIZE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [columns, rows]);
}

/** A clock that ticks once a second while `active`, for elapsed times. */
export function useClock(active: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function useCurrentApproval(c: TuiController): PendingApproval | undefined {
  const queue = c.approvals.queue;
  const [, setVersion] = useState(0);
  useEffect(() => queue.onChange(() => setVersion((v) => v + 1)), [queue]);
  return queue.current();
}

/** The input's mode for key bindings, or undefined while vi is in the middle of a command ("2d"): its keys are vi's. */
export function bindingMode(c: TuiController): KeyMode | undefined {
  const vi = c.input.getSnapshot().vi;
  if (!vi) return 'i';
  if (vi.mode === 'insert') return 'i';
  return vi.pending ? undefined : 'n';
}

/** A chunk of typed characters (keys typed fast arrive as one), which a binding may start inside. */
const TYPED_RUN = /^[^\u0000-\u001f\u007f]{2,}$/u;

/**
 * The app's keys, the one handler of every key while the app runs: Ctrl-C
 * first (it cannot be rebound), then the bindings in host.keys, the TUI's and
 * Lua's alike, sequences included (key-sequence.ts), then the input. While a
 * dialog has the keys, only a binding of one non-text key (<C-t>) fires.
 * `hasKeys` says, as of the last frame drawn, whether the input has the keys:
 * a key that closes a dialog is the dialog's, not the input's too.
 */
export function useAppKeys(c: TuiController, hasKeys: boolean): void {
  const runBinding = useCallback(
    (binding: KeyBinding) => {
      Promise.resolve()
        .then(() => binding.run())
        .catch((err: unknown) => c.transcript.notice(`key ${binding.keys} (${binding.source}) failed: ${err instanceof Error ? err.message : String(err)}`, 'error'));
    },
    [c],
  );
  const inputHasKeys = useRef(hasKeys);
  inputHasKeys.current = hasKeys;
  const toInput = useCallback(
    (input: string, key: Key) => {
      const result = c.input.handleKey(input, key);
      if (result.kind === 'submit') c.typing.ended();
      else c.typing.typed();
      if (result.kind === 'submit') c.submit(result.text);
      else if (result.kind === 'unhandled' && key.escape) c.cancelTurn();
    },
    [c],
  );
  const sequencer = useKeySequencer(c, runBinding, toInput, inputHasKeys);
  useInput((input: string, key: Key) => {
    if (c.input.getSnapshot().pasting || isPasteMarker(input)) {
      if (inputHasKeys.current) toInput(input, key);
      return;
    }
    if (c.focus.isReport()) return;
    const token = keyNotation(input, key);
    if (token === '<C-c>') return c.interrupt();
    c.keyPressed();
    if (!inputHasKeys.current) {
      const binding = token && !isTypedText(token) ? c.host.keys.get(token, bindingMode(c) ?? 'n') : undefined;
      if (binding) runBinding(binding);
      return;
    }
    if (token) return sequencer.feed({ input, key, token });
    if (!TYPED_RUN.test(input) || key.ctrl || key.meta) {
      sequencer.feed({ input, key, token: '' });
      return;
    }
    feedTypedAhead(sequencer, input, key, toInput);
  });
}

/** The sequencer of host.keys' bindings (key-sequence.ts): what no binding takes goes to the input while it has the keys. */
function useKeySequencer(c: TuiController, runBinding: (binding: KeyBinding) => void, toInput: (input: string, key: Key) => void, inputHasKeys: { readonly current: boolean }): KeySequencer {
  const sequencer = useMemo(
    () =>
      new KeySequencer({
        keys: c.host.keys,
        mode: () => bindingMode(c),
        timeout: () => (c.host.options.has('timeoutlen') ? c.host.options.get<number>('timeoutlen') : DEFAULT_TIMEOUTLEN),
        run: runBinding,
        pass: (keys) => {
          if (inputHasKeys.current) for (const k of keys) toInput(k.input, k.key);
        },
      }),
    [c, runBinding, toInput, inputHasKeys],
  );
  useEffect(() => () => sequencer.dispose(), [sequencer]);
  return sequencer;
}

/** Typed ahead: one chunk, kept whole for the input unless a binding may start inside it. */
function feedTypedAhead(sequencer: KeySequencer, input: string, key: Key, toInput: (input: string, key: Key) => void): void {
  const chars = Array.from(input);
  if (!sequencer.pending && !chars.some((ch) => sequencer.mayStart(characterToken(ch)))) return toInput(input, key);
  let run = '';
  const flush = () => {
    if (run) sequencer.feed({ input: run, key, token: '' });
    run = '';
  };
  for (const ch of chars) {
    const t = characterToken(ch);
    if (!sequencer.pending && !sequencer.mayStart(t)) {
      run += ch;
      continue;
    }
    flush();
    sequencer.feed({ input: ch, key: { ...key, shift: /[A-Z]/.test(ch) }, token: t });
  }
  flush();
}

/** A token that types text when it is no binding. */
const isTypedText = (token: string) => !token.startsWith('<') || token === '<lt>' || token === '<Space>';

/**
 * What the controller asks of the terminal, set while the app is mounted:
 * quitting, redrawing, writing a control sequence (OSC 52, notifications),
 * handing the terminal to an editor; and the focus reports, noted before any
 * key handler sees them (which then skip them).
 */
export function useTerminalHandlers(c: TuiController): void {
  const { exit } = useApp();
  const { write } = useStdout();
  const { stdin, internal_eventEmitter: inputEvents } = useStdin();
  // Focus reports arrive as input: noted before any key handler sees them (which then skip them).
  useEffect(() => {
    const note = (raw: string) => void c.focus.note(raw);
    inputEvents.prependListener('input', note);
    return () => void inputEvents.off('input', note);
  }, [c, inputEvents]);
  useEffect(() => {
    c.onExit = () => exit();
    // Clearing through ink's own stdout writer makes it draw the live region again right after.
    c.onRedraw = () => write('\x1b[2J\x1b[H');
    c.onTerminalWrite = (data) => write(data);
    // The editor gets the terminal as a shell would give it (cooked mode); lug takes it back with its modes (raw, bracketed paste, no cursor).
    c.onHandOver = <T,>(fn: () => T): T => {
      const raw = stdin.isTTY === true;
      if (raw) stdin.setRawMode(false);
      try {
        return fn();
      } finally {
        if (raw) stdin.setRawMode(true);
        write('\x1b[?2004h\x1b[?1004h\x1b[?25l\x1b[2J\x1b[H');
      }
    };
    return () => {
      c.onExit = undefined;
      c.onRedraw = undefined;
      c.onHandOver = undefined;
      c.onTerminalWrite = undefined;
    };
  }, [c, exit, write, stdin]);
}
