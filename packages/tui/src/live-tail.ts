/**
 * The part of the streaming block that the live region renders. The block is
 * rendered again at every frame and only its last rows are shown, so a block
 * that never ends (an answer of one line of megabytes, thousands of lines
 * with no blank one) made every frame render all of it: 8 s a frame for a
 * line of 1 MB, most of it wrap-ansi's, and keys waited behind it.
 */

// A fenced block's opening line: kept when the cut drops it, so the code stays code.
const FENCE = /^ {0,3}(?:`{3,}|~{3,})/;

/** The end of `text` that can fill `rows` rows of `width` columns (four times over), from a line's start when one is near. */
export function visibleTail(text: string, rows: number, width: number): string {
  const keep = Math.max(4096, rows * Math.max(1, width) * 4);
  if (text.length <= keep) return text;
  let start = text.length - keep;
  const nl = text.indexOf('\n', start);
  if (nl !== -1 && nl < text.length - 1) start = nl + 1;
  else if (isLowSurrogate(text.charCodeAt(start))) start++;
  const firstEnd = text.indexOf('\n');
  const firstLine = firstEnd === -1 ? '' : text.slice(0, firstEnd);
  return FENCE.test(firstLine) && start > firstEnd ? `${firstLine}\n${text.slice(start)}` : text.slice(start);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
