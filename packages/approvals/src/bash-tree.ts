/**
 * What the walk needs to know of tree-sitter-bash's nodes: which are words
 * and redirections, where a command's words really are, and how to name a
 * syntax error.
 */
import type { Node } from 'web-tree-sitter';
import type { NodeReader } from './bash-node-reader.js';

export const WORD_TYPES = new Set([
  'word',
  'string',
  'raw_string',
  'translated_string',
  'ansi_c_string',
  'number',
  'expansion',
  'simple_expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  'brace_expression',
  'concatenation',
  'regex',
  'extglob_pattern',
]);
export const REDIRECTS = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
export const HEREDOC_PIECES = new Set(['heredoc_start', 'heredoc_body', 'heredoc_end', 'file_descriptor']);
/**
 * The words of a command as bash splits them. tree-sitter sometimes leaves a
 * character of a word out of every node (`$` of `sudo $"rm"`) or splits one
 * word in two; a word takes back the text that touches it, and touching
 * words are one.
 */
export function wordRanges(src: string, words: Node[], siblingEnds: number[], from: number, nodes: NodeReader): Array<{ start: number; end: number }> {
  const spans = words.map((w) => ({ start: w.startIndex, end: nodes.end(w) })).sort((x, y) => x.start - y.start);
  // Both sorted, so each word's previous sibling end is found walking forward once (a line of 200,000 words took 47 s when each word searched all the ends).
  const ends = [...siblingEnds].sort((x, y) => x - y);
  let k = 0;
  const ranges: Array<{ start: number; end: number }> = [];
  for (const w of spans) {
    while (k < ends.length && ends[k] <= w.start) k += 1;
    const previousEnd = k > 0 ? Math.max(from, ends[k - 1]) : from;
    let start = w.start;
    if (previousEnd < start && (!/\s/.test(src[start - 1]) || src[start - 2] === '\\')) {
      const tail = /(?:\\\s|\S)+$/.exec(src.slice(previousEnd, start))?.[0] ?? '';
      start -= tail.length;
    }
    const last = ranges[ranges.length - 1];
    if (last && last.end >= start) last.end = Math.max(last.end, w.end);
    else ranges.push({ start, end: w.end });
  }
  return ranges;
}

const ENDED_BY_A_COMMAND = new Set(['list', 'pipeline', 'negated_command']);

/** The simple command that ends a list, pipeline or `!` (`rm` of `a && ! b | rm`), if one ends it. */
export function lastCommandOf(body: Node, nodes: NodeReader): Node | undefined {
  let node: Node | undefined = body;
  if (!ENDED_BY_A_COMMAND.has(nodes.type(node))) return undefined;
  while (node && ENDED_BY_A_COMMAND.has(nodes.type(node))) node = nodes.namedChildren(node).at(-1);
  return node && nodes.type(node) === 'command' ? node : undefined;
}

/** The node of `type` that begins at `at`, if there is one. */
export function startingAt(root: Node, at: number, type: string, nodes: NodeReader): Node | undefined {
  let node: Node | null = root.descendantForIndex(at, at + 1);
  while (node && node.startIndex === at) {
    if (nodes.type(node) === type) return node;
    node = node.parent;
  }
  return undefined;
}

/** The outermost word nodes under `node` (what `[[ … ]]` compares). */
export function wordLeaves(node: Node, nodes: NodeReader): Node[] {
  const out: Node[] = [];
  for (const child of nodes.namedChildren(node)) {
    if (WORD_TYPES.has(nodes.type(child))) out.push(child);
    else out.push(...wordLeaves(child, nodes));
  }
  return out;
}

export function operator(redirect: Node, nodes: NodeReader): string {
  const op = nodes.children(redirect).find((c) => !nodes.isNamed(c));
  return op ? nodes.type(op) : '';
}

/**
 * tree-sitter files words that follow a redirection (`git >/dev/null -c x status`)
 * under the redirection; bash passes them to the command.
 */
export function wordsAfterTarget(redirect: Node, nodes: NodeReader): Node[] {
  const type = nodes.type(redirect);
  if (type === 'file_redirect') {
    // Only a redirection with two named children besides its descriptor can have a second destination: most have one.
    if (nodes.namedChildren(redirect).filter((c) => nodes.type(c) !== 'file_descriptor').length < 2) return [];
    return redirect.childrenForFieldName('destination').slice(1);
  }
  if (type === 'heredoc_redirect') {
    return nodes.namedChildren(redirect).flatMap((c) => (nodes.type(c) === 'file_redirect' ? wordsAfterTarget(c, nodes) : WORD_TYPES.has(nodes.type(c)) ? [c] : []));
  }
  return [];
}

/** A newline outside quotes and substitutions: no bash word holds one, so the parse went wrong. */
export function unquotedNewline(word: string): boolean {
  if (!word.includes('\n')) return false;
  let quote = '';
  let depth = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === '\\' && quote !== "'") i += 1;
    else if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '{') depth += 1;
    else if (c === ')' || c === '}') depth -= 1;
    else if (c === '\n' && depth <= 0) return true;
  }
  return false;
}

export function preview(text: string): string {
  return text.slice(0, 30).split('\n')[0];
}

export function describeSyntaxError(root: Node, line: string): string {
  const bad = firstErrorNode(root);
  const at = bad ? bad.startIndex : 0;
  const near = line.slice(at, at + 30).split('\n')[0];
  const where = near ? ` near "${near}"` : ' at the end';
  return `the command line is not valid bash as lug reads it (a syntax error${where}, e.g. an unterminated quote)`;
}

export function firstErrorNode(node: Node): Node | undefined {
  if (node.isError || node.isMissing) return node;
  for (const child of node.children) {
    if (child.hasError || child.isMissing) {
      const found = firstErrorNode(child);
      if (found) return found;
    }
  }
  return undefined;
}
