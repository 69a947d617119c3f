/**
 * Where a substitution (`$(…)`, `<(…)`, `$((…))`) a word holds is in
 * tree-sitter's tree, or, where tree-sitter did not see it (inside a
 * here-document, say), its parse on its own.
 */
import type { Node, Tree } from 'web-tree-sitter';
import { NodeReader } from './bash-node-reader.js';
import { startingAt } from './bash-tree.js';
import type { SubstitutionKind } from './bash-words.js';

export function substitutionType(kind: SubstitutionKind): string {
  return kind === 'command' ? 'command_substitution' : kind === 'process' ? 'process_substitution' : 'arithmetic_expansion';
}

/**
 * The substitution at `at` in `src` (no further than `end`) parsed on its
 * own: first up to where its parentheses balance, then to the end of its
 * line, then to the end of the text it is in. Its text and its node in that
 * text's tree; undefined if no such parse ends it.
 */
export function substitutionAlone(src: string, at: number, end: number, kind: SubstitutionKind, parse: (text: string) => Tree): { text: string; tree: Tree; node: Node } | undefined {
  const stops = [balanced(src, at, end), src.indexOf('\n', at), end].filter((s) => s > at && s <= end);
  for (const stop of [...new Set(stops)].sort((x, y) => x - y)) {
    const text = src.slice(at, stop);
    const tree = parse(text);
    const node = startingAt(tree.rootNode, 0, substitutionType(kind), new NodeReader());
    if (node && !node.hasError && closes(text, node, kind)) return { text, tree, node };
  }
  return undefined;
}

/** Just past the `)` that balances the `(` after `at`, counting outside quotes; -1 if none. */
function balanced(src: string, at: number, end: number): number {
  let depth = 0;
  let quote = '';
  for (let i = at + 1; i < end; i++) {
    const c = src[i];
    if (c === '\\' && quote !== "'") i += 1;
    else if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** A substitution parsed on its own really ends there: with its closing `)` (not one tree-sitter supplied as missing). */
function closes(text: string, node: Node, kind: SubstitutionKind): boolean {
  const last = node.lastChild;
  if (!last || last.isMissing) return false;
  return kind === 'arithmetic' ? text.slice(node.endIndex - 2, node.endIndex) === '))' || text[node.endIndex - 1] === ']' : text[node.endIndex - 1] === ')';
}
