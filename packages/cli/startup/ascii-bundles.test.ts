import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without types
import { bundlesIn, escapeNonAscii } from '../scripts/ascii-bundles.mjs';

const escape = escapeNonAscii as (text: string, name?: string) => string;

/** What `source` evaluates to, in a fresh context. */
const value = (source: string): unknown => runInNewContext(source);

describe('scripts/ascii-bundles.mjs', () => {
  it('leaves the built bundles ASCII, so start.ts decodes them as latin1', () => {
    const bundles = (bundlesIn as (dist: string) => string[])(new URL('../dist', import.meta.url).pathname);
    expect(bundles.length).toBeGreaterThan(3);
    for (const file of bundles) expect({ file, ascii: isAscii(readFileSync(file)) }).toEqual({ file, ascii: true });
  });

  it('keeps what a regular expression matches, with and without the u and v flags', () => {
    const cases = [
      ['/‘([^’]+)’/g', '‘a’ and ‘bc’'],
      ['/[×÷]/', '3 × 4'],
      ['/^(?:[*•-]) +/', '• item'],
      ['/👋+/u', 'hi 👋👋'],
      ['/[👋é]/u', '👋'],
      ['/[👋é]/v', 'é'],
      ['/👋/', 'x👋'],
      ['/\\p{L}é/u', 'aé'],
    ];
    for (const [regex, subject] of cases) {
      const before = value(`Array.from(${JSON.stringify(subject)}.matchAll(new RegExp(${regex}.source, ${regex}.flags.replace("g", "") + "g")), (m) => [m.index, ...m])`);
      const escaped = escape(regex!);
      expect(isAscii(Buffer.from(escaped))).toBe(true);
      const after = value(`Array.from(${JSON.stringify(subject)}.matchAll(new RegExp(${escaped}.source, ${escaped}.flags.replace("g", "") + "g")), (m) => [m.index, ...m])`);
      expect({ regex, after }).toEqual({ regex, after: before });
      expect(before).not.toEqual([]);
    }
  });

  it('keeps strings, templates and code around comments as they were', () => {
    const source = '/** a × comment 👋 */ (() => { // ÷\n return ["é", `ü${1}`, "👋".length, /* ‘ */ 2]; })()';
    expect(value(escape(source))).toEqual(value(source));
  });

  it('refuses a backslash before a non-ASCII character, naming the place', () => {
    expect(() => escape('x = /\\‘/;', 'dist/x.cjs')).toThrow(/dist\/x\.cjs: a backslash before a non-ASCII character at offset 5/);
  });

  it('changes nothing in an ASCII text', () => {
    const text = 'const a = "\\u00d7"; // plain\n';
    expect(escape(text)).toBe(text);
  });
});
