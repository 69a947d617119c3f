/**
 * The compound commands and tests of a plain line (bash-plain-line.ts),
 * read without the parser to the parts the walk (bash-walk.ts) finds in
 * them:
 * - `for NAME [in WORDS]; do LIST; done`, `while LIST; do LIST; done` and
 *   `until`: the commands the words substitute, then the lists' parts (the
 *   loop is no part);
 * - `if LIST; then LIST; [elif LIST; then LIST;]… [else LIST;] fi`: each
 *   list's parts in turn;
 * - `case WORD in PAT[|PAT]…) LIST ;; … esac`, its word static or a
 *   variable (`$x`, `"$1"`), its patterns plain words and globs,
 *   each item ended by `;;` (the last one may end at `esac`; `;&` and `;;&`
 *   are left to the whole splitter): the lists' parts;
 * - redirections after `done`, `fi` and `esac`: the files they write, after
 *   the body's parts;
 * - `[ … ]` and `[[ … ]]`: one part, the test as written, with the walk's
 *   argv (the operands only: tree-sitter reads `-f`, `=`, `-eq`, `!`, `-a`,
 *   `&&` as operators, not words), after the commands its operands
 *   substitute. A test evaluates variables as code, so a line holding one and
 *   a static text with `$(` or a backtick is left to the whole splitter
 *   (which makes it incomplete). The operators read are a fixed list; `=~`,
 *   `<`, `>`, parentheses, an operand starting with `-` or holding `{`, a backtick in `[[` (tree-sitter reads `[[ a = `b` && c ]]` as an error), and a static operand
 *   holding `$` or a backtick are not.
 * Compound commands nest up to 8 deep (MAX_COMPOUND), and are read on a line
 * and in scripts, not in a command substitution.
 */
import type { BashPart } from './bash-part.js';
import { redirectPart, syntaxPart } from './bash-part.js';
import { holdsCode } from './bash-assigned-names.js';
import { MAX_DEPTH, MAX_PARTS } from './bash-line.js';
import type { PlainWord, Scope, Token } from './bash-plain-words.js';

/** Compound commands inside compound commands past this are left to the whole splitter. */
export const MAX_COMPOUND = 8;

/** A loop's variable. */
const NAME = /^[A-Za-z_]\w*$/;
/** A case's word: static plain characters, or a variable, bare or in double quotes. */
const CASE_WORD = /^(?:[A-Za-z0-9_./:,@%+=-]+|("?)\$(?:[A-Za-z_]\w*|[0-9]|\{(?:[A-Za-z_]\w*|[0-9])\})\1)$/;
/** A case pattern: plain characters and globs. */
const CASE_PATTERN = /^[A-Za-z0-9_./:,@%+=*?-]+$/;

/** Reserved words, and the words of a test: never a command word or a loop's word here. */
export const RESERVED = new Set(['if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done', 'in', 'function', 'time', 'coproc', '[', ']', '[[', ']]', '!', '{', '}']);

/** The words that start a compound command read here. */
const COMPOUND = new Set(['for', 'while', 'until', 'if', 'case']);

/** Test operators tree-sitter reads before one operand (`-f x`). */
const UNARY = new Set(['-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-u', '-w', '-x', '-G', '-L', '-N', '-O', '-S', '-n', '-z']);
/** Test operators between two operands (`x = y`, `$a -eq 1`). */
const BINARY = new Set(['=', '==', '!=', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-nt', '-ot', '-ef']);

/** One text's tokens being read into parts; `list` reads a list (bash-plain-line.ts readList). */
export interface Reader {
  line: string;
  tokens: Token[];
  scope: Scope;
  parts: BashPart[];
  list: (reader: Reader, i: number, ends: readonly string[], depth: number) => number | undefined;
}

/** Newlines from `i` on skipped. */
export function skipNewlines(tokens: Token[], i: number): number {
  while (isOp(tokens[i], '\n')) i++;
  return i;
}

export function isOp(token: Token | undefined, text: string): boolean {
  return token?.kind === 'op' && token.text === text;
}

/** Whether tokens[i] is the word `word`, as written (a reserved word is not quoted). */
export function isWord(tokens: Token[], i: number, word: string): boolean {
  const token = tokens[i];
  return token?.kind === 'word' && token.word.written === word;
}

/** The compound command or test at tokens[i], if one starts there: the index after it, or undefined where it is not read. */
export function readCompound(reader: Reader, i: number, depth: number): number | undefined | 'none' {
  const token = reader.tokens[i];
  if (token?.kind !== 'word' || reader.scope.substituted) return 'none';
  const word = token.word.written;
  if (word === '[' || word === '[[') return readTest(reader, i);
  if (!COMPOUND.has(word)) return 'none';
  if (depth >= MAX_COMPOUND) return undefined;
  if (word === 'for') return readFor(reader, i + 1, depth + 1);
  if (word === 'if') return readIf(reader, i + 1, depth + 1);
  if (word === 'case') return readCaseAt(reader, i, depth + 1);
  return readWhile(reader, i + 1, depth + 1);
}

/**
 * `for NAME [in WORDS]; do LIST; done` after its `for`: the commands its
 * words substitute, then the list's parts. Returns the index after `done`
 * and its redirections.
 */
function readFor(reader: Reader, i: number, depth: number): number | undefined {
  const { tokens } = reader;
  const name = tokens[i];
  // A loop on a variable holding code (`for PROMPT_COMMAND in …`) is incomplete for the walk.
  if (name?.kind !== 'word' || !NAME.test(name.word.written) || holdsCode(name.word.written)) return undefined;
  i++;
  if (isWord(tokens, i, 'in')) {
    // tree-sitter reads `for f in; do` as an error.
    if (tokens[i + 1]?.kind !== 'word') return undefined;
    for (i++; ; i++) {
      const token = tokens[i];
      if (token?.kind !== 'word') break;
      if (RESERVED.has(token.word.value)) return undefined;
      reader.parts.push(...token.word.inner);
    }
  }
  const separator = tokens[i];
  if (separator?.kind !== 'op' || (separator.text !== ';' && separator.text !== '\n')) return undefined;
  i = skipNewlines(tokens, i + 1);
  if (!isWord(tokens, i, 'do')) return undefined;
  return readBody(reader, i + 1, depth);
}

/** `while LIST; do LIST; done` (or `until`) after its first word: the parts of both lists. */
function readWhile(reader: Reader, i: number, depth: number): number | undefined {
  const after = reader.list(reader, i, ['do'], depth);
  if (after === undefined) return undefined;
  return readBody(reader, after + 1, depth);
}

/** A loop's body after its `do`, up to its `done` and the redirections after it. */
function readBody(reader: Reader, i: number, depth: number): number | undefined {
  const done = reader.list(reader, i, ['done'], depth);
  return done === undefined ? undefined : afterCompound(reader, done + 1);
}

/** `if LIST; then LIST; [elif LIST; then LIST;]… [else LIST;] fi` after its `if`: each list's parts in turn. */
function readIf(reader: Reader, i: number, depth: number): number | undefined {
  const { tokens } = reader;
  for (;;) {
    const then = reader.list(reader, i, ['then'], depth);
    if (then === undefined) return undefined;
    const end = reader.list(reader, then + 1, ['elif', 'else', 'fi'], depth);
    if (end === undefined) return undefined;
    i = end + 1;
    if (isWord(tokens, end, 'elif')) continue;
    if (isWord(tokens, end, 'else')) {
      const fi = reader.list(reader, i, ['fi'], depth);
      if (fi === undefined) return undefined;
      i = fi + 1;
    }
    return afterCompound(reader, i);
  }
}

/**
 * A case at tokens[at]. tree-sitter misreads some cases on several lines in
 * a pipeline (`a |\ncase x in\n  b*) c ;; \nesac | d\ne` runs `d e`):
 * such a case is left to the whole splitter.
 */
function readCaseAt(reader: Reader, at: number, depth: number): number | undefined {
  const { tokens } = reader;
  const end = readCase(reader, at + 1, depth);
  if (end === undefined) return undefined;
  let before = at - 1;
  while (isOp(tokens[before], '\n')) before--;
  const piped = isOp(tokens[before], '|') || isOp(tokens[end], '|');
  return piped && tokens.slice(at, end).some((t) => isOp(t, '\n')) ? undefined : end;
}

/**
 * `case WORD in PAT[|PAT]…) LIST ;; … esac` after its `case`: the lists'
 * parts (its word and patterns substitute nothing here).
 */
function readCase(reader: Reader, i: number, depth: number): number | undefined {
  const { tokens } = reader;
  const word = tokens[i];
  if (word?.kind !== 'word' || !CASE_WORD.test(word.word.written) || !isWord(tokens, i + 1, 'in')) return undefined;
  // After a word `==`, tree-sitter reads a pattern through `;;`, newlines and `)` (`echo == 1 ;;\n a) ls`).
  if (tokens.some((t) => t.kind === 'word' && t.word.written === '==')) return undefined;
  i = skipNewlines(tokens, i + 2);
  if (isWord(tokens, i, 'esac')) return undefined;
  for (;;) {
    // Patterns: `a|b*)`.
    for (;;) {
      const pattern = tokens[i];
      if (pattern?.kind !== 'word' || !CASE_PATTERN.test(pattern.word.written) || RESERVED.has(pattern.word.written)) return undefined;
      i++;
      if (isOp(tokens[i], ')')) break;
      if (!isOp(tokens[i], '|')) return undefined;
      i++;
    }
    const end = reader.list(reader, i + 1, [';;', 'esac'], depth);
    if (end === undefined) return undefined;
    if (isWord(tokens, end, 'esac')) return afterCompound(reader, end + 1);
    i = skipNewlines(tokens, end + 1);
    if (isWord(tokens, i, 'esac')) return afterCompound(reader, i + 1);
  }
}

/**
 * The redirections after `done`, `fi` or `esac` (the files they write are
 * parts after the body's, as the walk reads a redirected compound command);
 * returns the index after them.
 */
function afterCompound(reader: Reader, i: number): number | undefined {
  const { tokens, scope, parts } = reader;
  for (; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind !== 'redirect') break;
    // A here-document after `done` is not read here.
    if (token.op.startsWith('<<')) return undefined;
    const file = writtenFile(token);
    if (file && !addWrite(parts, scope, file)) return undefined;
  }
  return i;
}

/**
 * `[ … ]` or `[[ … ]]` at tokens[i]: the commands its operands substitute,
 * then its part (`[` a command run with the operands, `[[` a test). Returns
 * the index after the closing bracket.
 */
function readTest(reader: Reader, i: number): number | undefined {
  const { tokens, scope, parts } = reader;
  const open = tokens[i] as Token & { kind: 'word' };
  const double = open.word.written === '[[';
  const close = double ? ']]' : ']';
  const operands: PlainWord[] = [];
  let k = i + 1;
  // Terms joined by `&&`/`||` (`[[`) or `-a`/`-o` (`[`), each `[!] OPERAND`, `[!] UNARY OPERAND` or `[!] OPERAND BINARY OPERAND`.
  for (;;) {
    if (isWord(tokens, k, '!')) k++;
    const words: PlainWord[] = [];
    for (; tokens[k]?.kind === 'word' && !isWord(tokens, k, close) && words.length < 4; k++) {
      const word = (tokens[k] as Token & { kind: 'word' }).word;
      if (!double && (word.written === '-a' || word.written === '-o') && words.length) break;
      words.push(word);
    }
    const term = termOperands(words, double);
    if (!term) return undefined;
    operands.push(...term);
    const joint = tokens[k];
    if (isWord(tokens, k, close)) break;
    // tree-sitter errs on `[[ 1 = x.ts || y ]]`: in `[[`, `=` only in the last term.
    if (double && words[1]?.written === '=') return undefined;
    if (double ? joint?.kind === 'op' && (joint.text === '&&' || joint.text === '||') : isWord(tokens, k, '-a') || isWord(tokens, k, '-o')) k++;
    else return undefined;
  }
  // What follows the test: an operator or the end (a redirection or a word after it is left to the whole splitter).
  const after = tokens[k + 1];
  if (after !== undefined && after.kind !== 'op') return undefined;
  // `[` is run as a command: past the walk's limit on wrapping, the line is incomplete (bash-walk.ts invoke).
  if (!double && scope.wrappers.length + 1 > MAX_DEPTH * 2) return undefined;
  for (const word of operands) parts.push(...word.inner);
  scope.count.evaluates = true;
  const text = reader.line.slice(open.at, (tokens[k] as Token & { kind: 'word' }).end);
  const argv = [open.word.value, ...operands.map((w) => w.value), close];
  const part: BashPart = double
    ? syntaxPart(text, 'test', '[[', argv, scope.wrappers)
    : { text, kind: 'command', program: '[', program_name: '[', argv, dynamic: false, wrappers: [...scope.wrappers], incomplete: false };
  return add(parts, scope, part) ? k + 1 : undefined;
}

/** The operands of one term of a test (its words without `!`), undefined for a term not read here. */
function termOperands(words: PlainWord[], double: boolean): PlainWord[] | undefined {
  const operand = (w: PlainWord | undefined, pattern = false) =>
    w !== undefined && !RESERVED.has(w.written) && !w.written.startsWith('-') && !w.written.includes('{') && !UNARY.has(w.written) && !BINARY.has(w.written) &&
    !(w.static && /[$`]/.test(w.value)) && (pattern || !/[*?]/.test(w.written) || !double) && !(double && w.written.includes('`'));
  if (words.length === 1 && operand(words[0])) return words;
  if (words.length === 2 && UNARY.has(words[0].written) && operand(words[1])) return [words[1]];
  // In `[[`, a glob after `==` or `!=` is a pattern; after `=`, tree-sitter errs on what follows it (`[[ x = *.ts || y ]]`).
  if (words.length === 3 && BINARY.has(words[1].written) && operand(words[0]) && operand(words[2], words[1].written !== '=')) return [words[0], words[2]];
  return undefined;
}

/** The file a redirection writes, a part: none for one that reads, writes to `/dev/null` or copies a descriptor (`2>&1`). */
export function writtenFile(redirect: Token & { kind: 'redirect' }): PlainWord | undefined {
  const { op, target } = redirect;
  return op.includes('>') && !op.endsWith('&') && target.value !== '/dev/null' ? target : undefined;
}

/** Adds a part, false past the walk's limit on a line's parts (it would make the line incomplete). */
export function add(parts: BashPart[], scope: Scope, part: BashPart): boolean {
  parts.push(part);
  return ++scope.count.parts <= MAX_PARTS;
}

/** Adds the part of a file written (`> out.txt`). */
export function addWrite(parts: BashPart[], scope: Scope, target: PlainWord): boolean {
  return add(parts, scope, redirectPart(target.written, target.value, false, scope.wrappers));
}
