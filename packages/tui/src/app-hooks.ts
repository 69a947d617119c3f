/** Small hooks of the app: terminal size, a clock, the dialog queue, and the app-wide keys. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApp, useInput, useStdin, useStdout, type Key } from 'ink';
import type { KeyBinding } from '@lug/core';
import type { PendingApproval } from './contracts.js';
import type { TuiController } from './controller.js';
import { keyNotation } from './key-notation.js';

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

/**
 * The app's own keys: Ctrl-C first (it cannot be rebound), then every binding
 * in host.keys, the TUI's and Lua's alike. Returns what the input needs: which
 * keys to leave alone, and what to do with a key it did not use (Esc cancels).
 */
export function useAppKeys(c: TuiController) {
  const runBinding = useCallback(
    (binding: KeyBinding) => {
      Promise.resolve()
        .then(() => binding.run())
        .catch((err: unknown) => c.transcript.notice(`key ${binding.keys} (${binding.source}) failed: ${err instanceof Error ? err.message : String(err)}`, 'error'));
    },
    [c],
  );
  useInput((input: string, key: Key) => {
    if (c.input.getSnapshot().pasting || c.focus.isReport()) return;
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
  return { reserved, onUnhandled };
}

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
