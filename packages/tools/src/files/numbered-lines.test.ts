import { describe, expect, it } from 'vitest';
import { numberLine, numberLines } from './numbered-lines.js';

describe('numbered lines', () => {
  it('right-aligns the number in 6 columns, then a tab', () => {
    expect(numberLine(1, 'a')).toBe('     1\ta');
    expect(numberLine(123456, 'b')).toBe('123456\tb');
    expect(numberLine(1234567, 'c')).toBe('1234567\tc');
  });
  it('numbers a range, dropping the CR of CRLF lines and cutting long lines', () => {
    expect(numberLines(['x\r', 'y', 'z'.repeat(12)], 1, 3, 10)).toEqual([
      '     1\tx',
      '     2\ty',
      '     3\tzzzzzzzzzz… [line cut: 2 more characters]',
    ]);
  });
});
