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
 * - lines are joined by newlines too, and compound commands and tests are
 *   read (bash-plain-compound.ts): `for`, `while` and `until` loops, `if …
 *   fi`, simple `case … esac`, nested, with the parts the walk finds in them
 *   (no part for the compound command) and redirections after it, and `[ …
 *   ]`, `[[ … ]]` (one part each, as the walk makes) and `test`; a line with
 *   a test and a static text holding `$(` or a backtick is left to the whole
 *   splitter, which makes it incomplete; here-documents are read by the
 *   tokenizer (bash-plain-words.ts).
 *
 * Anything else, and anything it is unsure of (a digit glued before `>`,
 * `>&` onto a file, an empty command, a line past the walk's limits on
 * parts, nesting and wrapping), is `undefined`, and the whole splitter reads
 * the line. `bash-plain-line.test.ts` holds its parts equal
 * to the whole splitter's on the attack corpus and on random lines.
 */
import { DECLARING_BUILTINS, environmentVariable } from './bash-builtins.js';
import { MAX_DEPTH } from './bash-line.js';
import { commandPart, type BashPart } from './bash-part.js';
import { add, addWrite, isOp, readCompound, RESERVED, skipNewlines, writtenFile, type Reader } from './bash-plain-compound.js';
import { ASSIGNMENT, tokenize, type PlainWord, type Scope } from './bash-plain-words.js';
import { innerOf, type Arg } from './bash-wrappers.js';

/** Longer lines go to the whole splitter (its limits on parts apply to them). */
const MAX_PLAIN = 4096;

/** Printable ASCII, tabs and newlines: what the characters outside quotes may be is checked word by word. */
const PLAIN_LINE = /^[\x20-\x7e\t\n]*$/;

/** Words that make a command something other than a program and its arguments: reserved words, test brackets, and builtins that declare or evaluate what follows them. */
const NOT_PLAIN = new Set([...RESERVED, ...DECLARING_BUILTINS, 'unset', 'let']);
/** Words that stand for themselves only in a test. */
const TEST_WORDS = new Set(['[', ']', '[[', ']]', '!', '!=']);

/** A command's word as `innerOf` reads it, and as written (a wrapped command's text is its words as written). */
type PlainArg = Arg & { written: string };

export function splitPlainLine(line: string): BashPart[] | undefined {
  const scope: Scope = { depth: 0, wrappers: [], count: { parts: 0 }, split: readPlain };
  const parts = readPlain(line, scope);
  // A line that evaluates variables (a test) and holds a static text with code in it is incomplete for the walk (bash-line.ts).
  return scope.count.evaluates && scope.count.literalCode ? undefined : parts;
}

/** The parts of `line` read in `scope`; undefined unless the whole of it is plain. */
function readPlain(line: string, scope: Scope): BashPart[] | undefined {
  if (line.length > MAX_PLAIN || !PLAIN_LINE.test(line) || scope.depth > MAX_DEPTH) return undefined;
  const tokens = tokenize(line, scope);
  if (!tokens) return undefined;
  // After a word `==`, tree-sitter reads words up to one holding `{` as one, across lines and here-documents
  // (`echo x == a b {} c`, `test x == y\necho {}`): left to the whole splitter.
  const equals = tokens.find((t) => t.kind === 'word' && t.word.written === '==');
  if (equals?.kind === 'word' && line.includes('{', equals.end)) return undefined;
  const reader: Reader = { line, tokens, scope, parts: [], list: readList };
  const end = readList(reader, 0, [], 0);
  if (end !== tokens.length) return undefined;
  return reader.parts.length ? reader.parts : undefined;
}

/**
 * A list of commands and compound commands from tokens[i], joined by `&&`,
 * `||`, `;`, `|`, `&` and newlines, up to one of the reserved words `ends`
 * where a command would start, or `;;` when `ends` holds it (the end of the
 * tokens with no `ends`). Returns where it ends; undefined for an empty
 * list, a list not ended as it should be, and anything else the reader does
 * not read.
 */
function readList(reader: Reader, i: number, ends: readonly string[], depth: number): number | undefined {
  const { tokens } = reader;
  // At the start, and after `&&`, `||` and `|`, a command must come.
  let needed = true;
  for (;;) {
    i = skipNewlines(tokens, i);
    const token = tokens[i];
    if (!token || (ends.length && (token.kind === 'word' ? ends.includes(token.word.written) : token.kind === 'op' && token.text === ';;' && ends.includes(';;')))) {
      if (needed || (!token && ends.length)) return undefined;
      return i;
    }
    if (token.kind === 'op') return undefined;
    const after = readItem(reader, i, depth);
    if (after === undefined) return undefined;
    needed = false;
    i = after;
    const op = tokens[i];
    if (!op) continue;
    if (op.kind !== 'op' || op.text === ')') return undefined;
    if (op.text === ';;') {
      if (!ends.includes(';;')) return undefined;
      continue;
    }
    i++;
    if (op.text === '&&' || op.text === '||' || op.text === '|') needed = true;
  }
}

/** A compound command, a test or a simple command at tokens[i]; returns the index of the operator after it. */
function readItem(reader: Reader, i: number, depth: number): number | undefined {
  const compound = readCompound(reader, i, depth);
  if (compound !== 'none') return compound;
  const { tokens } = reader;
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
  const runsNothing = heredoc && tokens[i] !== undefined && !isOp(tokens[i], '\n');
  return commandParts(words, writes, reader.scope, reader.parts, runsNothing) ? i : undefined;
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
  if (command.some((w) => TEST_WORDS.has(w.written))) return false;
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
    } else if (inner.kind === 'evaluates-variables') {
      // `test`, `[`: with a static text holding code on the line, the walk makes it incomplete (splitPlainLine).
      scope.count.evaluates = true;
    } else {
      return false;
    }
  }
  return true;
}
