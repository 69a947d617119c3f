import { describe, expect, it } from 'vitest';
import { compareStrings, LineBudget } from './line-budget.js';

describe('LineBudget', () => {
  it('joins the lines when they fit', () => {
    const b = new LineBudget(100);
    expect(b.push('a')).toBe(true);
    expect(b.push('b')).toBe(true);
    expect(b.cut).toBe(false);
    expect(b.text(() => 'never')).toBe('a\nb');
  });

  it('says when the budget is spent and keeps the start, closing line included in the budget', () => {
    const b = new LineBudget(30);
    const lines = ['0123456789', '0123456789', '0123456789', '0123456789'];
    const accepted = lines.map((l) => b.push(l));
    expect(accepted).toEqual([true, true, false, false]);
    const text = b.text((dropped) => `[${dropped} cut]`);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(30);
    expect(text).toBe('0123456789\n0123456789\n[2 cut]');
  });

  it('counts bytes, not characters', () => {
    const b = new LineBudget(10);
    expect(b.push('éééé')).toBe(true); // 8 bytes
    expect(b.push('é')).toBe(false); // 8 + 1 + 2 > 10
  });

  it('ends with the closing line when the producer marks the output cut', () => {
    const b = new LineBudget(100);
    b.push('a');
    b.markCut();
    expect(b.text(() => '[more]')).toBe('a\n[more]');
  });
});

describe('compareStrings', () => {
  it('orders by code unit, not by locale', () => {
    expect(['b', 'B', 'a', '_'].sort(compareStrings)).toEqual(['B', '_', 'a', 'b']);
  });
});
