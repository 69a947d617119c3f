import { describe, expect, it } from 'vitest';
import { isOneGraphemePerCodePoint, segmentGraphemes } from './grapheme-fast.js';

const real = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const segmentsOf = (s: string) => [...real.segment(s)].map(({ segment, index }) => ({ segment, index }));
const fastSegmentsOf = (s: string) => [...segmentGraphemes(s, () => real)].map(({ segment, index }) => ({ segment, index }));

/** Every character the fast path answers for itself. */
const FAST_SET = Array.from({ length: 0x2c00 }, (_, c) => String.fromCharCode(c)).filter(isOneGraphemePerCodePoint);

/** A deterministic shuffle (the test must not change from run to run). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('segmentGraphemes', () => {
  it('covers the characters of an interface frame', () => {
    for (const s of ['\x1b[1mlug\x1b[22m · ~/project · ↑ 12 ↓ 3', '╭──────╮', '│ › hi │', '… ✓ ✗ ⏵ ▶ ● ○ ■ ─ ━ ┃', 'naïve café – “quoted”']) {
      expect(isOneGraphemePerCodePoint(s)).toBe(true);
    }
  });

  it('agrees with Intl.Segmenter for each character of its set beside every other', () => {
    expect(FAST_SET.length).toBeGreaterThan(3500);
    // Grapheme rules look at neighbours: each character meets many different ones.
    for (let seed = 1; seed <= 8; seed++) {
      const s = shuffled(FAST_SET, seed).join('');
      expect(fastSegmentsOf(s)).toEqual(segmentsOf(s));
    }
    const inOrder = FAST_SET.join('');
    expect(fastSegmentsOf(inOrder)).toEqual(segmentsOf(inOrder));
  });

  it('hands everything else to the real segmenter', () => {
    for (const s of ['a\r\nb', 'e\u0301', '👨‍👩‍👧', '🇫🇷', '❤\ufe0f', '한국어', 'क्षि', 'a\u200db', '👍🏽', 'x\u20dd']) {
      expect(isOneGraphemePerCodePoint(s)).toBe(false);
      let asked = 0;
      const segments = [...segmentGraphemes(s, () => (asked++, real))].map(({ segment, index }) => ({ segment, index }));
      expect(asked).toBe(1);
      expect(segments).toEqual(segmentsOf(s));
    }
  });
});
