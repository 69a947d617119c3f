/**
 * Output that keeps its start, one whole line at a time, within a byte
 * budget that includes the closing line saying what was cut (grep and ls).
 * Lines are pushed as they come, so a producer can stop as soon as
 * `push` says the budget is spent instead of reading on.
 */
export class LineBudget {
  private readonly lines: string[] = [];
  /** Bytes of the kept lines joined by '\n'. */
  private bytes = 0;
  /** Lines that were pushed but will not be shown. */
  private dropped = 0;
  private full = false;

  constructor(readonly maxBytes: number) {}

  /** Add a line; false once the budget is spent (this line and any later ones are not shown). */
  push(line: string): boolean {
    if (this.full) {
      this.dropped++;
      return false;
    }
    const size = Buffer.byteLength(line, 'utf8') + (this.lines.length > 0 ? 1 : 0);
    if (this.bytes + size > this.maxBytes) {
      this.full = true;
      this.dropped++;
      return false;
    }
    this.lines.push(line);
    this.bytes += size;
    return true;
  }

  /** Say that more lines exist than were pushed (the producer stopped early), so the text ends with the closing line. */
  markCut(): void {
    this.full = true;
  }

  get cut(): boolean {
    return this.full;
  }

  get shown(): readonly string[] {
    return this.lines;
  }

  /**
   * The text. When the budget was spent, lines are taken back from the end
   * until the closing line fits; `closing(droppedLines)` writes it, given how
   * many pushed lines are not shown (lines never pushed are the caller's to add),
   * and may read `shown`, which holds the lines that will be shown.
   */
  text(closing: (droppedLines: number) => string): string {
    if (!this.full) return this.lines.join('\n');
    let dropped = this.dropped;
    let line = closing(dropped);
    while (this.lines.length > 0 && this.bytes + 1 + Buffer.byteLength(line, 'utf8') > this.maxBytes) {
      const last = this.lines.pop()!;
      this.bytes -= Buffer.byteLength(last, 'utf8') + (this.lines.length > 0 ? 1 : 0);
      dropped++;
      line = closing(dropped);
    }
    return this.lines.length > 0 ? `${this.lines.join('\n')}\n${line}` : line;
  }
}

/** Code-unit order for sorting paths: the same on every machine, unlike localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
