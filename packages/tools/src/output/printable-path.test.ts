import { describe, expect, it } from 'vitest';
import { printablePath } from './printable-path.js';

describe('printablePath', () => {
  it('writes an ordinary path as it is: spaces, colons, quotes inside, and any script', () => {
    for (const p of ['src/main.rs', 'a b/c:d.txt', "it's.md", 'x"y', 'naïve/café.txt', '日本語/ファイル.ts', '\u{1F600}.md']) expect(printablePath(p)).toBe(p);
  });

  it('writes a path with a newline, a carriage return or a tab as a JSON string, which parses back to the path', () => {
    for (const p of ['sub/evil\nREADME.md', 'a\rb', 'tab\there']) {
      const shown = printablePath(p);
      expect(shown).not.toMatch(/[\n\r\t]/);
      expect(JSON.parse(shown)).toBe(p);
    }
    expect(printablePath('sub/evil\nREADME.md')).toBe('"sub/evil\\nREADME.md"');
  });

  it('leaves no character a terminal acts on: escapes, DEL, C1 controls, bidi overrides, line separators', () => {
    for (const p of ['a\x1b[2Jb', 'del\x7f', 'c1\x9b', 'rlo\u202etxt.exe', 'ls\u2028x', 'iso\u2066x']) {
      const shown = printablePath(p);
      expect(shown).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
      expect(JSON.parse(shown)).toBe(p);
    }
  });

  it('quotes a path that begins with a quote, so that a quoted path is never ambiguous', () => {
    expect(printablePath('"quoted".txt')).toBe('"\\"quoted\\".txt"');
    expect(JSON.parse(printablePath('"quoted".txt'))).toBe('"quoted".txt');
  });
});
