/**
 * The parts of a plain command line, found without the parser: most lines
 * a model runs are words of ordinary characters joined by `&&`, `||`, `;`,
 * `|` and `&`, with a few redirections (`git status && ls -la src >
 * /dev/null; make test`). For them tree-sitter's parse and the walk over its
 * nodes were 29 µs of a bash call's 38 (packages/approvals/bench); this
 * reads such a line in one pass.
 *
 * It answers only for a line whose meaning leaves no doubt:
 * - outside quotes, every character is a letter, a digit, a space or one of
 *   `_ . / : , @ % + = -`, besides the operators; inside single quotes
 *   anything printable but `'`; inside double quotes anything printable but
 *   `"` and `\`;
 * - the expansions it reads, bare or in double quotes, are a variable's
 *   value (`$NAME`, `${NAME}`) and a command substitution (`$(…)`, a backtick
 *   pair) whose commands are a plain line without parentheses, quotes, `$`
 *   or backslashes, split here too; the globs are `*` and `?`. Each is kept
 *   as written, as the whole splitter keeps it, and only in an argument (not
 *   in the command word or a file name);
 * - a command may start with assignments of static values that run nothing
 *   (not `PS4`, `BASH_FUNC_…`, `PROMPT_COMMAND`: environmentVariable); its
 *   command word is not a reserved word or a builtin that declares or
 *   evaluates (`declare`, `let`, …);
 * - a program that runs another (`sudo`, `nice`, `env`, `xargs`, `find
 *   -exec`, `bash -c`, `eval`: whatever `innerOf` finds inside it) is read
 *   as the walk reads it, with the same `innerOf` and `commandPart`: its own
 *   part, then each command it runs (a static command word, so nothing is
 *   guessed), and each script it runs when that script is itself a plain
 *   line (split here, one level deeper). Anything else it runs (its standard
 *   input, a text it expands, code that is not on the line, a variable
 *   evaluated) is left to the whole splitter. A bare `{}` is read as an
 *   argument, for `find -exec … {} +`.
 *
 * - lines are joined by newlines too, and simple loops are read: `for NAME
 *   [in WORDS]; do LIST; done`, `while LIST; do LIST; done` and `until`,
 *   nested, with the parts the walk finds in them (no part for the loop),
 *   and redirections after `done`;
 *   here-documents are read by the tokenizer (bash-plain-words.ts).
 *
 * Anything else, and anything it is unsure of (a digit glued before `>`,
 * `>&` onto a file, an empty command, a line past the walk's limits on
 * parts, nesting and wrapping), is `undefined`, and the whole splitter reads
 * the line. `bash-plain-line.test.ts` holds its parts equal
 * to the whole splitter's on the attack corpus and on random lines.
 */
import { DECLARING_BUILTINS, environmentVariable } from './bash-builtins.js';
import { MAX_DEPTH, MAX_PARTS } from './bash-line.js';
import { commandPart, redirectPart, type BashPart } from './bash-part.js';
import { ASSIGNMENT, tokenize, type PlainWord, type Scope, type Token } from './bash-plain-words.js';
import { innerOf, type Arg } from './bash-wrappers.js';

/** Longer lines go to the whole splitter (its limits on parts apply to them). */
const MAX_PLAIN = 4096;
/** Loops inside loops past this are left to the whole splitter. */
const MAX_LOOPS = 8;

/** Printable ASCII, tabs and newlines: what the characters outside quotes may be is checked word by word. */
const PLAIN_LINE = /^[\x20-\x7e\t\n]*$/;
/** A loop's variable. */
const NAME = /^[A-Za-z_]\w*$/;

/**
 * Words that make a command something other than a program and its
 * arguments: reserved words, and builtins that declare or evaluate what
 * follows them.
 */
const NOT_PLAIN = new Set([
  'if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done', 'in', 'function', 'time', 'coproc',
  ...DECLARING_BUILTINS, 'unset', 'let',
]);

/** A command's word as `innerOf` reads it, and as written (a wrapped command's text is its words as written). */
type PlainArg = Arg & { written: string };

/** One text's tokens being read into parts. */
interface Reader {
  tokens: Token[];
  scope: Scope;
  parts: BashPart[];
}

export function splitPlainLine(line: string): BashPart[] | undefined {
  return readPlain(line, { depth: 0, wrappers: [], count: { parts: 0 }, split: readPlain });
}

/** The parts of `line` read in `scope`; undefined unless the whole of it is plain. */
function readPlain(line: string, scope: Scope): BashPart[] | undefined {
  if (line.length > MAX_PLAIN || !PLAIN_LINE.test(line) || scope.depth > MAX_DEPTH) return undefined;
  const tokens = tokenize(line, scope);
  if (!tokens) return undefined;
  const reader: Reader = { tokens, scope, parts: [] };
  const end = readList(reader, 0, undefined, 0);
  if (end !== tokens.length) return undefined;
  return reader.parts.length ? reader.parts : undefined;
}

/** Newlines from `i` on skipped. */
function skipNewlines(tokens: Token[], i: number): number {
  while (isNewline(tokens[i])) i++;
  return i;
}

function isNewline(token: Token | undefined): boolean {
  return token?.kind === 'op' && token.text === '\n';
}

/** Whether tokens[i] is the word `word`, as written (a reserved word is not quoted). */
function isWord(tokens: Token[], i: number, word: string): boolean {
  const token = tokens[i];
  return token?.kind === 'word' && token.word.written === word;
}

/**
 * A list of commands and loops from tokens[i], joined by `&&`, `||`, `;`,
 * `|`, `&` and newlines, up to the reserved word `end` where a command would
 * start (the end of the tokens without one). Returns where it ends; undefined
 * for an empty list, a list not ended as it should be, and anything else the
 * reader does not read.
 */
function readList(reader: Reader, i: number, end: string | undefined, loops: number): number | undefined {
  const { tokens } = reader;
  // At the start, and after `&&`, `||` and `|`, a command must come.
  let needed = true;
  for (;;) {
    i = skipNewlines(tokens, i);
    const token = tokens[i];
    if (!token || (end !== undefined && isWord(tokens, i, end))) {
      if (needed || (!token && end !== undefined)) return undefined;
      return i;
    }
    if (token.kind === 'op') return undefined;
    const after = readItem(reader, i, loops);
    if (after === undefined) return undefined;
    needed = false;
    i = after;
    const op = tokens[i];
    if (!op) continue;
    if (op.kind !== 'op') return undefined;
    i++;
    if (op.text === '&&' || op.text === '||' || op.text === '|') needed = true;
  }
}

/** A loop or a simple command at tokens[i]; returns the index of the operator after it. */
function readItem(reader: Reader, i: number, loops: number): number | undefined {
  const { tokens } = reader;
  // Loops are read on a line and in scripts, not in a substitution's commands.
  if (!reader.scope.substituted && loops < MAX_LOOPS) {
    if (isWord(tokens, i, 'for')) return readFor(reader, i + 1, loops + 1);
    if (isWord(tokens, i, 'while') || isWord(tokens, i, 'until')) return readWhile(reader, i + 1, loops + 1);
  }
  const words: PlainWord[] = [];
  const writes: PlainWord[] = [];
  let heredoc = false;
  for (; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'op') break;
    if (token.kind === 'word') words.push(token.word);
    else {
      // Before the command word (`A=1 >&2 ls`), tree-sitter ends the command at the redirection: left to it.
      if (words.every((w) => ASSIGNMENT.test(w.written))) return undefined;
      if (token.op.startsWith('<<')) heredoc = true;
      const file = writtenFile(token);
      if (file) writes.push(file);
    }
  }
  // tree-sitter files what follows a here-document on its line (`xargs rm <<EOF && ls`) under it, and the walk
  // finds it before what the command runs: in that order only when the command runs nothing.
  const runsNothing = heredoc && tokens[i] !== undefined && !isNewline(tokens[i]);
  return commandParts(words, writes, reader.scope, reader.parts, runsNothing) ? i : undefined;
}

/**
 * `for NAME [in WORDS]; do LIST; done` after its `for`: the commands its
 * words substitute, then the list's parts, as the walk finds them (the loop
 * itself is no part). Returns the index after `done`.
 */
function readFor(reader: Reader, i: number, loops: number): number | undefined {
  const { tokens } = reader;
  const name = tokens[i];
  if (name?.kind !== 'word' || !NAME.test(name.word.written)) return undefined;
  i++;
  if (isWord(tokens, i, 'in')) {
    // tree-sitter reads `for f in; do` as an error.
    if (tokens[i + 1]?.kind !== 'word') return undefined;
    for (i++; ; i++) {
      const token = tokens[i];
      if (token?.kind !== 'word') break;
      if (NOT_PLAIN.has(token.word.value)) return undefined;
      reader.parts.push(...token.word.inner);
    }
  }
  const separator = tokens[i];
  if (separator?.kind !== 'op' || (separator.text !== ';' && separator.text !== '\n')) return undefined;
  i = skipNewlines(tokens, i + 1);
  if (!isWord(tokens, i, 'do')) return undefined;
  return readBody(reader, i + 1, loops);
}

/** `while LIST; do LIST; done` (or `until`) after its first word: the parts of both lists. */
function readWhile(reader: Reader, i: number, loops: number): number | undefined {
  const after = readList(reader, i, 'do', loops);
  if (after === undefined) return undefined;
  return readBody(reader, after + 1, loops);
}

/**
 * A loop's body after its `do`, up to its `done`, and the redirections after
 * `done` (the files they write are parts after the body's, as the walk reads
 * a redirected loop); returns the index after them.
 */
function readBody(reader: Reader, i: number, loops: number): number | undefined {
  const done = readList(reader, i, 'done', loops);
  if (done === undefined) return undefined;
  const { tokens, scope, parts } = reader;
  for (i = done + 1; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind !== 'redirect') break;
    // A here-document after `done` is not read here.
    if (token.op.startsWith('<<')) return undefined;
    const file = writtenFile(token);
    if (file && !addWrite(parts, scope, file)) return undefined;
  }
  return i;
}

/** The file a redirection writes, a part: none for one that reads, writes to `/dev/null` or copies a descriptor (`2>&1`). */
function writtenFile(redirect: Token & { kind: 'redirect' }): PlainWord | undefined {
  const { op, target } = redirect;
  return op.includes('>') && !op.endsWith('&') && target.value !== '/dev/null' ? target : undefined;
}

/**
 * One simple command's parts, in the walk's order: the command, the commands
 * its words substitute, the files it writes, then what it runs (with
 * `runsNothing`, it may run nothing). False where the walk would do
 * something this reader does not.
 */
function commandParts(words: PlainWord[], writes: PlainWord[], scope: Scope, parts: BashPart[], runsNothing = false): boolean {
  // Leading assignments go to the program's environment: static, and none bash runs (environmentVariable).
  let k = 0;
  while (k < words.length && ASSIGNMENT.test(words[k].written)) {
    if (!words[k].static || environmentVariable(words[k].value).length) return false;
    k++;
  }
  const command = words.slice(k);
  if (!command.length) return false;
  const first = command[0];
  // A command word must look like one: tree-sitter reads `- 2>x` as no command at all.
  if (!/^[A-Za-z0-9_./'"]/.test(first.written) || !first.static || !first.value || first.written.includes('=') || NOT_PLAIN.has(first.value)) return false;
  if (!add(parts, scope, commandPart(words.map((w) => w.written).join(' '), command.map((w) => w.value), false, scope.wrappers))) return false;
  for (const word of command) parts.push(...word.inner);
  for (const target of writes) if (!addWrite(parts, scope, target)) return false;
  const own = parts.length;
  return runs(command, scope, parts) && (!runsNothing || parts.length === own);
}

/**
 * What a command whose part is already made runs, as the walk's `invoke` and
 * `runs` find it (bash-walk.ts): each command `innerOf` finds, wrapped once
 * more, and each script, split as a plain line one level deeper. False for
 * anything else it runs, and past the walk's limit on wrapping.
 */
function runs(argv: readonly PlainArg[], scope: Scope, parts: BashPart[]): boolean {
  const wrappers = [...scope.wrappers, argv[0].value];
  if (wrappers.length > MAX_DEPTH * 2) return false;
  for (const inner of innerOf(argv)) {
    if (inner.kind === 'command') {
      let slice = argv.slice(inner.from, inner.to);
      // A word holding the placeholder (`{}` of `find -exec`, `xargs -I`) is filled in at run time.
      const placeholder = inner.placeholder;
      if (placeholder !== undefined) slice = slice.map((a) => (a.value.includes(placeholder) ? { ...a, static: false } : a));
      // A command word that is not static is guessed at by the walk (bash-guesses.ts): left to it.
      if (!slice[0].static) return false;
      const text = slice.map((a) => a.written).join(' ');
      if (!add(parts, scope, commandPart(text, slice.map((a) => a.value), false, wrappers))) return false;
      if (!runs(slice, { ...scope, wrappers }, parts)) return false;
    } else if (inner.kind === 'script') {
      const script = readPlain(inner.text, { ...scope, depth: scope.depth + 1, wrappers });
      if (!script) return false;
      parts.push(...script);
    } else {
      return false;
    }
  }
  return true;
}

/** Adds a part, false past the walk's limit on a line's parts (it would make the line incomplete). */
function add(parts: BashPart[], scope: Scope, part: BashPart): boolean {
  parts.push(part);
  return ++scope.count.parts <= MAX_PARTS;
}

/** Adds the part of a file written (`> out.txt`). */
function addWrite(parts: BashPart[], scope: Scope, target: PlainWord): boolean {
  return add(parts, scope, redirectPart(target.written, target.value, false, scope.wrappers));
}
