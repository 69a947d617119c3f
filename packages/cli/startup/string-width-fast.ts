/**
 * A narrow fast path in front of `string-width` for the bundled binary.
 *
 * string-width measures anything beyond printable ASCII by grapheme clusters:
 * its module builds an `Intl.Segmenter` and `\p{RGI_Emoji}` regular
 * expressions when it loads, and its first non-ASCII string costs more still
 * (22-40 ms of lug's first frame, for the status line's `·`, `↑`, `›`, `…`).
 * Strings made only of characters that are one column wide whatever the
 * cluster rules say are answered here by their length; everything else goes
 * to the real string-width, loaded on first need. The cli's unit test checks
 * this against the real one over every character of the fast set and the
 * tricky cases around it.
 */

export type StringWidth = (input: string, options?: StringWidthOptions) => number;

export interface StringWidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

/**
 * Printable ASCII; Latin-1 without the soft hyphen (U+00AD, default-ignorable);
 * General Punctuation without the zero-width and format characters
 * (U+200B-U+200F, U+2028-U+202F, U+2060-U+206F); arrows U+2190-U+21FF; box
 * drawing U+2500-U+257F. Left out everywhere: the characters that are emoji
 * without a variation selector (Extended_Pictographic: © ® ‼ ⁉ ↔-↙ ↩ ↪), which
 * string-width 7 counts as two columns. None of the rest joins a neighbour into
 * one cluster or is East Asian wide; the ambiguous ones (`·`, `…`, `→`, `─`)
 * are narrow under string-width's default `ambiguousIsNarrow: true`.
 */
const SINGLE_COLUMN =
  /^[\u0020-\u007E\u00A0-\u00A8\u00AA-\u00AC\u00AF-\u00FF\u2010-\u2027\u2030-\u203B\u203D-\u2048\u204A-\u205F\u2190-\u2193\u219A-\u21A8\u21AB-\u21FF\u2500-\u257F]*$/;

/** True when every character of `s` is one column wide in any cluster it could form. */
export function isCertainlySingleColumn(s: string): boolean {
  return SINGLE_COLUMN.test(s);
}

/**
 * string-width with the fast path: `loadReal` is called (once) only when a
 * string needs the real rules; `stripAnsi` is the strip-ansi string-width uses.
 */
export function withSingleColumnFastPath(loadReal: () => StringWidth, stripAnsi: (s: string) => string): StringWidth {
  let real: StringWidth | undefined;
  return function stringWidth(input, options) {
    if (typeof input === 'string' && !options?.countAnsiEscapeCodes && options?.ambiguousIsNarrow !== false) {
      const plain = input.includes('\u001B') || input.includes('\u009B') ? stripAnsi(input) : input;
      if (isCertainlySingleColumn(plain)) return plain.length;
    }
    real ??= loadReal();
    return real(input, options);
  };
}
