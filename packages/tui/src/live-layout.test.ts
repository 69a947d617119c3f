import { describe, expect, it } from 'vitest';
import { layoutLiveRegion, liveRegionRows, type LiveLayoutInput } from './live-layout.js';
import type { TranscriptItem } from './transcript-items.js';

const base: LiveLayoutInput = {
  rows: 24,
  width: 80,
  inputRows: 1,
  hint: false,
  queued: 0,
  confirmMessage: undefined,
  pending: undefined,
  live: [],
  tail: '',
  render: (md) => md,
};

const markdown = (lines: number, key = 1): TranscriptItem => ({ key, kind: 'markdown', text: Array.from({ length: lines }, (_, i) => `line ${i}`).join('\n') });

describe('the live region layout', () => {
  it('shows live items that fit', () => {
    const layout = layoutLiveRegion({ ...base, live: [markdown(3, 1), markdown(3, 2)] });
    expect(layout.shown).toHaveLength(2);
    expect(layout.hidden).toBe(0);
  });

  it('never draws an item taller than the terminal, even the first (ink would clear the screen)', () => {
    const layout = layoutLiveRegion({ ...base, live: [markdown(180)] });
    expect(layout.shown).toEqual([]);
    expect(layout.hidden).toBe(1);
  });

  it('keeps every combination of live items and tail shorter than the terminal', () => {
    for (const rows of [12, 24, 40]) {
      for (let items = 0; items <= 12; items++) {
        for (const tailLines of [0, 1, 5, 100]) {
          const input: LiveLayoutInput = {
            ...base,
            rows,
            live: Array.from({ length: items }, (_, i) => ({ ...markdown(1 + (i % 3), i), gap: true })),
            tail: Array.from({ length: tailLines }, (_, i) => `t${i}`).join('\n'),
          };
          const layout = layoutLiveRegion(input);
          expect({ rows, items, tailLines, drawn: liveRegionRows(input, layout) < rows }).toEqual({ rows, items, tailLines, drawn: true });
          if (tailLines) expect(layout.tail, `rows ${rows}, ${items} items: the streaming text must stay visible`).toBeDefined();
        }
      }
    }
  });

  it('keeps the streaming tail to the rows that are left, showing its last lines', () => {
    const tail = Array.from({ length: 100 }, (_, i) => `t${i}`).join('\n');
    const layout = layoutLiveRegion({ ...base, tail });
    expect(layout.tail!.text.split('\n').length).toBeLessThan(24);
    expect(layout.tail!.text.endsWith('t99')).toBe(true);
    expect(layout.tail!.hidden).toBeGreaterThan(70);
  });
});
