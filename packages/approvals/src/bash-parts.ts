/**
 * Splits a bash command line into the parts a rule judges one by one, with a
 * real shell parser (tree-sitter-bash), so that a rule allowing `git status`
 * cannot be used to run `git status && rm -rf ~` or `git status > ~/.bashrc`.
 *
 * A part is each simple command wherever it sits (lists, pipelines, `$(…)`,
 * backticks, subshells, `if`/`for`/`while`/`case` bodies, functions), written
 * without its redirections but with its `VAR=value` prefixes, plus `> FILE`
 * for each redirection that writes to a file other than /dev/null.
 */
import { createRequire } from 'node:module';
import type { Node, Parser } from 'web-tree-sitter';

export interface CommandLineParts {
  /** The parts in the order they appear (outer command before what it substitutes). */
  parts: string[];
  /** Set when the line does not parse: the call must ask. */
  error?: string;
}

let loading: Promise<Parser> | undefined;

/**
 * The parser, loaded on first use and only once (~25–40 ms: the runtime and
 * the grammar are WebAssembly). A failed load is forgotten so a later call retries.
 */
export function loadBashParser(): Promise<Parser> {
  loading ??= (async () => {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init();
    const grammar = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    const bash = await Language.load(grammar);
    return new Parser().setLanguage(bash);
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export async function splitCommandLine(line: string): Promise<CommandLineParts> {
  let parser: Parser;
  try {
    parser = await loadBashParser();
  } catch (err) {
    return { parts: [], error: `the bash parser could not be loaded (${(err as Error).message}), so the command line cannot be checked part by part` };
  }
  return splitWith(parser, line);
}

export function splitWith(parser: Parser, line: string): CommandLineParts {
  const tree = parser.parse(line);
  if (!tree) return { parts: [], error: 'the bash parser returned no tree for this command line' };
  try {
    const root = tree.rootNode;
    if (root.hasError) return { parts: [], error: describeSyntaxError(root, line) };
    const parts: string[] = [];
    collectParts(root, parts);
    return { parts };
  } finally {
    tree.delete();
  }
}

const REDIRECTS = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
/** Where a variable assignment is a prefix or an argument, not a statement of its own. */
const ASSIGNMENT_HOSTS = new Set(['command', 'declaration_command', 'variable_assignments', 'c_style_for_statement']);

function collectParts(node: Node, parts: string[]): void {
  switch (node.type) {
    case 'command':
    case 'declaration_command':
    case 'unset_command':
      parts.push(simpleCommandText(node));
      break;
    case 'test_command':
      parts.push(node.text);
      break;
    case 'variable_assignment':
    case 'variable_assignments':
      if (!ASSIGNMENT_HOSTS.has(node.parent?.type ?? '')) parts.push(node.text);
      break;
    case 'compound_statement':
      // `(( expr ))` evaluates arithmetic, which can run commands through array subscripts.
      if (node.child(0)?.type === '((') parts.push(node.text);
      break;
    case 'c_style_for_statement':
      parts.push(forHeaderText(node));
      break;
    case 'file_redirect': {
      const part = writtenFilePart(node);
      if (part) parts.push(part);
      break;
    }
    case 'redirected_statement': {
      // Words after a redirection belong to the command; with no command as the body, bash runs them as one.
      const body = node.childForFieldName('body');
      if (!body || body.type !== 'command') {
        const words = node.children.filter((c) => REDIRECTS.has(c.type)).flatMap(wordsAfterTarget);
        if (words.length) parts.push(words.map((w) => w.text).join(' '));
      }
      break;
    }
  }
  for (const child of node.children) collectParts(child, parts);
}

/**
 * The command as written, without its redirections. tree-sitter files words
 * that follow a redirection (`git >/dev/null -c x status`) under the
 * redirection; bash passes them to the command, so they go back in, in order.
 */
function simpleCommandText(node: Node): string {
  const pieces: Node[] = [];
  for (const child of node.children) {
    if (REDIRECTS.has(child.type)) pieces.push(...wordsAfterTarget(child));
    else pieces.push(child);
  }
  const parent = node.parent;
  if (parent?.type === 'redirected_statement' && parent.childForFieldName('body')?.equals(node)) {
    for (const child of parent.children) if (REDIRECTS.has(child.type)) pieces.push(...wordsAfterTarget(child));
  }
  pieces.sort((a, b) => a.startIndex - b.startIndex);
  return pieces.map((p) => p.text).join(' ');
}

function wordsAfterTarget(redirect: Node): Node[] {
  if (redirect.type === 'file_redirect') return redirect.childrenForFieldName('destination').slice(1);
  if (redirect.type === 'heredoc_redirect') return redirect.children.filter((c) => c.type === 'file_redirect').flatMap(wordsAfterTarget);
  return [];
}

/** `> FILE` for a redirection that writes to a file; nothing for reads, fd duplication and /dev/null. */
function writtenFilePart(redirect: Node): string | undefined {
  const operator = redirect.children.find((c) => !c.isNamed)?.type ?? '';
  if (!operator.includes('>')) return undefined;
  const target = redirect.childForFieldName('destination');
  if (!target) return undefined; // `>&-` closes a descriptor
  if ((operator === '>&' || operator === '<&') && (target.type === 'number' || target.text === '-')) return undefined; // `2>&1`
  if (isDevNull(target.text)) return undefined;
  return `> ${target.text}`;
}

function isDevNull(text: string): boolean {
  return text === '/dev/null' || text === "'/dev/null'" || text === '"/dev/null"';
}

function forHeaderText(node: Node): string {
  const body = node.childForFieldName('body');
  const text = node.text;
  const header = body ? text.slice(0, text.length - body.text.length) : text;
  return header.trim().replace(/;$/, '').trim();
}

function describeSyntaxError(root: Node, line: string): string {
  const bad = firstErrorNode(root);
  const at = bad ? bad.startIndex : 0;
  const near = line.slice(at, at + 30).split('\n')[0];
  const where = near ? ` near "${near}"` : ' at the end';
  return `the command line is not valid bash (a syntax error${where}, e.g. an unterminated quote), so it cannot be checked part by part`;
}

function firstErrorNode(node: Node): Node | undefined {
  if (node.isError || node.isMissing) return node;
  for (const child of node.children) {
    if (child.hasError || child.isMissing) {
      const found = firstErrorNode(child);
      if (found) return found;
    }
  }
  return undefined;
}
