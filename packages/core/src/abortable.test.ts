import { describe, expect, it } from 'vitest';
import { ABORTED, abortable } from './abortable.js';

describe('waiting unless aborted', () => {
  it('resolves with the work when it finishes first', async () => {
    expect(await abortable(Promise.resolve(7), new AbortController().signal)).toBe(7);
  });

  it('resolves ABORTED as soon as the signal aborts, without waiting for the work', async () => {
    const c = new AbortController();
    const p = abortable(new Promise(() => {}), c.signal);
    c.abort();
    expect(await p).toBe(ABORTED);
  });

  it('resolves ABORTED at once for a signal already aborted', async () => {
    const c = new AbortController();
    c.abort();
    expect(await abortable(Promise.resolve(1), c.signal)).toBe(ABORTED);
  });

  it('passes a rejection on', async () => {
    await expect(abortable(Promise.reject(new Error('no')), new AbortController().signal)).rejects.toThrow('no');
  });
});
