import { describe, expect, it } from 'vitest';
import { splitMarkdown } from './markdown-blocks.js';
import { MarkdownStream } from './markdown-stream.js';

/** The stream as it was first written: the whole unfinished block re-split on every piece. */
class ResplittingStream {
  tail = '';
  append(delta: string): string[] {
    this.tail += delta;
    const { blocks, tail } = splitMarkdown(this.tail);
    if (blocks.length === 0) return [];
    this.tail = tail;
    return blocks;
  }
}

/** A small deterministic generator, so a failure can be replayed from its seed. */
function random(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

// Lines that exercise every branch of the splitter: blanks (with spaces), fences
// of both kinds and lengths, indented continuations, list items, plain text.
const LINES = ['', '', '  ', '\t', 'para', 'more text', '  indented', '\tcode', ' one space', '```', '```ts', '````', '~~~', ' ```', '- item', '# Title'];

function randomAnswer(next: (n: number) => number, lines: number): string {
  return Array.from({ length: lines }, () => LINES[next(LINES.length)]).join('\n');
}

function pieces(text: string, next: (n: number) => number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const size = 1 + next(12);
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}

describe('MarkdownStream', () => {
  // Holds the incremental scanner to the old algorithm (which passes it by construction): a
  // mistake in the state kept between pieces shows here as a different block or tail.
  it('finishes the same blocks, piece by piece, as re-splitting the whole block each time', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const stream = new MarkdownStream();
      const reference = new ResplittingStream();
      for (const piece of pieces(randomAnswer(next, 40), next)) {
        expect({ seed, blocks: stream.append(piece), tail: stream.tail }).toEqual({
          seed,
          blocks: reference.append(piece),
          tail: reference.tail,
        });
      }
    }
  });

  // 20,000 lines with no blank line between them: one block that never finishes;
  // and one 300 KB line, which is never complete while it streams.
  const longBlock = Array.from({ length: 20_000 }, (_, i) => `line ${i} of a block that never ends`).join('\n');
  const longLine = 'word '.repeat(60_000);
  it.each([
    ['a long block', longBlock],
    ['a long line', longLine],
  ])('looks at each piece about once, however long %s grows', (_what, text) => {
    let scanned = 0;
    let mostInOnePiece = 0;
    const stream = new MarkdownStream({ onScan: (chars) => (scanned += chars) });
    for (let i = 0; i < text.length; i += 100) {
      const before = scanned;
      expect(stream.append(text.slice(i, i + 100))).toEqual([]);
      mostInOnePiece = Math.max(mostInOnePiece, scanned - before);
    }
    expect(stream.tail).toBe(text);
    expect(scanned).toBeGreaterThanOrEqual(text.length);
    // A piece costs its own length plus, at most, the line it completes (short
    // here) or a first look at the line it starts.
    expect(mostInOnePiece).toBeLessThan(400);
    expect(scanned).toBeLessThan(3 * text.length);
  });

});
