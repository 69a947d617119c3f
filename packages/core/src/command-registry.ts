/**
 * `:commands` and key bindings. The TUI registers its own in TypeScript, Lua
 * adds to them (and may override them); the TUI reads both from here.
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

  get(name: string): Command | undefined {
    return this.commands.get(name);
  }

  list(): Command[] {
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

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}

export interface KeyBinding {
  /** Normalised key notation, Vim-style: "<C-g>", "<S-Tab>", "<Esc>", "x". */
  keys: string;
  desc: string;
  run(): void | Promise<void>;
  source: string;
}

/** Normalise key notation so "<c-G>" and "<C-g>" are the same binding. */
export function normalizeKeys(keys: string): string {
  return keys.replace(/<([^>]+)>/g, (_, inner: string) => {
    const parts = inner.split('-');
    const key = parts.pop()!;
    const mods = parts.map((m) => m.toUpperCase()).sort();
    const name = key.length === 1 ? key.toLowerCase() : key[0]!.toUpperCase() + key.slice(1).toLowerCase();
    return `<${[...mods, name].join('-')}>`;
  });
}

export class KeymapRegistry {
  private bindings = new Map<string, KeyBinding>();

  set(binding: KeyBinding): () => void {
    const keys = normalizeKeys(binding.keys);
    const entry = { ...binding, keys };
    const previous = this.bindings.get(keys);
    this.bindings.set(keys, entry);
    return () => {
      if (this.bindings.get(keys) !== entry) return;
      if (previous) this.bindings.set(keys, previous);
      else this.bindings.delete(keys);
    };
  }

  get(keys: string): KeyBinding | undefined {
    return this.bindings.get(normalizeKeys(keys));
  }

  list(): KeyBinding[] {
    return [...this.bindings.values()];
  }
}
