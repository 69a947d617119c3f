import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { childSignal, SignalFanOut } from './child-signals.js';

/** Listeners an AbortSignal holds, by Node's own count. */
function listenerCount(signal: AbortSignal): number {
  return getEventListeners(signal as unknown as EventTarget, 'abort').length;
}

describe('child signals', () => {
  it('abort with the parent, with its reason', () => {
    const parent = new AbortController();
    const fanOut = new SignalFanOut(parent.signal);
    const a = fanOut.child();
    const b = fanOut.child();
    parent.abort('stop');
    expect([a.signal.aborted, b.signal.aborted]).toEqual([true, true]);
    expect(a.signal.reason).toBe('stop');
  });

  it('are born aborted when the parent already is', () => {
    const parent = new AbortController();
    parent.abort();
    expect(new SignalFanOut(parent.signal).child().signal.aborted).toBe(true);
    expect(childSignal(parent.signal).signal.aborted).toBe(true);
  });

  it('put one listener on the parent, however many children there are', async () => {
    const parent = new AbortController();
    const fanOut = new SignalFanOut(parent.signal);
    const children = Array.from({ length: 50 }, () => fanOut.child());
    expect(listenerCount(parent.signal)).toBe(1);
    for (const c of children) c.dispose();
    fanOut.dispose();
    expect(listenerCount(parent.signal)).toBe(0);
  });

  it('do not abort once disposed', () => {
    const parent = new AbortController();
    const fanOut = new SignalFanOut(parent.signal);
    const gone = fanOut.child();
    const kept = fanOut.child();
    gone.dispose();
    parent.abort();
    expect(gone.signal.aborted).toBe(false);
    expect(kept.signal.aborted).toBe(true);
  });

  it('childSignal leaves nothing on the parent once disposed', async () => {
    const parent = new AbortController();
    const child = childSignal(parent.signal);
    child.signal.addEventListener('abort', () => {});
    child.dispose();
    expect(listenerCount(parent.signal)).toBe(0);
  });
});
