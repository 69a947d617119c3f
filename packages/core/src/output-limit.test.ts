import { describe, expect, it } from 'vitest';
import { cutKeepingEnd, cutKeepingStart, cutLine, truncateOutput } from './output-limit.js';

describe('cutting output at UTF-8 boundaries', () => {
  it('keeps the start without splitting a multi-byte character', () => {
    const r = cutKeepingStart('ab€cd', 4); // € is 3 bytes: a b [e2 82 ac]
    expect(r.text).toBe('ab');
    expect(r.cutBytes).toBe(5);
  });

  it('keeps the end without splitting a multi-byte character', () => {
    const r = cutKeepingEnd('ab€cd', 4);
    expect(r.text).toBe('cd');
    expect(r.cutBytes).toBe(5);
  });

  it('leaves text that fits untouched', () => {
    expect(truncateOutput('hello', 10, 'start')).toEqual({ text: 'hello', cutBytes: 0 });
  });

  it('caps to the byte budget including the marker, keeping the start', () => {
    const text = 'x'.repeat(100_000);
    const r = truncateOutput(text, 30_000, 'start');
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(30_000);
    expect(r.text.startsWith('xxx')).toBe(true);
    expect(r.text).toMatch(/\[output cut: [\d,]+ of 100,000 bytes not shown after this point\]$/);
  });

  it('caps keeping the end, with the marker first', () => {
    const text = 'a'.repeat(50_000) + 'THE END';
    const r = truncateOutput(text, 30_000, 'end');
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(30_000);
    expect(r.text.endsWith('THE END')).toBe(true);
    expect(r.text).toMatch(/^\[output cut: the first [\d,]+ of 50,007 bytes are not shown\]\n/);
  });

  it('cuts a long line at a character count with a visible mark', () => {
    expect(cutLine('é'.repeat(10), 4)).toBe('éééé… [line cut: 6 more characters]');
    expect(cutLine('short', 10)).toBe('short');
  });
});
