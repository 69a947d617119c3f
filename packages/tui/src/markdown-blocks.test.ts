import { describe, expect, it } from 'vitest';
import { splitMarkdown } from './markdown-blocks.js';

describe('splitMarkdown', () => {
  it('keeps a single unfinished paragraph as the tail', () => {
    expect(splitMarkdown('Hello wor')).toEqual({ blocks: [], tail: 'Hello wor' });
  });

  it('finishes a block once the next one starts after a blank line', () => {
    expect(splitMarkdown('# Title\n\nFirst para')).toEqual({ blocks: ['# Title'], tail: 'First para' });
  });

  it('waits for the next block before finishing one that ends in a blank line', () => {
    expect(splitMarkdown('para one\n\n')).toEqual({ blocks: [], tail: 'para one\n\n' });
  });

  it('never splits inside a code fence, blank lines included', () => {
    const text = 'Look:\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    expect(splitMarkdown(text)).toEqual({ blocks: ['Look:', '```ts\nconst a = 1;\n\nconst b = 2;\n```'], tail: 'After' });
  });

  it('keeps an open fence in the tail', () => {
    const text = 'Intro\n\n```\ncode\n\nmore code';
    expect(splitMarkdown(text)).toEqual({ blocks: ['Intro'], tail: '```\ncode\n\nmore code' });
  });

  it('keeps an indented continuation with its list item', () => {
    const text = '- item\n\n  continued\n\nNext';
    expect(splitMarkdown(text)).toEqual({ blocks: ['- item\n\n  continued'], tail: 'Next' });
  });

  it('gives nothing for blank text', () => {
    expect(splitMarkdown('\n\n')).toEqual({ blocks: [], tail: '' });
  });

  it('splits many blocks in one pass', () => {
    const text = 'a\n\nb\n\nc\n\nd';
    expect(splitMarkdown(text)).toEqual({ blocks: ['a', 'b', 'c'], tail: 'd' });
  });
});
