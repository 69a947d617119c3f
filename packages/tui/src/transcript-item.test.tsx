import React from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './markdown.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptItem } from './transcript-items.js';
import { plain } from './test-support/ink.js';

const markdown = createMarkdownRenderer();
const draw = (item: TranscriptItem, width: number) => plain(render(<TranscriptItemView item={item} width={width} markdown={markdown} />).lastFrame()).split('\n');

describe('TranscriptItemView', () => {
  // "aaaaa bbbbb ccccc dd" fills the 20 columns beside "› " exactly; ink alone would start the next row with the space after it.
  it('wraps a prompt with no row starting with a space', () => {
    expect(draw({ kind: 'user', key: 1, text: 'aaaaa bbbbb ccccc dd eee' } as TranscriptItem, 22).map((l) => l.trimEnd())).toEqual(['› aaaaa bbbbb ccccc dd', '  eee']);
  });

  it('wraps a plain notice the same way', () => {
    expect(draw({ kind: 'notice', key: 2, level: 'info', text: 'aaaaa bbbbb ccccc dd eee' } as TranscriptItem, 22).map((l) => l.trimEnd())).toEqual([
      '· aaaaa bbbbb ccccc dd',
      '  eee',
    ]);
  });
});
