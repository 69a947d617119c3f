import { describe, expect, it } from 'vitest';
import { escapeForTerminal, escapeJsonForTerminal, hasControlCharacters, withoutControlCharacters } from './terminal-escape.js';

describe('escapeForTerminal', () => {
  it('shows an escape sequence as text instead of sending it', () => {
    expect(escapeForTerminal('a\x1b[2Jb')).toBe('a\\x1b[2Jb');
  });

  it('keeps newlines, tabs and CRLF line ends, which cannot redraw the screen', () => {
    expect(escapeForTerminal('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
  });

  it('shows a carriage return that would overwrite its line', () => {
    expect(escapeForTerminal('safe\rEVIL')).toBe('safe\\rEVIL');
  });

  it('shows other C0 controls, DEL and C1 controls (the 8-bit CSI)', () => {
    expect(escapeForTerminal('\x00\x07\x08\x7f\x9b')).toBe('\\x00\\x07\\x08\\x7f\\x9b');
  });

  it('shows bidirectional overrides that would reorder what the user reads', () => {
    expect(escapeForTerminal('a\u202eb\u2066c')).toBe('a\\u202eb\\u2066c');
  });

  it('leaves ordinary Unicode alone', () => {
    expect(escapeForTerminal('héllo wörld — ✓ 日本')).toBe('héllo wörld — ✓ 日本');
  });
});

describe('escapeJsonForTerminal', () => {
  it('writes the controls JSON.stringify leaves raw as \\u escapes, so the text is the same JSON', () => {
    const value = { text: 'a\x9b2Jb\u202ec\x1b[2Jd' };
    const json = escapeJsonForTerminal(JSON.stringify(value));
    expect(json).toBe('{"text":"a\\u009b2Jb\\u202ec\\u001b[2Jd"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('hasControlCharacters', () => {
  it('is false for text that stands as one line: any script, spaces, quotes and colons', () => {
    for (const text of ['src/main.rs', 'a b:c "d"', 'naïve/日本語/\u{1F600}.md']) expect(hasControlCharacters(text)).toBe(false);
  });

  it('is true for a newline, a tab, a carriage return, an escape, DEL, a C1 control, a bidi control and a line separator', () => {
    for (const text of ['a\nb', 'a\tb', 'a\rb', 'a\x1b[2Jb', 'a\x7fb', 'a\x9bb', 'a\u202eb', 'a\u2066b', 'a\u2028b']) expect(hasControlCharacters(text)).toBe(true);
  });
});

describe('withoutControlCharacters', () => {
  it('removes the controls escapeForTerminal writes out, keeping tabs and newlines, and makes line separators newlines', () => {
    expect(withoutControlCharacters('a\tb\nc\x07d\x1b[2Je\u009b2Jf pay \u202eexe.live\u202c \u2066x\u2069\u2028g\u2029h\x7f')).toBe('a\tb\ncd[2Je2Jf pay exe.live x\ng\nh');
  });
});
