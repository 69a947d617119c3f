import { describe, expect, it } from 'vitest';
import { PathLocks } from './path-lock.js';

describe('per-path locks', () => {
  it('lets one holder in at a time, in arrival order', async () => {
    const locks = new PathLocks();
    const order: string[] = [];
    const hold = async (name: string, ms: number) => {
      const release = await locks.acquire('/a');
      order.push(`${name}+`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`${name}-`);
      release();
    };
    await Promise.all([hold('1', 20), hold('2', 1), hold('3', 1)]);
    expect(order).toEqual(['1+', '1-', '2+', '2-', '3+', '3-']);
    expect(locks.busy()).toEqual([]);
  });

  it('does not block other paths', async () => {
    const locks = new PathLocks();
    const r1 = await locks.acquire('/a');
    const r2 = await locks.acquire('/b');
    r1();
    r2();
  });
});
