/**
 * Splits streaming Markdown into blocks that are finished and the tail still
 * being written. Finished blocks are rendered once and written to the
 * scrollback; only the tail is re-rendered while text streams in, so the cost
 * of a frame stays flat however long the answer grows.
 *
 * A block is finished once a blank line outside any code fence is followed by
 * the start of the next block; waiting for that next line (rather than closing
 * on the blank line) keeps an indented continuation with its list item.
 */

export interface SplitMarkdown {
  /** Finished blocks, without the blank lines between them. */
  blocks: string[];
  /** Text from the start of the unfinished block (may be empty). */
  tail: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Lines that belong to the block above even after a blank line: list item bodies, indented code. */
function continuesBlock(line: string): boolean {
  return /^( {2,}|\t)\S/.test(line);
}

export function splitMarkdown(text: string): SplitMarkdown {
  const blocks: string[] = [];
  let fence: string | undefined;
  let blockStart = -1;
  let blockEnd = 0;
  let blankSeen = false;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd);
    if (fence) {
      const m = FENCE.exec(line);
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim() === m[1]) fence = undefined;
      blockEnd = lineEnd;
    } else if (line.trim() === '') {
      if (blockStart >= 0) blankSeen = true;
    } else {
      if (blockStart < 0) blockStart = lineStart;
      else if (blankSeen && !continuesBlock(line)) {
        blocks.push(text.slice(blockStart, blockEnd));
        blockStart = lineStart;
      }
      blankSeen = false;
      const m = FENCE.exec(line);
      if (m) fence = m[1];
      blockEnd = lineEnd;
    }
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return { blocks, tail: blockStart >= 0 ? text.slice(blockStart) : '' };
}
