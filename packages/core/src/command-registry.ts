/**
 * `:commands` and key bindings. The TUI registers its own in TypeScript, Lua
 * adds to them (and may override them); the TUI reads both from here. A
 * source whose commands change outside lug (the prompt files of a folder)
 * adds a refresher (`beforeRead`), run before each read, so a command is
 * there at its next use without a reload.
 */

export interface Command {
  name: string;
  desc: string;
  /** Receives the text after the command's name. */
  run(argText: string): void | Promise<void>;
  /** Completions for the text after the name. */
  complete?(argText: string): string[];
  source: string;
}

export class CommandRegistry {
  private commands = new Map<string, Command>();
  private listeners = new Set<() => void>();
  private refreshers = new Set<() => void>();
  /** A refresher is running: what it reads (or what a listener reads on its changes) is read as it stands. */
  private refreshing = false;

  /** Add or replace a command. Returns the function that removes it. */
  register(command: Command): () => void {
    if (!/^[a-zA-Z][\w-]*$/.test(command.name)) {
      throw new Error(`command name "${command.name}" is not allowed: use letters, digits, _ and -, starting with a letter`);
    }
    const previous = this.commands.get(command.name);
    this.commands.set(command.name, command);
    this.changed();
    return () => {
      if (this.commands.get(command.name) !== command) return;
      if (previous) this.commands.set(command.name, previous);
      else this.commands.delete(command.name);
      this.changed();
    };
  }

  /**
   * Run `fn` before the commands are read (get, list, complete), to register
   * and remove what changed since; it must not wait, and should change only
   * what changed (each change tells the listeners). Returns its remover.
   */
  beforeRead(fn: () => void): () => void {
    this.refreshers.add(fn);
    return () => void this.refreshers.delete(fn);
  }

  get(name: string): Command | undefined {
    this.refresh();
    return this.commands.get(name);
  }

  list(): Command[] {
    this.refresh();
    return [...this.commands.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Names starting with `prefix`. */
  complete(prefix: string): string[] {
    return this.list().map((c) => c.name).filter((n) => n.startsWith(prefix));
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private refresh(): void {
    if (this.refreshing || !this.refreshers.size) return;
    this.refreshing = true;
    try {
      for (const fn of [...this.refreshers]) fn();
    } finally {
      this.refreshing = false;
    }
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}
