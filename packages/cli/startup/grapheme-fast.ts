/**
 * A fast path in front of `Intl.Segmenter` for @alcalzone/ansi-tokenize,
 * which ink runs every line of every frame through. The tokenizer builds a
 * grapheme segmenter when it loads, ~9 ms of the way to the first screen
 * (ICU's break rules). In a string whose every code point is certainly a
 * grapheme of its own, the segments are its code points, listed here; any
 * other string goes to a real segmenter, built on first need. The cli's unit
 * test checks this against Intl.Segmenter over every character of the set.
 */

export interface GraphemeSegment {
  segment: string;
  index: number;
  input: string;
}

/**
 * Characters that never join a neighbour into one grapheme (UAX #29): C0
 * controls but CR (CR LF is one grapheme), ASCII, Latin-1 and the Latin,
 * IPA and spacing-modifier blocks up to U+02FF (the combining marks start at
 * U+0300); General Punctuation without the zero-width joiners, format and
 * separator characters (U+200B-U+200F, U+2028-U+202F, U+2060-U+206F);
 * super- and subscripts and currency signs (U+2070-U+20CF, the combining marks
 * for symbols after it left out); and U+2100-U+2BFF: letterlike symbols,
 * arrows, mathematical and technical symbols, box drawing, blocks, geometric
 * shapes, symbols, dingbats and Braille. Left out: joiners, combining marks,
 * variation selectors, regional indicators, Hangul jamo, emoji modifiers.
 */
const OWN_GRAPHEMES = /^[\u0000-\u000C\u000E-\u02FF\u2010-\u2027\u2030-\u205F\u2070-\u20CF\u2100-\u2BFF]*$/;

/** True when every code point of `s` is a grapheme of its own. */
export function isOneGraphemePerCodePoint(s: string): boolean {
  return OWN_GRAPHEMES.test(s);
}

/**
 * The grapheme segments of `input`, as `Intl.Segmenter#segment` gives them
 * (iterated, not searched); `segmenter` is called only for a string that
 * needs the real rules.
 */
export function segmentGraphemes(input: string, segmenter: () => Intl.Segmenter): Iterable<GraphemeSegment> {
  if (!isOneGraphemePerCodePoint(input)) return segmenter().segment(input);
  // The set is all in the Basic Multilingual Plane: one code unit each.
  const segments: GraphemeSegment[] = new Array(input.length);
  for (let index = 0; index < input.length; index++) segments[index] = { segment: input[index]!, index, input };
  return segments;
}
