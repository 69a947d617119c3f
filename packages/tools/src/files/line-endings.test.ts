import { describe, expect, it } from 'vitest';
import { countLineEndings, describeCrlf, detectLineEnding, toLf, withLineEnding } from './line-endings.js';

describe('line endings', () => {
  it('counts CRLF and lone LF breaks', () => {
    expect(countLineEndings('a\r\nb\nc\r\n')).toEqual({ crlf: 2, lf: 1 });
    expect(countLineEndings('\n')).toEqual({ crlf: 0, lf: 1 });
    expect(countLineEndings('no break')).toEqual({ crlf: 0, lf: 0 });
  });
  it('detects CRLF when most breaks are CRLF, LF otherwise', () => {
    expect(detectLineEnding('a\r\nb\r\n')).toBe('\r\n');
    expect(detectLineEnding('a\r\nb\nc\r\n')).toBe('\r\n');
    expect(detectLineEnding('a\nb\nc\r\n')).toBe('\n');
    expect(detectLineEnding('')).toBe('\n');
  });
  it('converts to LF and to CRLF without doubling CRs', () => {
    expect(toLf('a\r\nb\nc')).toBe('a\nb\nc');
    expect(withLineEnding('a\nb\r\nc\n', '\r\n')).toBe('a\r\nb\r\nc\r\n');
    expect(withLineEnding('a\r\nb\n', '\n')).toBe('a\nb\n');
  });
  it('describes CRLF and mixed files, and nothing for LF files', () => {
    expect(describeCrlf({ crlf: 3, lf: 0 })).toBe('this file uses CRLF line endings');
    expect(describeCrlf({ crlf: 2, lf: 1 })).toBe('this file mixes line endings: 2 lines end with CRLF and 1 with LF');
    expect(describeCrlf({ crlf: 0, lf: 5 })).toBeUndefined();
  });
});
