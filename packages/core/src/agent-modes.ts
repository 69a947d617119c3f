/**
 * Modes a plugin adds to the agent beside the approval modes: the stock plan
 * workflow's plan mode. Each has a name and a description, and a function
 * that puts it in force or lifts it (`apply`); at most one is on at a time,
 * and the state is kept here, so whoever switches a mode (the plugin's own
 * `:command`, an editor over ACP) goes through `set` and every listener
 * learns of it. An editor offers them as session modes.
 */

export interface AgentMode {
  id: string;
  name: string;
  description: string;
}

export interface AgentModeSpec extends AgentMode {
  /** Put the mode in force (true) or lift it (false). A failure leaves the mode as it was, and is the caller's error. */
  apply(on: boolean): void | Promise<void>;
}

/** Ids an editor already uses for the approval modes. */
const TAKEN = new Set(['policy', 'all', 'auto', 'off']);

export class AgentModes {
  private readonly modes = new Map<string, AgentModeSpec>();
  private on: string | undefined;
  private readonly listeners = new Set<() => void>();
  /** Switches run one after another: a mode's apply may wait (it calls into Lua). */
  private queue: Promise<unknown> = Promise.resolve();

  /** Add a mode (a later one of the same id replaces it); returns the function that removes it, lifting it first if on. */
  define(spec: AgentModeSpec): () => void {
    if (typeof spec.id !== 'string' || !/^[a-z][a-z0-9_-]*$/.test(spec.id)) throw new TypeError(`a mode's id is lower-case letters, digits, _ and -, starting with a letter; got ${JSON.stringify(spec.id)}`);
    if (TAKEN.has(spec.id)) throw new TypeError(`"${spec.id}" is an approval mode's id; the approval modes are policy, all and auto (off)`);
    this.modes.set(spec.id, spec);
    this.changed();
    return () => {
      if (this.modes.get(spec.id) !== spec) return;
      this.modes.delete(spec.id);
      if (this.on === spec.id) this.on = undefined;
      this.changed();
    };
  }

  list(): AgentMode[] {
    return [...this.modes.values()].map(({ id, name, description }) => ({ id, name, description }));
  }

  has(id: string): boolean {
    return this.modes.has(id);
  }

  /** The mode that is on, if any. */
  current(): string | undefined {
    return this.on;
  }

  /** Turn `id` on (lifting the one that was on) or off. An unknown id is an error that names the modes there are. */
  set(id: string, on: boolean): Promise<void> {
    return this.serial(async () => {
      const spec = this.modes.get(id);
      if (!spec) throw new RangeError(`there is no mode "${id}"; the modes are: ${[...this.modes.keys()].join(', ') || 'none'}`);
      if (on === (this.on === id)) return;
      if (on && this.on) await this.lift(this.on);
      await spec.apply(on);
      this.on = on ? id : undefined;
      this.changed();
    });
  }

  /** Lift whichever mode is on. */
  clear(): Promise<void> {
    return this.serial(async () => {
      if (this.on) await this.lift(this.on);
    });
  }

  /** Run `fn` after every switch queued before it. */
  private serial(fn: () => Promise<void>): Promise<void> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Told of every change: a mode defined or removed, one switched on or off. Returns the function that stops telling. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private async lift(id: string): Promise<void> {
    await this.modes.get(id)?.apply(false);
    this.on = undefined;
    this.changed();
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}
