/**
 * Keeps a person typing ahead from answering a dialog they have not read.
 * While a turn runs, the prompt being written goes on in the input; an
 * approval dialog that appears mid-word took the next letters as answers
 * ("only" allowed the call with its y, "no" denied one). The dialog's answer
 * keys are held while typing goes on: from the last key the input took, and
 * from each key held since, until the keys pause for HOLD_MS. A submitted
 * prompt ends the typing, so a key pressed at a dialog that appears after
 * Enter is its answer at once.
 */

/** Longer than the gap between keys of a person typing, shorter than reading a dialog. */
export const HOLD_MS = 800;

export class TypingGuard {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = Date.now) {}

  /** A key the input took, or one held from a dialog: the typing goes on. */
  typed(): void {
    this.last = this.now();
  }

  /** A prompt was submitted: whatever comes next is not the same typing. */
  ended(): void {
    this.last = Number.NEGATIVE_INFINITY;
  }

  /**
   * Whether a key arriving now at a dialog belongs to the typing (and is held
   * from it); if so, the typing goes on. Only characters are: Esc, Ctrl and
   * Alt keys, arrows and other control keys are never typed into a prompt.
   */
  holds(input: string, key: { ctrl?: boolean; meta?: boolean; escape?: boolean }): boolean {
    if (input === '' || key.ctrl || key.meta || key.escape || /[\u0000-\u001f\u007f]/u.test(input)) return false;
    if (this.now() - this.last >= HOLD_MS) return false;
    this.typed();
    return true;
  }
}
