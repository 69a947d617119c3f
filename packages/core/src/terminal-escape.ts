/**
 * Text that reaches the terminal from a file or a model must not be able to
 * drive the terminal: an escape sequence in a file could clear the screen and
 * draw a fake "Allow? [y]" dialog. Every control character (and the Unicode
 * controls that reorder or break lines) is written out as visible text.
 */

// What a terminal may act on beyond the C0 controls: DEL, C1 controls, bidi overrides/isolates/marks, line and
// paragraph separators (a character class's body, for the three expressions below).
const WIDE_CONTROLS = '\\x7f-\\x9f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u2028\\u2029';

// C0 controls except tab and newline, a carriage return not ending a line, and the wide controls.
const UNSAFE = new RegExp(`[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f${WIDE_CONTROLS}]|\\r(?!\\n)`, 'g');

function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  if (ch === '\r') return '\\r';
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The text with every control character and escape sequence made visible (`\x1b[2J` stays as those six characters). */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE, visible);
}

// What JSON.stringify leaves raw that a terminal may act on: the wide controls (it escapes the C0 ones).
const UNSAFE_IN_JSON = new RegExp(`[${WIDE_CONTROLS}]`, 'g');

/**
 * JSON text (from JSON.stringify, which already escapes C0 controls) safe to
 * print on a terminal and still the same JSON: the controls it leaves raw are
 * written as `\uXXXX` escapes, which only occur inside strings.
 */
export function escapeJsonForTerminal(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// What a screen of text drops (withoutControlCharacters): the C0 controls but tab and newline, and the wide controls.
const DROPPED = new RegExp(`[\\x00-\\x08\\x0b-\\x1f${WIDE_CONTROLS}]`, 'g');

/**
 * The text with every control character removed, tabs and newlines kept and
 * line and paragraph separators made newlines: for an interface that draws
 * text rather than showing its controls (escapeForTerminal writes them out).
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(/[\u2028\u2029]/g, '\n').replace(DROPPED, '');
}

// Every character a line of text should not hold: the C0 controls (tab and newline too) and the wide controls.
const CONTROL = new RegExp(`[\\x00-\\x1f${WIDE_CONTROLS}]`);

/**
 * Whether `text` holds a control character (a tab or a newline included), or one that reorders or breaks lines:
 * text that cannot stand as one line of output, such as a file's name (which may hold any byte but `/` and NUL).
 */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}
