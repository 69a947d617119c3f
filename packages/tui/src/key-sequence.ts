/**
 * Key sequences, as Vim resolves them: the keys typed so far are held while a
 * longer binding starts with them ("g" of "gg", the leader of "<leader>x"),
 * until the sequence is complete, another key shows it is not, or
 * `lug.opt.timeoutlen` passes. Then the longest binding the held keys begin
 * with runs, and keys that are no binding go on to the input as typed.
 */
import type { KeyBinding, KeyMode, KeymapRegistry } from '@lug/core';
import type { Key } from 'ink';

/** One key press: what ink reported, and its token in key notation. */
export interface PressedKey {
  input: string;
  key: Key;
  token: string;
}

export interface KeySequencerOptions {
  keys: KeymapRegistry;
  /** The mode now, or undefined when no binding applies (vi is in the middle of a command: "2d"). */
  mode(): KeyMode | undefined;
  /** Milliseconds to wait for the rest of a sequence. */
  timeout(): number;
  run(binding: KeyBinding): void;
  /** Keys that are no binding, in order, for the input. */
  pass(keys: PressedKey[]): void;
  /** The keys held changed (for the status line). */
  changed?(): void;
}

export class KeySequencer {
  private held: PressedKey[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly opts: KeySequencerOptions) {}

  /** The keys held now, as typed ("\\", "g"), for the status line. */
  get pending(): string {
    return this.held.map((k) => k.token).join('');
  }

  /** Whether this key may start a binding in some mode: a key that cannot is passed on without being looked at again. */
  mayStart(token: string): boolean {
    return this.opts.keys.startsAny(token);
  }

  feed(pressed: PressedKey): void {
    this.stopTimer();
    const mode = this.opts.mode();
    if (!mode) {
      this.release([...this.held, pressed]);
      return;
    }
    const keys = [...this.held, pressed];
    const { binding, longer } = this.opts.keys.match(keys.map((k) => k.token), mode);
    if (binding && (!longer || binding.nowait)) {
      this.setHeld([]);
      this.opts.run(binding);
      return;
    }
    if (longer) {
      this.setHeld(keys);
      this.timer = setTimeout(() => this.timeout(), this.opts.timeout());
      this.timer.unref?.();
      return;
    }
    if (this.held.length === 0) {
      this.opts.pass([pressed]);
      return;
    }
    this.resolve(keys, keys.length - 1);
  }

  /** The wait for the rest of a sequence is over: what is held resolves as it stands. */
  timeout(): void {
    this.stopTimer();
    const keys = this.held;
    if (keys.length) this.resolve(keys, keys.length);
  }

  dispose(): void {
    this.stopTimer();
    this.held = [];
  }

  /** Keys that are no longer a sequence: the longest binding they begin with runs, the rest is looked at again. */
  private resolve(keys: PressedKey[], longest: number): void {
    this.setHeld([]);
    const mode = this.opts.mode();
    for (let n = longest; n >= 1 && mode; n--) {
      const { binding } = this.opts.keys.match(keys.slice(0, n).map((k) => k.token), mode);
      if (binding) {
        this.opts.run(binding);
        for (const k of keys.slice(n)) this.feed(k);
        return;
      }
    }
    this.opts.pass([keys[0]!]);
    for (const k of keys.slice(1)) this.feed(k);
  }

  /** Everything held goes on, nothing looked up (no binding applies now). */
  private release(keys: PressedKey[]): void {
    this.setHeld([]);
    this.opts.pass(keys);
  }

  private setHeld(keys: PressedKey[]): void {
    const was = this.held.length;
    this.held = keys;
    if (was || keys.length) this.opts.changed?.();
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
