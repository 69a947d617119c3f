import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCertainlySingleColumn, withSingleColumnFastPath, type StringWidth } from './string-width-fast.js';

/** The string-width copies the bundle wraps: ink's (8.x) and the one under ink's wrap-ansi (7.x). */
// ink's exports hide its package.json: find its folder the way Node would.
const inkDir = createRequire(import.meta.url)
  .resolve.paths('ink')!
  .map((p) => join(p, 'ink'))
  .find((d) => existsSync(join(d, 'package.json')))!;
const inkRequire = createRequire(join(inkDir, 'package.json'));
const wrapAnsiRequire = createRequire(inkRequire.resolve('wrap-ansi'));
const COPIES: Array<[string, NodeJS.Require]> = [
  ['string-width under ink', inkRequire],
  ["string-width under ink's wrap-ansi", wrapAnsiRequire],
];

async function load(req: NodeJS.Require): Promise<{ real: StringWidth; stripAnsi: (s: string) => string; version: string }> {
  const path = req.resolve('string-width');
  const real = (await import(pathToFileURL(path).href)).default as StringWidth;
  const stripAnsi = (await import(pathToFileURL(createRequire(path).resolve('strip-ansi')).href)).default as (s: string) => string;
  const version = createRequire(path)('./package.json').version as string;
  return { real, stripAnsi, version };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

const EMOJI_ALONE = /\p{Extended_Pictographic}/u;

/** Every character the fast path answers by itself. */
const FAST_SET = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff).filter((c) => c !== '\u00ad'),
  ...range(0x2010, 0x205f).filter((c) => !/[\u2028-\u202f]/.test(c)),
  ...range(0x2190, 0x21ff),
  ...range(0x2500, 0x257f),
].filter((c) => !EMOJI_ALONE.test(c));

const TRICKY = [
  '\u00ad', // soft hyphen
  ...range(0x200b, 0x200f), // zero-width space, joiners, marks
  ...range(0x2028, 0x202f), // separators and embedding controls
  ...range(0x2060, 0x206f), // word joiner, invisible operators, deprecated format characters
  'e\u0301', 'a\u0300\u0316', '\u0301', // combining marks
  '中文', 'ｱｲｳ', '한국어', '\u1100\u1161', // CJK, halfwidth kana, Hangul and jamo
  '😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '#️⃣', '1\u20e3', '↔\ufe0f', '↩\ufe0f', '©\ufe0f', '™\ufe0f', // emoji
  '\u001b[31mred\u001b[39m', '\u001b[1m·\u001b[22m ↑3 ↓4 › …', '\u009b31mx', '\u001b]8;;http://x\u0007link\u001b]8;;\u0007', // ANSI
  '\t', '\n', '\u0000', '\u007f', '\u0085', '\u009f', // controls
  '\ufeff', '\ufe0f', '\u034f', // other default-ignorables
  '\u00a9', '\u00ae', '\u203c', '\u2049', '\u2194', '\u2199', '\u21a9', '\u21aa', // emoji without VS16 (two columns in string-width 7)
  '', 'plain ascii', 'init.lua applied · policy · ↑0 ↓0 · concurrency 6', '─── box ───', 'café — “quoted” ‘x’ • ›',
];

describe.each(COPIES)('the single-column fast path matches the real %s', (_name, req) => {
  it('for every character of the fast set, alone, in pairs, and after ANSI styling', async () => {
    const { real, stripAnsi, version } = await load(req);
    expect(version).toMatch(/^[78]\./);
    const fast = withSingleColumnFastPath(() => real, stripAnsi);
    for (const c of FAST_SET) {
      expect(isCertainlySingleColumn(c)).toBe(true);
      for (const s of [c, `${c}${c}`, `a${c}b`, `\u001b[2m${c}\u001b[22m`]) expect([s, fast(s)]).toEqual([s, real(s)]);
    }
    expect(fast(FAST_SET.join(''))).toBe(real(FAST_SET.join('')));
  });

  it('and for nothing else in those ranges', () => {
    const all = [...range(0x20, 0xff), ...range(0x2000, 0x206f), ...range(0x2190, 0x21ff), ...range(0x2500, 0x257f)];
    expect(all.filter(isCertainlySingleColumn)).toEqual(FAST_SET);
  });

  it('for the tricky cases next to it, alone and next to fast-set characters', async () => {
    const { real, stripAnsi } = await load(req);
    const fast = withSingleColumnFastPath(() => real, stripAnsi);
    for (const t of TRICKY) {
      for (const s of [t, `a${t}`, `${t}a`, `·${t}…`, `→${t}`]) {
        expect([s, fast(s)]).toEqual([s, real(s)]);
        expect([s, fast(s, { ambiguousIsNarrow: false })]).toEqual([s, real(s, { ambiguousIsNarrow: false })]);
        expect([s, fast(s, { countAnsiEscapeCodes: true })]).toEqual([s, real(s, { countAnsiEscapeCodes: true })]);
      }
    }
  });

  it('leaves wide-ambiguous measuring and counted escape codes to the real one', async () => {
    const { real, stripAnsi } = await load(req);
    let loads = 0;
    const fast = withSingleColumnFastPath(() => (loads++, real), stripAnsi);
    expect(fast('· ↑ ↓ › …')).toBe(9);
    expect(loads).toBe(0);
    expect(fast('·…', { ambiguousIsNarrow: false })).toBe(real('·…', { ambiguousIsNarrow: false }));
    expect(fast('\u001b[1mx\u001b[22m', { countAnsiEscapeCodes: true })).toBe(real('\u001b[1mx\u001b[22m', { countAnsiEscapeCodes: true }));
    expect(fast('中')).toBe(2);
    expect(loads).toBe(1);
  });
});
