/**
 * One pass over a file, in chunks: it decodes strictly (a binary or non-UTF-8
 * file fails), counts every line and how each one ends, and keeps only the
 * lines the caller asked for, each cut to a number of characters. Memory stays
 * small whatever the file's size or the length of its lines.
 */
import { cutLine, explainFileSystemError, openRegularFile, StrictUtf8Decoder, type LineEndingCount } from '@lug/tools';

export interface ScanRequest {
  /** First line to keep, 1-based. */
  from: number;
  /** How many lines to keep at most. */
  count: number;
  /** Characters of one line kept; the rest is replaced by a mark. */
  maxChars: number;
  /** Stop keeping lines once the kept ones hold this many bytes (the output cannot show more). */
  keepBytes: number;
  signal?: AbortSignal;
  /** The file's text as the editor has it (`ToolContext.files`): scanned instead of reading the file. */
  text?: string;
}

export interface ScanResult {
  /** Lines in the file (a last line without a newline counts). */
  totalLines: number;
  /** The kept lines, from `from` on, without their line break and CR, cut to maxChars. */
  lines: string[];
  endings: LineEndingCount;
}

// Small chunks keep memory flat: 1 MiB chunks let ~100 MiB of garbage pile up on a 200 MB file, 64 KiB under 10.
const CHUNK_BYTES = 64 * 1024;

/** Code points in a string (what the page calls characters). */
function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const prev = text.charCodeAt(i - 1);
      if (prev >= 0xd800 && prev <= 0xdbff) n--;
    }
  }
  return n;
}

/** Same mark as cutLine, for a line of which only a prefix was held. */
function cutHeldLine(prefix: string, overflowChars: number, maxChars: number): string {
  if (overflowChars === 0) return cutLine(prefix, maxChars);
  const chars = Array.from(prefix);
  return `${chars.slice(0, maxChars).join('')}… [line cut: ${chars.length - maxChars + overflowChars} more characters]`;
}

/** The line being read: a bounded prefix when it is kept, only its last character otherwise. */
class PendingLine {
  prefix = '';
  overflowChars = 0;
  lastWasCR = false;
  open = false;

  constructor(private readonly holdUnits: number) {}

  append(segment: string, keep: boolean): void {
    if (segment.length === 0) return;
    this.open = true;
    this.lastWasCR = segment.charCodeAt(segment.length - 1) === 13;
    if (!keep) return;
    if (this.overflowChars > 0) {
      this.overflowChars += codePoints(segment);
      return;
    }
    const room = this.holdUnits - this.prefix.length;
    if (room >= segment.length) {
      this.prefix += segment;
      return;
    }
    let take = Math.max(0, room);
    // Never split a surrogate pair between the prefix and the overflow.
    if (take > 0 && take < segment.length) {
      const last = segment.charCodeAt(take - 1);
      if (last >= 0xd800 && last <= 0xdbff) take--;
    }
    this.prefix += segment.slice(0, take);
    this.overflowChars += codePoints(segment.slice(take));
  }

  /** The finished line's text without a CR before the newline (when `crlf`). */
  finish(crlf: boolean, maxChars: number): string {
    let prefix = this.prefix;
    let overflow = this.overflowChars;
    if (crlf) {
      if (overflow > 0) overflow--;
      else prefix = prefix.slice(0, -1);
    }
    return cutHeldLine(prefix, overflow, maxChars);
  }

  reset(): void {
    this.prefix = '';
    this.overflowChars = 0;
    this.lastWasCR = false;
    this.open = false;
  }
}

export async function scanLines(absPath: string, shownPath: string, request: ScanRequest): Promise<ScanResult> {
  const decoder = new StrictUtf8Decoder(shownPath);
  const lastWanted = request.from + request.count - 1;
  const lines: string[] = [];
  const endings: LineEndingCount = { crlf: 0, lf: 0 };
  // Enough UTF-16 units to hold maxChars characters and see that there are more.
  const pending = new PendingLine(request.maxChars * 2 + 2);
  let keptBytes = 0;
  let lineNo = 1;
  const keeping = () => lineNo >= request.from && lineNo <= lastWanted && keptBytes <= request.keepBytes;

  const consume = (text: string) => {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const keep = keeping();
      pending.append(text.slice(start, nl), keep);
      const crlf = pending.lastWasCR;
      if (crlf) endings.crlf++;
      else endings.lf++;
      if (keep) {
        const line = pending.finish(crlf, request.maxChars);
        lines.push(line);
        keptBytes += Buffer.byteLength(line) + 8;
      }
      pending.reset();
      lineNo++;
      start = nl + 1;
    }
    pending.append(text.slice(start), keeping());
  };

  if (request.text !== undefined) {
    consume(request.text.startsWith('\ufeff') ? request.text.slice(1) : request.text);
    return finish();
  }
  // Through a handle checked to be a regular file (the path may have become a pipe since read's stat) and to be the
  // file its call was approved on (a directory swapped for a symlink since the check is refused).
  const { handle } = await openRegularFile(absPath, shownPath, { approved: true });
  const stream = handle.createReadStream({ highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) {
      request.signal?.throwIfAborted();
      consume(decoder.push(chunk as Buffer));
    }
    consume(decoder.end());
  } catch (err) {
    throw await explainFileSystemError(err, absPath, shownPath);
  } finally {
    stream.destroy();
  }
  return finish();

  function finish(): ScanResult {
    // A last line without a newline is still a line; its CR (if any) is kept, as it ends no line.
    if (pending.open) {
      if (keeping()) lines.push(pending.finish(false, request.maxChars));
      lineNo++;
    }
    return { totalLines: lineNo - 1, lines, endings };
  }
}
