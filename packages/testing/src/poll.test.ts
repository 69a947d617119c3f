import { describe, expect, it } from 'vitest';
import { pollUntil, waitUntil } from './poll.js';

describe('pollUntil', () => {
  it('is true once the check holds', async () => {
    let n = 0;
    expect(await pollUntil(() => ++n >= 3, 5000, 1)).toBe(true);
    expect(n).toBe(3);
  });

  it('is false when the check still fails at the deadline', async () => {
    expect(await pollUntil(() => false, 30, 5)).toBe(false);
  });
});

describe('waitUntil', () => {
  it('throws naming what did not come', async () => {
    await expect(waitUntil(() => false, 'the server to start', 30, 5)).rejects.toThrow('timed out waiting for the server to start');
  });

  it('resolves once the check holds', async () => {
    let n = 0;
    await expect(waitUntil(() => ++n >= 2, 'two checks', 5000, 1)).resolves.toBeUndefined();
  });
});
