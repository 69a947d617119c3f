/**
 * The searchable reference behind lug.docs and the lua_docs tool: entries from
 * the annotation files and reference pages of `lua/docs/`, plus the options
 * defined at run time (they live in the options store, not in a file).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lugNamesFor } from '@lug/core';
import { parseAnnotations, parseReference, type DocEntry } from './parse-annotations.js';

export type { DocEntry } from './parse-annotations.js';

/** Read every `*.lua` (annotations) and `*.md` (reference) file of a docs directory, sorted by name. */
export function readDocsDir(dir: string): DocEntry[] {
  const entries: DocEntry[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (name.endsWith('.lua')) entries.push(...parseAnnotations(fs.readFileSync(file, 'utf8'), name));
    else if (name.endsWith('.md')) entries.push(...parseReference(fs.readFileSync(file, 'utf8'), name));
  }
  return entries;
}

function tokens(words: string): string[] {
  return words
    .toLowerCase()
    .split(/[^\p{L}\p{N}_.:]+/u)
    .map((w) => w.replace(/^[.:]+|[.:]+$/g, ''))
    .filter(Boolean);
}

/** How well an entry matches one word; 0 when it does not. */
function scoreWord(entry: DocEntry, word: string): number {
  const name = entry.name.toLowerCase();
  if (name === word || name.endsWith(`.${word}`)) return 20;
  if (name.includes(word)) return 8;
  if (entry.signature.toLowerCase().includes(word)) return 4;
  const text = `${entry.description} ${entry.params.map((p) => `${p.name} ${p.description}`).join(' ')} ${entry.fields.map((f) => `${f.name} ${f.description}`).join(' ')}`.toLowerCase();
  return text.includes(word) ? 1 : 0;
}

export class DocIndex {
  constructor(private readonly entries: DocEntry[]) {}

  all(): readonly DocEntry[] {
    return this.entries;
  }

  get(name: string): DocEntry | undefined {
    return this.entries.find((e) => e.name === name) ?? this.entries.find((e) => e.name.toLowerCase() === name.toLowerCase());
  }

  /**
   * Entries matching the words, best first: those containing every word, then
   * those containing some; a match in the name counts most.
   */
  search(words: string, limit = 10): DocEntry[] {
    const ws = tokens(words);
    if (ws.length === 0) return this.entries.slice(0, limit);
    // Neovim's words (core's NEOVIM_TERMS): "autocmd" finds lug.on first, "vim.opt" lug.opt.
    const aliased = [words, ...ws].flatMap((w) => lugNamesFor(w));
    const first = [...new Set(aliased)].map((n) => this.get(n)).filter((e): e is DocEntry => e !== undefined);
    if (first.length) {
      const rest = this.rank(ws).filter((e) => !first.includes(e));
      return [...first, ...rest].slice(0, limit);
    }
    return this.rank(ws).slice(0, limit);
  }

  private rank(ws: string[]): DocEntry[] {
    const scored: Array<{ entry: DocEntry; score: number; order: number }> = [];
    this.entries.forEach((entry, order) => {
      let score = 0;
      let hits = 0;
      for (const w of ws) {
        const s = scoreWord(entry, w);
        if (s > 0) hits++;
        score += s;
      }
      if (hits === 0) return;
      scored.push({ entry, score: score + (hits === ws.length ? 1000 : hits * 50), order });
    });
    scored.sort((a, b) => b.score - a.score || a.order - b.order);
    return scored.map((s) => s.entry);
  }
}
