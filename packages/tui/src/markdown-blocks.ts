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

/**
 * The splitter's state, line by line, so a stream can feed it each line once
 * (MarkdownStream) instead of re-splitting the whole unfinished block on every
 * piece. Offsets are into the text the lines come from.
 */
export class BlockScanner {
  fence: string | undefined;
  /** Start of the unfinished block, -1 before its first line. */
  blockStart = -1;
  /** End of its last non-blank (or fenced) line. */
  blockEnd = 0;
  blankSeen = false;

  /** Whether `line` (complete, or only its start) finishes the block before it. */
  closesBlock(line: string): boolean {
    return !this.fence && this.blockStart >= 0 && this.blankSeen && line.trim() !== '' && !continuesBlock(line);
  }

  /** Takes in one line; returns the [start, end) of the block it finished, if any. */
  step(line: string, lineStart: number, lineEnd: number): [number, number] | undefined {
    let finished: [number, number] | undefined;
    if (this.fence) {
      const m = FENCE.exec(line);
      if (m && m[1]![0] === this.fence[0] && m[1]!.length >= this.fence.length && line.trim() === m[1]) this.fence = undefined;
      this.blockEnd = lineEnd;
    } else if (line.trim() === '') {
      if (this.blockStart >= 0) this.blankSeen = true;
    } else {
      if (this.blockStart < 0) this.blockStart = lineStart;
      else if (this.blankSeen && !continuesBlock(line)) {
        finished = [this.blockStart, this.blockEnd];
        this.blockStart = lineStart;
      }
      this.blankSeen = false;
      const m = FENCE.exec(line);
      if (m) this.fence = m[1];
      this.blockEnd = lineEnd;
    }
    return finished;
  }

  /** Moves the offsets after the text before `offset` was dropped. */
  rebase(offset: number): void {
    if (this.blockStart >= 0) this.blockStart -= offset;
    this.blockEnd -= offset;
  }
}

export function splitMarkdown(text: string): SplitMarkdown {
  const blocks: string[] = [];
  const scanner = new BlockScanner();
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    const finished = scanner.step(text.slice(lineStart, lineEnd), lineStart, lineEnd);
    if (finished) blocks.push(text.slice(finished[0], finished[1]));
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return { blocks, tail: scanner.blockStart >= 0 ? text.slice(scanner.blockStart) : '' };
}
