/**
 * One writer per file: write and edit take the lock of the path they change,
 * so that concurrent edits to one file are applied one after another.
 */
export class PathLocks {
  private tails = new Map<string, Promise<void>>();

  /** Wait for the path's lock; resolve to the function that releases it. */
  async acquire(path: string): Promise<() => void> {
    const previous = this.tails.get(path) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(path, tail);
    await previous;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      if (this.tails.get(path) === tail) this.tails.delete(path);
    };
  }

  /** Paths someone holds or waits for (for tests and diagnostics). */
  busy(): string[] {
    return [...this.tails.keys()];
  }
}
