/**
 * A command as the walk (bash-walk.ts) runs it: its words as the walk knows
 * them, its argv with the written word each value came from, and where the
 * command stands.
 */
import type { Node } from 'web-tree-sitter';
import type { Stdin } from './bash-redirections.js';
import type { WordValue } from './bash-words.js';
import type { Arg } from './bash-wrappers.js';

/** A word as the walk knows it: where it is, and what bash makes of it. */
export interface Word extends WordValue {
  start: number;
  end: number;
}

/** Where a command is: what it reads on stdin, its node, and whether its program is only guessed. */
export interface Context {
  stdin: Stdin;
  node: Node;
  guessed?: boolean;
}

/** One word of argv after brace expansion, and which written word it came from. */
export interface Expanded extends Arg {
  word: number;
}

export function expand(words: Word[]): Expanded[] {
  const argv: Expanded[] = [];
  words.forEach((w, k) => {
    for (const value of w.values) argv.push({ value, static: w.static, word: k });
  });
  return argv;
}
