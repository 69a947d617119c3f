/**
 * Reads ripgrep's `--null --line-number --with-filename` output as it
 * streams in: each match is `path NUL line ':' text '\n'`. The NUL makes a
 * path with a colon unambiguous. A line without one is one of ripgrep's
 * notices ("binary file matches …"), which the page's "skips binary files"
 * leaves out, or the start of a path that holds a newline (a file's name may):
 * such lines are kept until the next match, whose path is the longest run of
 * them before it that names a file (`isPath`), or, failing that, all of them
 * but the notices at their start; so a file named `evil⏎README.md` is never
 * read as a match in README.md.
 */
export interface Match {
  path: string;
  line: number;
  text: string;
  /** Characters of `text` dropped by the reader itself (a line longer than it holds). */
  droppedChars: number;
  /**
   * The other paths the printed lines may name, when lines without a NUL came before this match (a path that holds
   * a newline, or a notice): `last` alone and each longer run of them. A name can be made to look like a notice
   * and another file's path, so whoever judges the file judges each of these too, and refuses it if any is refused.
   */
  alternatives?: string[];
}

/** A match line longer than this (a minified file) is kept only in part. */
const MAX_HELD_CHARS = 1 << 20;

/**
 * The characters of the lines without a NUL kept before a match, at the most: twice the longest path Linux opens
 * (4,096 bytes), so every line of any path a match can have is kept, whatever its number of newlines; older lines
 * past it belong to no path (ripgrep prints a notice at most once a file).
 */
const MAX_PENDING_CHARS = 8192;

/** ripgrep's notice about a binary file, printed after that file's matches (or alone, for a file named on its command line). */
const NOTICE = /: (?:binary file matches|WARNING: stopped searching binary file after match) \(found "\\0" byte around offset \d+\)$/;

export class MatchReader {
  private partial = '';
  private dropped = 0;
  /** The lines without a NUL since the last match: notices, or the first lines of the next match's path. */
  private pending: string[] = [];
  private pendingChars = 0;

  /**
   * `isPath` says whether a path as ripgrep printed it names a file; without
   * it, the lines kept before a match join its path all but the notices.
   */
  constructor(
    private readonly onMatch: (m: Match) => void,
    private readonly isPath?: (printed: string) => boolean,
  ) {}

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
    if (nul === -1) {
      this.pending.push(line);
      this.pendingChars += line.length + 1;
      while (this.pendingChars > MAX_PENDING_CHARS && this.pending.length > 1) this.pendingChars -= this.pending.shift()!.length + 1;
      return;
    }
    const { path, alternatives } = this.pathEndingIn(line.slice(0, nul));
    const colon = line.indexOf(':', nul + 1);
    if (colon === -1) return;
    const lineNo = Number(line.slice(nul + 1, colon));
    if (!Number.isInteger(lineNo)) return;
    let text = line.slice(colon + 1);
    if (text.endsWith('\r')) text = text.slice(0, -1); // a CRLF file's line, shown without its CR
    this.onMatch(alternatives ? { path, line: lineNo, text, droppedChars: dropped, alternatives } : { path, line: lineNo, text, droppedChars: dropped });
  }

  /**
   * The path whose last line is `last`, with the lines kept before it: as
   * many as make a file's path (the longest first), else all but those
   * shaped like ripgrep's notices at their start. A line that is not a
   * notice is always part of the path, so a name cannot pass for another's
   * even when its file is gone by the time it is looked at.
   */
  private pathEndingIn(last: string): { path: string; alternatives?: string[] } {
    const pending = this.pending;
    if (pending.length === 0) return { path: last };
    this.pending = [];
    this.pendingChars = 0;
    let notices = 0;
    while (notices < pending.length && NOTICE.test(pending[notices]!)) notices++;
    const joined = (from: number) => [...pending.slice(from), last].join('\n');
    const alternatives: string[] = [];
    for (let from = 0; from <= pending.length; from++) alternatives.push(joined(from));
    if (this.isPath) for (let from = 0; from < notices; from++) if (this.isPath(joined(from))) return { path: joined(from), alternatives };
    return { path: joined(notices), alternatives };
  }
}
