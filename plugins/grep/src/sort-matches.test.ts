import { describe, expect, it } from 'vitest';
import { compareStrings } from '@lug/tools';
import { LinesByPath } from './sort-matches.js';

/** The lines (the i-th from `paths[i]`) added in turn, then sorted. */
function sortByPath(lines: readonly string[], paths: readonly string[]): { sorted: string[]; files: number } {
  const order = new LinesByPath();
  lines.forEach((line, i) => order.add(paths[i]!, line));
  return order.sorted();
}

/** The order the page's "sorted by path" means: a stable sort by path in code-unit order. */
function stableByPath(lines: readonly string[], paths: readonly string[]): string[] {
  const order = lines.map((_, i) => i);
  order.sort((a, b) => compareStrings(paths[a]!, paths[b]!) || a - b);
  return order.map((i) => lines[i]!);
}

describe('LinesByPath', () => {
  it('orders lines by path and keeps each file’s lines in their order', () => {
    expect(sortByPath(['b:1', 'b:2', 'a:9', 'a:10'], ['b', 'b', 'a', 'a'])).toEqual({ sorted: ['a:9', 'a:10', 'b:1', 'b:2'], files: 2 });
  });

  it('orders paths by code unit, the same on every machine: capitals first, a prefix before what extends it, astral characters by their surrogates', () => {
    const paths = ['é.rs', 'a.js.bak', 'a.js', 'B.rs', 'a/b.rs', 'a-b.rs', '\u{1F600}.md', '\uFF5E.md'];
    expect(sortByPath(paths, paths).sorted).toEqual(['B.rs', 'a-b.rs', 'a.js', 'a.js.bak', 'a/b.rs', 'é.rs', '\u{1F600}.md', '\uFF5E.md']);
  });

  it('sorts paths that read as array indices or name Object members like any other path', () => {
    const paths = ['__proto__', '12', 'constructor', '2', 'toString', '0', '4294967295', 'hasOwnProperty', '12', '__proto__'];
    const lines = paths.map((p, i) => `${p}:${i}`);
    expect(sortByPath(lines, paths).sorted).toEqual(stableByPath(lines, paths));
  });

  it('gives what a stable sort by path gives, whether a file’s lines come together or apart, and ignores paths past the last line', () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (let round = 0; round < 200; round++) {
      const names = ['src/a.rs', 'src/b.rs', 'src/a.rs.orig', 'lib/ä.ts', 'lib/Z.ts', 'x'];
      const paths = Array.from({ length: Math.floor(random() * 40) }, () => names[Math.floor(random() * names.length)]!);
      const lines = paths.map((p, i) => `${p}:${i}: text`);
      const { sorted, files } = sortByPath(lines, [...paths, 'zzz', 'aaa']);
      expect(sorted).toEqual(stableByPath(lines, paths));
      expect(files).toBe(new Set(paths).size);
    }
  });
});
