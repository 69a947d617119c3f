/**
 * Reads ripgrep's `--null --line-number --with-filename` output as it
 * streams in: each match is `path NUL line ':' text '\n'`. The NUL makes a
 * path with a colon unambiguous; a line without one is one of ripgrep's
 * notices ("binary file matches …"), which the page's "skips binary files"
 * leaves out.
 */
export interface Match {
  path: string;
  line: number;
  text: string;
  /** Characters of `text` dropped by the reader itself (a line longer than it holds). */
  droppedChars: number;
}

/** A match line longer than this (a minified file) is kept only in part. */
const MAX_HELD_CHARS = 1 << 20;

export class MatchReader {
  private partial = '';
  private dropped = 0;

  constructor(private readonly onMatch: (m: Match) => void) {}

  push(text: string): void {
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      if (nl === -1) break;
      this.finishLine(text.slice(start, nl));
      start = nl + 1;
    }
    if (start < text.length) this.hold(text.slice(start));
  }

  end(): void {
    if (this.partial || this.dropped) this.finishLine('');
  }

  private hold(piece: string): void {
    const room = MAX_HELD_CHARS - this.partial.length;
    if (piece.length <= room) this.partial += piece;
    else {
      this.partial += piece.slice(0, Math.max(0, room));
      this.dropped += piece.length - Math.max(0, room);
    }
  }

  private finishLine(tail: string): void {
    let line: string;
    let dropped = this.dropped;
    if (this.partial || dropped) {
      this.hold(tail);
      line = this.partial;
      dropped = this.dropped;
      this.partial = '';
      this.dropped = 0;
    } else line = tail;
    const nul = line.indexOf('\0');
    if (nul === -1) return;
    const colon = line.indexOf(':', nul + 1);
    if (colon === -1) return;
    const lineNo = Number(line.slice(nul + 1, colon));
    if (!Number.isInteger(lineNo)) return;
    let text = line.slice(colon + 1);
    if (text.endsWith('\r')) text = text.slice(0, -1); // a CRLF file's line, shown without its CR
    this.onMatch({ path: line.slice(0, nul), line: lineNo, text, droppedChars: dropped });
  }
}
