/**
 * Signals of their own for the parts of a turn, behind one listener on the
 * turn's signal.
 *
 * Whatever is handed an AbortSignal may add an abort listener to it and never
 * remove it: the OpenAI SDK (6.x) adds one to the signal of every request and
 * leaves it there, so a turn of eleven requests set off Node's
 * MaxListenersExceededWarning. A turn's fifty concurrent tool calls, each
 * racing the signal, did the same while they ran. So the agent loop gives each
 * request, and the scheduler each call, a child signal: a listener left on a
 * child is dropped with the child, and the turn's signal holds one listener
 * per fan-out, however many children it has.
 */

export interface ChildSignal {
  /** Aborts, with the parent's reason, when the parent aborts (at once when it already has). */
  signal: AbortSignal;
  /** The child is no longer needed: the parent forgets it. It is not aborted. */
  dispose(): void;
}

/** Children of one parent signal, all behind a single listener on it. */
export class SignalFanOut {
  private readonly children = new Set<AbortController>();
  private readonly onAbort = () => {
    for (const child of this.children) child.abort(this.parent.reason);
    this.children.clear();
  };

  constructor(private readonly parent: AbortSignal) {
    if (!parent.aborted) parent.addEventListener('abort', this.onAbort, { once: true });
  }

  child(): ChildSignal {
    const controller = new AbortController();
    if (this.parent.aborted) controller.abort(this.parent.reason);
    else this.children.add(controller);
    return { signal: controller.signal, dispose: () => void this.children.delete(controller) };
  }

  /** Removes the listener from the parent; children made so far no longer follow it. */
  dispose(): void {
    this.parent.removeEventListener('abort', this.onAbort);
    this.children.clear();
  }
}

/** One child signal of `parent` (see SignalFanOut); dispose it when done. */
export function childSignal(parent: AbortSignal): ChildSignal {
  const fanOut = new SignalFanOut(parent);
  const child = fanOut.child();
  return { signal: child.signal, dispose: () => fanOut.dispose() };
}
