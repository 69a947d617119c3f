import { describe, expect, it } from 'vitest';
import { countNewlines, detectLineEndingOfBytes, lineNumbersAtBytes, lineStart, linesBack, linesForward } from './byte-lines.js';

const b = (s: string) => Buffer.from(s, 'utf8');

describe('lines of UTF-8 bytes', () => {
  it('counts line breaks in a range', () => {
    expect(countNewlines(b('a\nbb\n\nc'))).toBe(3);
    expect(countNewlines(b('a\nbb\n\nc'), 2, 5)).toBe(1);
  });
  it('gives the line of each byte offset, also after multi-byte characters', () => {
    const text = b('é\nbb\n\nc');
    expect(lineNumbersAtBytes(text, [0, 2, 3, 6, 7, 8])).toEqual([1, 1, 2, 3, 4, 4]);
    expect(lineNumbersAtBytes(b('\ufeffa\nb'), [3, 5], 3)).toEqual([1, 2]);
  });
  it('tells CRLF files from LF ones by the majority', () => {
    expect(detectLineEndingOfBytes(b('a\r\nb\r\nc\n'))).toBe('\r\n');
    expect(detectLineEndingOfBytes(b('a\nb\r\n'))).toBe('\n');
    expect(detectLineEndingOfBytes(b('no break'))).toBe('\n');
  });
  it('finds line starts and ends a number of lines away', () => {
    const text = b('l1\nl2\nl3\nl4');
    expect(lineStart(text, 7)).toBe(6);
    expect(linesBack(text, 6, 2)).toBe(0);
    expect(linesBack(text, 6, 9)).toBe(0);
    expect(linesForward(text, 0, 1)).toBe(5);
    expect(linesForward(text, 0, 9)).toBe(text.length);
  });
});
