/**
 * Key bindings by mode. The TUI registers its own (in every mode), Lua adds
 * to them and may override them; the TUI asks, key by key, whether the keys
 * typed so far are a binding or the start of a longer one (a sequence such
 * as "gg" or "<leader>x").
 *
 * Modes are the input's: "i" is the prompt's ordinary editing (the emacs
 * input is always in it, vi mode's insert mode too), "n" is vi mode's normal
 * mode. A binding without modes is in every mode.
 */
import { keysText, parseKeys } from './key-notation.js';

export const KEY_MODES = ['n', 'i'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

export interface KeyBinding {
  /** Key notation, Vim-style: "<C-g>", "<S-Tab>", "gg"; stored in its canonical spelling. */
  keys: string;
  desc: string;
  run(): void | Promise<void>;
  /** Who bound it: "tui", or "lua:init.lua:3". */
  source: string;
  /** The modes it is bound in; every mode when not given. */
  modes?: readonly KeyMode[];
  /** The `:command` it runs, when it runs one: the interface checks, once start-up is over, that it exists. */
  command?: string;
  /** Fire as soon as these keys are typed, even when a longer binding starts with them (Neovim's nowait). */
  nowait?: boolean;
}

/** What the keys typed so far are: a binding, and whether a longer binding starts with them. */
export interface KeyMatch {
  binding: KeyBinding | undefined;
  longer: boolean;
}

interface Entry {
  binding: KeyBinding;
  tokens: string[];
}

/** Canonical spelling of key notation, so "<c-G>" and "<C-g>" are the same binding; text that is not notation is kept as it is. */
export function normalizeKeys(keys: string): string {
  try {
    return keysText(parseKeys(keys));
  } catch {
    return keys;
  }
}

export class KeymapRegistry {
  private slots = new Map<KeyMode, Map<string, Entry>>(KEY_MODES.map((m) => [m, new Map()]));
  /** First keys of every binding, any mode: a key not among them is typed text for sure. */
  private firsts: Set<string> | undefined;

  /** Add or replace the binding of these keys in its modes. Throws a KeyNotationError on bad notation. Returns the remover. */
  set(binding: KeyBinding): () => void {
    const tokens = parseKeys(binding.keys);
    const keys = keysText(tokens);
    const modes = binding.modes?.length ? [...new Set(binding.modes)] : [...KEY_MODES];
    const entry: Entry = { binding: { ...binding, keys, modes }, tokens };
    const previous = modes.map((m) => [m, this.slots.get(m)!.get(keys)] as const);
    for (const m of modes) this.slots.get(m)!.set(keys, entry);
    this.firsts = undefined;
    return () => {
      for (const [m, before] of previous) {
        const slot = this.slots.get(m)!;
        if (slot.get(keys) !== entry) continue;
        if (before) slot.set(keys, before);
        else slot.delete(keys);
      }
      this.firsts = undefined;
    };
  }

  /** The binding of exactly these keys in a mode (in any mode, insert first, when none is given). */
  get(keys: string, mode?: KeyMode): KeyBinding | undefined {
    const text = normalizeKeys(keys);
    const modes = mode ? [mode] : (['i', 'n'] as const);
    for (const m of modes) {
      const entry = this.slots.get(m)!.get(text);
      if (entry) return entry.binding;
    }
    return undefined;
  }

  /** Whether some binding, in some mode, starts with this key. */
  startsAny(token: string): boolean {
    this.firsts ??= new Set([...this.slots.values()].flatMap((slot) => [...slot.values()].map((e) => e.tokens[0]!)));
    return this.firsts.has(token);
  }

  /** The keys typed so far (tokens) in a mode: the binding they are, and whether a longer one starts with them. */
  match(tokens: readonly string[], mode: KeyMode): KeyMatch {
    const slot = this.slots.get(mode)!;
    const binding = slot.get(keysText(tokens))?.binding;
    let longer = false;
    for (const entry of slot.values()) {
      if (entry.tokens.length > tokens.length && tokens.every((t, i) => entry.tokens[i] === t)) {
        longer = true;
        break;
      }
    }
    return { binding, longer };
  }

  /** Every binding in force, once each with the modes it is in force in, in the order of their keys. */
  list(): KeyBinding[] {
    const inForce = new Map<KeyBinding, KeyMode[]>();
    for (const [mode, slot] of this.slots) {
      for (const e of slot.values()) inForce.set(e.binding, [...(inForce.get(e.binding) ?? []), mode]);
    }
    return [...inForce].map(([b, modes]) => ({ ...b, modes })).sort((a, b) => a.keys.localeCompare(b.keys));
  }
}
