/**
 * A snapshot for React's `useSyncExternalStore`, made again and handed to the
 * subscribers at most once a frame (`frameMs`): a change marked urgent at
 * once, others (a stream's text deltas) when the frame's timer fires, so a
 * fast stream costs one redraw a frame, not one a token. 0: every change at
 * once (tests).
 */
export class FramePublisher<T> {
  private snapshot: T;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly frameMs: number,
    /** Makes the snapshot to publish (called once now, then at each publish). */
    private readonly make: () => T,
  ) {
    this.snapshot = make();
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  getSnapshot = (): T => this.snapshot;

  /** Publish now (`urgent`) or within a frame. */
  changed(urgent = true): void {
    if (this.frameMs === 0) return this.publish();
    if (urgent) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      return this.publish();
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, this.frameMs);
  }

  private publish(): void {
    this.snapshot = this.make();
    for (const fn of this.listeners) fn();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }
}
