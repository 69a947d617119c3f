import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './markdown.js';
import { drawStreamedSample, sampleStatus } from './streamed-sample.js';
import { sampleItems } from './warm-while-typing.js';

describe('drawStreamedSample', () => {
  it('draws the sample growing a block at a time, each an update of the same tree, and returns the whole answer', async () => {
    const markdown = createMarkdownRenderer();
    await markdown.load();
    const items = sampleItems();
    const drawn: number[] = [];
    // Wide enough for the whole status line (a narrower one is cut in its middle, where the counts are).
    const text = drawStreamedSample(items, 160, markdown, (shown) => drawn.push(shown));
    expect(drawn).toEqual(items.map((_, i) => i + 1));
    expect(text).toContain('a prompt');
    expect(text).toContain('The end, in');
    // The status line of the last update: its counts are the last block's.
    expect(text).toContain(`↓${40 * items.length} `);
  });

  it('counts tokens and cost up with the blocks, as a turn does', () => {
    expect(sampleStatus(1).usage.outputTokens).toBeLessThan(sampleStatus(5).usage.outputTokens);
    expect(sampleStatus(1).cost).toBeLessThan(sampleStatus(5).cost!);
    expect(sampleStatus(3).busy).toBe(true);
  });
});
