/**
 * Telling someone who looked away: when a turn ends or a dialog opens while
 * the terminal is not focused, lug writes a desktop notification (OSC 9 or
 * OSC 777) or rings the bell, per `lug.opt.notify`. Focus comes from the
 * terminal's focus reports (`CSI ?1004h` turns them on: `CSI I` when the
 * window gains focus, `CSI O` when it loses it); a terminal that sends none
 * counts as focused, so it is never notified.
 */
import { enumOption, type Env } from '@lug/core';

export type NotifyStyle = 'auto' | 'osc9' | 'osc777' | 'bell' | 'off';

export const NOTIFY_OPTION = enumOption<NotifyStyle>(
  'notify',
  ['auto', 'osc9', 'osc777', 'bell', 'off'],
  'auto',
  'How the interface calls you back when a turn ends or a dialog opens while its terminal is not focused (focus reporting): "osc9" (a desktop notification: iTerm2, WezTerm, Ghostty, kitty, Windows Terminal), "osc777" (foot, urxvt, Ghostty, WezTerm), "bell", "off", or "auto" (osc9 or osc777 where the terminal is known to show it, else the bell).',
);

export const FOCUS_REPORTS_ON = '\x1b[?1004h';
export const FOCUS_REPORTS_OFF = '\x1b[?1004l';
export const FOCUS_IN = '\x1b[I';
export const FOCUS_OUT = '\x1b[O';

/** The style "auto" stands for in this terminal. */
export function autoStyle(env: Env): Exclude<NotifyStyle, 'auto'> {
  const program = env.TERM_PROGRAM ?? '';
  if (['iTerm.app', 'WezTerm', 'ghostty'].includes(program) || env.WT_SESSION || env.KITTY_WINDOW_ID) return 'osc9';
  if (/^(foot|rxvt)/.test(env.TERM ?? '')) return 'osc777';
  return 'bell';
}

/** Text safe inside an OSC string: no control characters (they would end it or do something else). */
function oscText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x1f\x7f-\x9f;]/g, ' ').slice(0, 200);
}

/** The bytes that notify in `style`; '' for "off". */
export function notificationSequence(style: Exclude<NotifyStyle, 'auto'>, title: string, body: string): string {
  switch (style) {
    case 'osc9':
      return `\x1b]9;${oscText(`${title}: ${body}`)}\x07`;
    case 'osc777':
      return `\x1b]777;notify;${oscText(title)};${oscText(body)}\x07`;
    case 'bell':
      return '\x07';
    case 'off':
      return '';
  }
}

/** Whether the terminal has the focus, from its reports. */
export class FocusTracker {
  focused = true;
  /** The last input was a focus report, not a key: the key handlers skip it. */
  private report = false;

  /** Every raw input, before the key handlers: true when it was a focus report. */
  note(raw: string): boolean {
    this.report = raw === FOCUS_IN || raw === FOCUS_OUT;
    if (raw === FOCUS_IN) this.focused = true;
    if (raw === FOCUS_OUT) this.focused = false;
    return this.report;
  }

  /** The input being handled now is a focus report. */
  isReport(): boolean {
    return this.report;
  }
}
