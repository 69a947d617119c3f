/** At most one publish a frame for changes that can wait; at once for urgent ones. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FramePublisher } from './frame-publisher.js';

afterEach(() => vi.useRealTimers());

describe('FramePublisher', () => {
  it('publishes an urgent change at once, and changes that can wait once at the end of the frame', () => {
    vi.useFakeTimers();
    let n = 0;
    const frames = new FramePublisher(33, () => ++n);
    const seen: number[] = [];
    frames.subscribe(() => seen.push(frames.getSnapshot()));
    expect(frames.getSnapshot()).toBe(1);
    frames.changed(false);
    frames.changed(false);
    frames.changed(false);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(33);
    expect(seen).toEqual([2]);
    frames.changed(false);
    frames.changed(true);
    expect(seen).toEqual([2, 3]);
    // The urgent change took the waiting one with it.
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([2, 3]);
  });

  it('with a frame of 0, publishes every change at once', () => {
    let n = 0;
    const frames = new FramePublisher(0, () => ++n);
    const seen: number[] = [];
    frames.subscribe(() => seen.push(frames.getSnapshot()));
    frames.changed(false);
    frames.changed(false);
    expect(seen).toEqual([2, 3]);
  });

  it('after dispose, publishes nothing more: the waiting change is dropped and the subscribers gone', () => {
    vi.useFakeTimers();
    const frames = new FramePublisher(33, () => 1);
    const seen: number[] = [];
    const stop = frames.subscribe(() => seen.push(1));
    frames.changed(false);
    frames.dispose();
    vi.advanceTimersByTime(100);
    frames.changed(true);
    expect(seen).toEqual([]);
    expect(() => stop()).not.toThrow();
  });
});
