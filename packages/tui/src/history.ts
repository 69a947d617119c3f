/**
 * Prompt history, kept across sessions in `<stateDir>/history`: one JSON
 * string a line, so multi-line prompts survive. The file is read on the first
 * Up (never on the way to the first frame) and appended to on each prompt, so
 * two lug windows add to the same history without overwriting each other.
 */
import fs from 'node:fs';
import path from 'node:path';

export const HISTORY_LIMIT = 1000;

/** The history file's mode: only its owner reads it, as the session files and the log. */
const PRIVATE = 0o600;

export class PromptHistory {
  private entries: string[] | undefined;
  /** While browsing: index into entries (entries.length = the draft). */
  private index = 0;
  private draft = '';

  /** `file` undefined keeps history in memory only (tests, no state directory). */
  constructor(private readonly file: string | undefined, private readonly limit = HISTORY_LIMIT) {}

  private load(): string[] {
    if (this.entries) return this.entries;
    let entries: string[] = [];
    if (this.file) {
      try {
        const lines = fs.readFileSync(this.file, 'utf8').split('\n');
        for (const line of lines) {
          if (!line) continue;
          try {
            const value: unknown = JSON.parse(line);
            if (typeof value === 'string') entries.push(value);
          } catch {
            // A torn or foreign line: skip it, keep the rest.
          }
        }
        if (entries.length > this.limit * 2) {
          entries = entries.slice(-this.limit);
          this.rewrite(entries);
        }
      } catch {
        // No history yet.
      }
    }
    this.entries = entries.slice(-this.limit);
    this.index = this.entries.length;
    return this.entries;
  }

  private rewrite(entries: string[]): void {
    if (!this.file) return;
    try {
      fs.writeFileSync(this.file, entries.map((e) => JSON.stringify(e)).join('\n') + '\n', { mode: PRIVATE });
      fs.chmodSync(this.file, PRIVATE);
    } catch {
      // History is a convenience: never fail a prompt over it.
    }
  }

  /**
   * Read the file and make its directory now, ahead of the first prompt's
   * `add` (warm-while-typing.ts calls it as the first prompt is typed): that
   * `add` read and parsed the whole history (a long one: ~0.8 ms) and made
   * node's first `fs.promises` call (~0.5 ms) inside the first turn.
   */
  prepare(): void {
    this.load();
    if (this.file) this.makeDirectory(this.file).catch(() => undefined);
  }

  /** The history file's directory, made if missing, only its owner's (0700). */
  private makeDirectory(file: string): Promise<unknown> {
    return fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  }

  /** Record a sent prompt (not repeated twice in a row) and stop browsing. */
  add(entry: string): void {
    if (!entry.trim()) return;
    const entries = this.load();
    if (entries[entries.length - 1] !== entry) {
      entries.push(entry);
      if (entries.length > this.limit) entries.splice(0, entries.length - this.limit);
      if (this.file) {
        const file = this.file;
        this.makeDirectory(file)
          // Prompts are as private as the sessions that hold them (0600); a file made 0644 before is closed too.
          .then(() => fs.promises.appendFile(file, JSON.stringify(entry) + '\n', { mode: PRIVATE }))
          .then(() => fs.promises.chmod(file, PRIVATE))
          .catch(() => undefined);
      }
    }
    this.index = entries.length;
    this.draft = '';
  }

  /** The entry before the one shown, or undefined at the oldest. `current` is kept as the draft. */
  previous(current: string): string | undefined {
    const entries = this.load();
    if (this.index === entries.length) this.draft = current;
    if (this.index === 0) return undefined;
    this.index--;
    return entries[this.index];
  }

  /** The entry after the one shown, the draft after the newest, or undefined when not browsing. */
  next(): string | undefined {
    const entries = this.load();
    if (this.index >= entries.length) return undefined;
    this.index++;
    return this.index === entries.length ? this.draft : entries[this.index];
  }

  /** Stop browsing (the user edited or cleared the text). */
  reset(): void {
    this.index = this.entries?.length ?? 0;
  }

  list(): string[] {
    return [...this.load()];
  }
}
