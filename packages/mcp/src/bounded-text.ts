/**
 * The last few kilobytes of a stream a server writes besides the protocol (its
 * stderr, non-protocol lines on stdout): kept for `:mcp` and error messages,
 * never more than `maxBytes`, however much the server writes.
 */
export class BoundedText {
  private text = '';
  private dropped = 0;

  constructor(private readonly maxChars = 4096) {}

  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.maxChars) {
      const cut = this.text.length - this.maxChars;
      this.dropped += cut;
      this.text = this.text.slice(cut);
    }
  }

  /** What is kept, with how much came before it said in front. */
  read(): string {
    return this.dropped ? `[${this.dropped} earlier characters not kept]\n${this.text}` : this.text;
  }

  /** The last line that has text, for a one-line error. */
  lastLine(): string {
    const lines = this.text.split('\n').map((l) => l.trim()).filter(Boolean);
    return lines[lines.length - 1] ?? '';
  }

  get size(): number {
    return this.text.length;
  }
}
