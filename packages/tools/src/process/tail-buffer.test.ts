import { describe, expect, it } from 'vitest';
import { TailBuffer } from './tail-buffer.js';

describe('TailBuffer', () => {
  it('keeps everything that fits', () => {
    const t = new TailBuffer(10);
    t.push(Buffer.from('abc'));
    t.push(Buffer.from('def'));
    expect(t.text()).toEqual({ text: 'abcdef', cutBytes: 0 });
  });

  it('keeps the last maxBytes and counts what it dropped', () => {
    const t = new TailBuffer(5);
    for (const s of ['abc', 'defg', 'hij']) t.push(Buffer.from(s));
    expect(t.text()).toEqual({ text: 'fghij', cutBytes: 5 });
    expect(t.total).toBe(10);
  });

  it('never starts inside a UTF-8 character', () => {
    const t = new TailBuffer(3);
    t.push(Buffer.from('aé€')); // a, é (2 bytes), € (3 bytes)
    expect(t.text()).toEqual({ text: '€', cutBytes: 3 });
    const u = new TailBuffer(4);
    u.push(Buffer.from('aé€'));
    expect(u.text()).toEqual({ text: '€', cutBytes: 3 });
  });

  it('holds little more than maxBytes however much passes through', () => {
    const t = new TailBuffer(1000);
    const chunk = Buffer.alloc(700, 'x');
    for (let i = 0; i < 10_000; i++) t.push(chunk);
    const held = (t as unknown as { held: number }).held;
    expect(held).toBeLessThan(1000 + chunk.length);
    expect(t.text().cutBytes).toBe(7_000_000 - 1000);
  });
});
