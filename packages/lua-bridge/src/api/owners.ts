/**
 * Who owns a registration made from Lua, so a file run again (`:source`,
 * `:reload`) first takes back what it registered the last time.
 *
 * The owner is a file lug runs: the stock runtime, init.lua, a plugin's
 * init.lua, a file given to `:source`. It is read from the Lua stack of the
 * call registering: its outermost Lua function is the chunk being run, or,
 * for a callback called later (a command's function, a hook), the function
 * itself, whose source is the file that defined it. A module that file
 * `require`d belongs to the plugin whose folder holds it, else (the config's
 * own lua/ folder) to init.lua. Code typed at `:lua` belongs to no file: it
 * is only taken back by close(). Inside `lug.group(name, fn)`, the owner is
 * that group of the file, cleared by the file's next run as well.
 *
 * Options a file set are remembered too: run again, the file's options it no
 * longer sets return to their defaults.
 */
import * as path from 'node:path';
import type { LuaVM } from '../lua-vm.js';

/** The part of the config (api-context's ConfigInfo) that says which file owns a path. */
interface OwnerConfig {
  dir: string;
  initFile: string;
  plugins: ReadonlyArray<{ kind: string; dir: string; entry: string }>;
}

/** Registrations of no file (`:lua`, JavaScript). */
const NO_OWNER = '';

interface Registration {
  owner: string;
  remove: () => void;
}

export class Registrations {
  private entries = new Set<Registration>();

  /** Remember a registration of `owner`; returns an idempotent remover. */
  track(remove: () => void, owner: string): () => void {
    let done = false;
    const entry: Registration = { owner, remove: () => undefined };
    const once = () => {
      if (done) return;
      done = true;
      this.entries.delete(entry);
      remove();
    };
    entry.remove = once;
    this.entries.add(entry);
    return once;
  }

  /** Undo the registrations of `owner` and of its groups, newest first; returns how many. */
  undo(owner: string): number {
    return this.undoWhere((e) => belongsTo(e.owner, owner));
  }

  undoAll(): void {
    this.undoWhere(() => true);
  }

  private undoWhere(match: (e: Registration) => boolean): number {
    const chosen = [...this.entries].filter(match).reverse();
    for (const entry of chosen) {
      try {
        entry.remove();
      } catch {
        // one failed removal must not keep the others
      }
    }
    return chosen.length;
  }
}

/** A group of a file: `file#name`. */
function groupOwner(owner: string, name: string): string {
  return `${owner}#${name}`;
}

function belongsTo(entryOwner: string, owner: string): boolean {
  return entryOwner === owner || entryOwner.startsWith(`${owner}#`);
}

export class Owners {
  /** Files lug ran as owners (absolute paths). */
  private files = new Set<string>();
  /** Inside lug.group(name, fn), while fn runs without waiting: its group. */
  private group: string | undefined;
  /** The options each owner set during its last run. */
  private optionsSet = new Map<string, Set<string>>();

  constructor(
    private readonly vm: LuaVM,
    private readonly config: OwnerConfig,
  ) {}

  /** A file lug runs and that owns what it registers. */
  add(file: string): void {
    this.files.add(file);
  }

  /** The owner of whatever Lua is registering now. */
  current(): string {
    return this.group ?? this.fileOwner();
  }

  /** The file owning what Lua registers now (a group's file for a group). */
  private fileOwner(): string {
    const L = this.vm.running;
    const source = L ? this.vm.outermostSource(L) : undefined;
    if (!source?.startsWith('@')) return NO_OWNER;
    return this.ownerOfFile(source.slice(1));
  }

  /**
   * The group `name` of the file whose code calls lug.group now (the caller's
   * file, so a function of init.lua called from `:lua` names init.lua's group).
   */
  groupOf(name: string): string {
    if (this.group !== undefined) return groupOwner(this.group, name);
    const L = this.vm.running;
    const source = L ? this.vm.sourceAt(L, 1) : undefined;
    const file = source?.startsWith('@') ? this.ownerOfFile(source.slice(1)) : this.fileOwner();
    return groupOwner(file, name);
  }

  /** Run `fn` with what it registers (before it first waits) owned by `group` (from groupOf). */
  inGroup<T>(group: string, fn: () => T): T {
    const outer = this.group;
    this.group = group;
    try {
      return fn();
    } finally {
      this.group = outer;
    }
  }

  ownerOfFile(file: string): string {
    const abs = path.resolve(file);
    if (this.files.has(abs)) return abs;
    const plugin = this.config.plugins.find((p) => p.kind === 'lua' && isInside(abs, p.dir));
    if (plugin) return plugin.entry;
    if (isInside(abs, this.config.dir)) return this.config.initFile;
    return abs;
  }

  /** Remember that the current owner set an option. */
  optionSet(name: string): void {
    const owner = this.fileOwner();
    if (owner === NO_OWNER) return;
    const set = this.optionsSet.get(owner) ?? new Set<string>();
    set.add(name);
    this.optionsSet.set(owner, set);
  }

  /** Start a run of `owner`: returns the options its last run set, forgetting them. */
  startRun(owner: string): Set<string> {
    const before = this.optionsSet.get(owner) ?? new Set<string>();
    this.optionsSet.delete(owner);
    return before;
  }

  /** The options `owner` set in the run now finished. */
  setInRun(owner: string): Set<string> {
    return this.optionsSet.get(owner) ?? new Set<string>();
  }
}

function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
