/**
 * A script made ready for tree-sitter-bash, where its reading differs from
 * bash's:
 * - a backslash-newline is removed wherever bash removes it (everywhere but
 *   in single quotes, `$'…'`, comments and quoted here-documents), so
 *   `r\<newline>m x` is `rm x` (tree-sitter reads it as two words);
 * - tree-sitter parses a copy in which a word starting with `{` (`{rm,-rf,x}`,
 *   which bash brace-expands) does not start with `{`, and the keywords
 *   `time [-p]` and `coproc [NAME]` are blanked, since tree-sitter reads
 *   `time { rm x; }` as a command named `time` and a command named `}`, and
 *   so is `!` before a compound command (`! if true; then rm x; fi` is
 *   commands named `if`, `then` and `fi` for tree-sitter): negation changes
 *   no command that runs.
 * The copy has the same length, so every node's range is a range of the real
 * text, which is what parts are cut from.
 */
import type { Node, Tree } from 'web-tree-sitter';

export interface PreparedSource {
  /** The script as bash reads it, backslash-newlines joined. */
  text: string;
  /** The parse of the copy; its ranges index `text`. */
  tree: Tree;
  /** The copy tree-sitter parsed: between its nodes, only blanks, unless tree-sitter dropped a word. */
  parsed: string;
  /**
   * A here-document's delimiter as tree-sitter read it, when it holds an
   * operator (`EOF;`, `EOF|rm`): what follows it on its line is misread.
   */
  misread?: string;
}

/** `<<` and a word after it holding an operator's character: tree-sitter may read it all as a here-document's delimiter. */
const GLUED_DELIMITER = /<<-?[ \t]*[^\s]*[;&|<>()]/;

/** Re-parses past this many keywords to blank are not tried. */
const MAX_KEYWORD_PASSES = 16;

export function prepareSource(script: string, parse: (text: string) => Tree): PreparedSource {
  let text = script;
  let copy = braceWordsHidden(text);
  let tree = parse(copy);
  if (text.includes('\\\n')) {
    const joins = continuations(text, tree.rootNode);
    if (joins.length) {
      text = removeAt(text, joins);
      copy = braceWordsHidden(text);
      tree = parse(copy);
    }
  }
  // Asking tree-sitter for the delimiters costs a quarter of a parse: only where one may hold an operator, once a tree.
  const misreadIn = GLUED_DELIMITER.test(text) ? onceATree((t) => misreadDelimiter(t.rootNode)) : () => undefined;
  if (text.includes('<<') && (tree.rootNode.hasError || misreadIn(tree) !== undefined)) {
    // tree-sitter cannot end a here-document's line with `; cmd` or `& cmd`
    // (an error, or, with an expansion in the body, a delimiter `EOF;` whose
    // body still ends at `EOF` and `cmd` as words of the command);
    // ` | cmd` is as long, and finds the same commands.
    const retry = listAfterHeredoc(copy);
    if (retry !== copy) {
      const again = parse(retry);
      if (!again.rootNode.hasError && misreadIn(again) === undefined) {
        copy = retry;
        tree = again;
      }
    }
  }
  for (let pass = 0; pass < MAX_KEYWORD_PASSES && (/\b(time|coproc)\b/.test(text) || NEGATED_COMPOUND.test(text)); pass++) {
    const blanks = keywordsToBlank(text, tree.rootNode);
    if (!blanks.length) break;
    for (const [start, end] of blanks) copy = copy.slice(0, start) + ' '.repeat(end - start) + copy.slice(end);
    tree = parse(copy);
  }
  const misread = misreadIn(tree);
  return misread === undefined ? { text, tree, parsed: copy } : { text, tree, parsed: copy, misread };
}

/** `read` of a tree, asked of the last tree it was given again without reading it again. */
function onceATree<T>(read: (tree: Tree) => T): (tree: Tree) => T {
  let last: { tree: Tree; value: T } | undefined;
  return (tree) => {
    if (last?.tree !== tree) last = { tree, value: read(tree) };
    return last.value;
  };
}

/**
 * A here-document delimiter tree-sitter read with an unquoted operator in it
 * (`cat <<EOF|rm x` with `$H` in the body is `cat` with the delimiter
 * `EOF|rm` and the word `x`; bash runs `rm x`).
 */
function misreadDelimiter(root: Node): string | undefined {
  for (const start of root.descendantsOfType('heredoc_start')) {
    const text = start?.text ?? '';
    if (/[;&|<>()\s]/.test(text.replace(/\\.|'[^']*'|"(?:[^"\\]|\\.)*"/g, ''))) return text;
  }
  return undefined;
}

/**
 * The copy tree-sitter parses: `{` beginning a word that bash does not read
 * as the keyword `{` (it is followed by a non-blank) is hidden, and so are an
 * escaped `$` or backtick, which tree-sitter misreads in here-documents
 * (`\$(date)` there is text) — an escaped character is text everywhere —
 * and a backslash beginning a line before a letter or a `$`: tree-sitter
 * reads a here-document whose body begins with one as empty.
 */
function braceWordsHidden(text: string): string {
  let copy = text;
  if (copy.includes('{')) copy = copy.replace(/(^|[\s;&|(`])\{(?=[^\s])/g, '$1_');
  if (copy.includes('\\$') || copy.includes('\\`')) copy = copy.replace(/(?<!\\)((?:\\\\)*\\)[$`]/g, '$1_');
  if (copy.includes('\n\\')) copy = copy.replace(/\n\\(?=[A-Za-z0-9_$\\/.~-])/g, '\n_');
  return copy;
}

/** Where a backslash-newline is a line continuation for bash. */
function continuations(text: string, root: Node): number[] {
  const at: number[] = [];
  for (let i = text.indexOf('\\\n'); i >= 0; i = text.indexOf('\\\n', i + 1)) {
    let run = 1;
    while (text[i - run] === '\\') run += 1;
    if (run % 2 === 1 && !inLiteralText(text, root, i)) at.push(i);
  }
  return at;
}

function inLiteralText(text: string, root: Node, i: number): boolean {
  for (let node: Node | null = root.descendantForIndex(i, i + 1); node; node = node.parent) {
    if (node.type === 'raw_string' || node.type === 'comment' || node.type === 'ansi_c_string') return true;
    if (node.type === 'heredoc_body') {
      const start = node.parent?.children.find((c) => c.type === 'heredoc_start');
      if (start && /['"\\]/.test(text.slice(start.startIndex, start.endIndex))) return true;
    }
  }
  return false;
}

function removeAt(text: string, joins: number[]): string {
  let out = '';
  let from = 0;
  for (const i of joins) {
    out += text.slice(from, i);
    from = i + 2;
  }
  return out + text.slice(from);
}

/** On each line holding `<<`, `; ` and `& ` after it become ` |`. */
function listAfterHeredoc(copy: string): string {
  return copy
    .split('\n')
    .map((line) => {
      const at = line.indexOf('<<');
      if (at < 0) return line;
      return line.slice(0, at) + line.slice(at).replace(/(?<![;&|])[;&][ \t]/g, ' |');
    })
    .join('\n');
}

const COMPOUND_START = /^(\{|\(|\[\[|(while|until|if|for|case|select)\b)/;
/** What tree-sitter misreads after `!`: a compound command, a function definition, another `!`. */
const AFTER_NEGATION = /^(\{|\(|\[\[|!|(while|until|if|for|case|select|function|time|coproc)\b)/;
const NEGATED_COMPOUND = /!\s+(\{|\(|\[\[|!|(while|until|if|for|case|select|function|time|coproc)\b)/;

/** The ranges of `time [-p] [--]` and `coproc [NAME]` read as command names, and of `!` before what tree-sitter misreads after it. */
function keywordsToBlank(text: string, root: Node): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const visit = (node: Node) => {
    if (node.type === 'negated_command' && AFTER_NEGATION.test(text.slice(node.startIndex + 1).trimStart())) out.push([node.startIndex, node.startIndex + 1]);
    if (node.type === 'command') {
      const name = node.childForFieldName('name');
      const word = name ? text.slice(name.startIndex, name.endIndex) : '';
      if (name && (word === 'time' || word === 'coproc') && name.startIndex === node.startIndex) {
        const rest = text.slice(name.endIndex);
        let length = word.length;
        if (word === 'time') length += /^(\s+-p)?(\s+--)?/.exec(rest)![0].length;
        else {
          const named = /^\s+[A-Za-z_][A-Za-z0-9_]*(?=\s+)/.exec(rest);
          if (named && COMPOUND_START.test(rest.slice(named[0].length).trimStart())) length += named[0].length;
        }
        out.push([name.startIndex, name.startIndex + length]);
        return;
      }
    }
    for (const child of node.namedChildren) visit(child);
  };
  visit(root);
  return out;
}
