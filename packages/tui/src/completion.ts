/**
 * Completion for the input: `:command` names and their arguments from the
 * command registry (the TUI's and Lua's alike), and `@path` from the project's
 * file list. Pure functions: the editor store decides when to ask.
 */
import type { CommandRegistry } from '@lug/core';
import { tokenBeforeCursor, type EditorState } from './editor.js';

export interface CompletionItem {
  /** What the menu shows. */
  label: string;
  /** The text that replaces editor.text[start, cursor). */
  replacement: string;
  detail?: string;
}

export interface Completions {
  start: number;
  items: CompletionItem[];
}

export const MAX_COMPLETIONS = 50;

/** Completions for a `:` line, or undefined when the cursor is not in a command line. */
export function completeCommandLine(s: EditorState, commands: CommandRegistry): Completions | undefined {
  if (!s.text.startsWith(':')) return undefined;
  const before = s.text.slice(0, s.cursor);
  if (before.includes('\n')) return undefined;
  const nameOnly = /^:(\S*)$/.exec(before);
  if (nameOnly) {
    const items = commands
      .list()
      .filter((c) => c.name.startsWith(nameOnly[1]!))
      .map((c) => ({ label: `:${c.name}`, replacement: `:${c.name}`, detail: c.desc }));
    return { start: 0, items };
  }
  const withArgs = /^:(\S+)\s+/.exec(before);
  if (!withArgs) return undefined;
  const command = commands.get(withArgs[1]!);
  if (!command?.complete) return undefined;
  const start = withArgs[0].length;
  const argText = before.slice(start);
  let found: string[];
  try {
    found = command.complete(argText);
  } catch {
    return undefined;
  }
  const items = found.slice(0, MAX_COMPLETIONS).map((c) => ({ label: c, replacement: c }));
  return { start, items };
}

/** Directories implied by a file list ("src/a/b.ts" gives "src/" and "src/a/"). */
export function withDirectories(files: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const file of files) {
    let slash = file.indexOf('/');
    while (slash !== -1) {
      dirs.add(file.slice(0, slash + 1));
      slash = file.indexOf('/', slash + 1);
    }
  }
  return [...dirs, ...files];
}

function isSubsequence(query: string, text: string): boolean {
  let i = 0;
  for (let j = 0; j < text.length && i < query.length; j++) if (text[j] === query[i]) i++;
  return i === query.length;
}

/** How well a path matches: lower is better, undefined is no match. */
export function rankPath(query: string, path: string): number | undefined {
  if (!query) return path.includes('/') && !path.endsWith('/') ? 1 : 0;
  const q = query.toLowerCase();
  const p = path.toLowerCase();
  const base = p.endsWith('/') ? p.slice(p.lastIndexOf('/', p.length - 2) + 1) : p.slice(p.lastIndexOf('/') + 1);
  if (p.startsWith(q)) return 0;
  if (base.startsWith(q)) return 1;
  if (p.includes(q)) return 2;
  if (isSubsequence(q, p)) return 3;
  return undefined;
}

/** Completions for an `@path` token before the cursor, or undefined when there is none. */
export function completePathToken(s: EditorState, paths: readonly string[]): Completions | undefined {
  const { token, start } = tokenBeforeCursor(s);
  if (!token.startsWith('@')) return undefined;
  const query = token.slice(1);
  const ranked: Array<{ path: string; rank: number }> = [];
  for (const path of paths) {
    // A directory already typed out is where the person is: offer what is in it.
    if (path === query && path.endsWith('/')) continue;
    const rank = rankPath(query, path);
    if (rank !== undefined) ranked.push({ path, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.path.length - b.path.length || a.path.localeCompare(b.path));
  const items = ranked.slice(0, MAX_COMPLETIONS).map(({ path }) => ({ label: path, replacement: `@${path}` }));
  return { start, items };
}

/** The longest common prefix of the replacements, for Tab with several candidates. */
export function commonPrefix(items: readonly CompletionItem[]): string {
  if (items.length === 0) return '';
  let prefix = items[0]!.replacement;
  for (const item of items) {
    let i = 0;
    while (i < prefix.length && i < item.replacement.length && prefix[i] === item.replacement[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix;
}
