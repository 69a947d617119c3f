/**
 * The answer's text as it streams: finished Markdown blocks come out as soon
 * as they are complete (they can be written to the scrollback for good), the
 * unfinished one stays as the tail, redrawn as it grows.
 *
 * Each piece is scanned once: the splitter's state over the complete lines is
 * kept between pieces (re-splitting the whole unfinished block on every piece
 * made a long block cost the square of its length), and the unfinished last
 * line is looked at only until its first visible character, which is all that
 * decides whether it starts a new block.
 */
import { BlockScanner, splitMarkdown } from './markdown-blocks.js';

export interface MarkdownStreamOptions {
  /** Told how many characters each step looked at (lets tests bound the work per piece). */
  onScan?: (chars: number) => void;
}

export class MarkdownStream {
  private scanner = new BlockScanner();
  /** Complete lines since the last finished block; the scanner's offsets point into it. */
  private head = '';
  /** The last line, still without its newline. */
  private line = '';
  /** Whether the last line has shown a visible character (its say on the block before is then settled). */
  private lineDecided = false;

  constructor(private readonly options: MarkdownStreamOptions = {}) {}

  /** The unfinished block. */
  get tail(): string {
    return this.head + this.line;
  }

  /** Add streamed text; returns the blocks it finished. */
  append(delta: string): string[] {
    const blocks: string[] = [];
    let from = 0;
    for (let nl = delta.indexOf('\n'); nl !== -1; nl = delta.indexOf('\n', from)) {
      this.takeLine(this.line + delta.slice(from, nl), blocks);
      this.line = '';
      this.lineDecided = false;
      from = nl + 1;
    }
    const rest = delta.slice(from);
    this.line += rest;
    this.lookAtLastLine(rest, blocks);
    return blocks;
  }

  /** The answer ended (or a tool call came): everything left, as blocks. */
  flush(): string[] {
    const text = this.tail.trim();
    this.reset();
    if (!text) return [];
    const { blocks, tail } = splitMarkdown(text);
    return [...blocks, tail].filter((block) => block.trim()).map((block) => block.trimEnd());
  }

  private takeLine(line: string, blocks: string[]): void {
    this.options.onScan?.(line.length + 1);
    const start = this.head.length;
    this.head += line + '\n';
    const finished = this.scanner.step(line, start, start + line.length);
    if (!finished) return;
    blocks.push(this.head.slice(finished[0], finished[1]));
    const cut = this.scanner.blockStart;
    this.head = this.head.slice(cut);
    this.scanner.rebase(cut);
  }

  /**
   * The unfinished line can already finish the block before it (so that block
   * shows without waiting for the newline); once it has a visible character
   * that answer cannot change, so it is asked once.
   */
  private lookAtLastLine(rest: string, blocks: string[]): void {
    this.options.onScan?.(rest.length);
    if (this.lineDecided || rest.trim() === '') return;
    this.lineDecided = true;
    this.options.onScan?.(this.line.length);
    if (!this.scanner.closesBlock(this.line)) return;
    blocks.push(this.head.slice(this.scanner.blockStart, this.scanner.blockEnd));
    // As if the text began at this line: the line is taken in again once it is complete.
    this.head = '';
    this.scanner = new BlockScanner();
  }

  private reset(): void {
    this.scanner = new BlockScanner();
    this.head = '';
    this.line = '';
    this.lineDecided = false;
  }
}
