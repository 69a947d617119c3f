import { describe, expect, it } from 'vitest';
import { countLines, linesPhrase } from './count-lines.js';

describe('countLines', () => {
  it('counts lines as an editor does', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('\n\n')).toBe(2);
    expect(countLines('a\r\nb\r\n')).toBe(2);
  });
  it('says line or lines', () => {
    expect(linesPhrase(1)).toBe('1 line');
    expect(linesPhrase(0)).toBe('0 lines');
    expect(linesPhrase(2)).toBe('2 lines');
  });
});
