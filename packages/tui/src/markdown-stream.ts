/**
 * The answer's text as it streams: finished Markdown blocks come out as soon
 * as they are complete (they can be written to the scrollback for good), the
 * unfinished one stays as the tail, redrawn as it grows.
 */
import { splitMarkdown } from './markdown-blocks.js';

export class MarkdownStream {
  private text = '';

  /** The unfinished block. */
  get tail(): string {
    return this.text;
  }

  /** Add streamed text; returns the blocks it finished. */
  append(delta: string): string[] {
    this.text += delta;
    const { blocks, tail } = splitMarkdown(this.text);
    if (blocks.length === 0) return [];
    this.text = tail;
    return blocks;
  }

  /** The answer ended (or a tool call came): everything left, as blocks. */
  flush(): string[] {
    const text = this.text.trim();
    this.text = '';
    if (!text) return [];
    const { blocks, tail } = splitMarkdown(text);
    return [...blocks, tail].filter((block) => block.trim()).map((block) => block.trimEnd());
  }
}
