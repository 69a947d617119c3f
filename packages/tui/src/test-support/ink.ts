/** Helpers for ink-testing-library tests: wait for ink to settle, and key sequences as a terminal sends them. */

/** Let ink parse input (a lone Esc waits a macrotask) and React commit. */
export async function settle(times = 2): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

export const KEY = {
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  shiftTab: '\x1b[Z',
  up: '\x1b[A',
  down: '\x1b[B',
  left: '\x1b[D',
  right: '\x1b[C',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  home: '\x1b[H',
  end: '\x1b[F',
  backspace: '\x7f',
  ctrl: (letter: string) => String.fromCharCode(letter.toLowerCase().charCodeAt(0) - 96),
  /** Shift-Enter as a terminal with the kitty keyboard protocol sends it. */
  shiftEnter: '\x1b[13;2u',
  /** Alt-Enter (and Shift-Enter in terminals mapped to send ESC CR). */
  metaEnter: '\x1b\r',
  paste: (text: string) => `\x1b[200~${text}\x1b[201~`,
};

/** Strip ANSI styling from a frame for plain-text assertions. */
export function plain(frame: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (frame ?? '').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\x1b\]8;[^\x07\x1b]*(\x07|\x1b\\)/g, '');
}
