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
 * Anything else, and anything it is unsure of (a digit glued before `>`,
 * `>&` onto a file, an empty command, a line past the walk's limits on
 * parts, nesting and wrapping), is `undefined`, and the whole splitter reads
 * the line. `bash-plain-line.test.ts` holds its parts equal
 * to the whole splitter's on the attack corpus and on random lines.
 */
import { DECLARING_BUILTINS, environmentVariable } from './bash-builtins.js';
import { MAX_DEPTH, MAX_PARTS } from './bash-line.js';
import { commandPart, redirectPart, type BashPart } from './bash-part.js';
import { innerOf, type Arg } from './bash-wrappers.js';

/** Longer lines go to the whole splitter (its limits on parts apply to them). */
const MAX_PLAIN = 4096;

const WORD_CHAR = /[A-Za-z0-9_./:,@%+=-]/;
/** Printable ASCII and tabs: what the characters outside quotes may be is checked word by word. */
const PLAIN_LINE = /^[\x20-\x7e\t]*$/;
/** The commands of a substitution read here: no nesting, no quoting, no expansion. */
const SUBSTITUTED = /^[^()$`'"\\]*$/;
/** `NAME=…` as written: a variable given to the command's environment. */
const ASSIGNMENT = /^[A-Za-z_]\w*=/;
/** `$NAME` (the whole name: one way to read it, so no backtracking) or `${NAME}` at lastIndex: a variable's value. */
const VARIABLE = /\$(?:[A-Za-z_]\w*(?!\w)|\{[A-Za-z_]\w*\})/y;

/**
 * Words that make a command something other than a program and its
 * arguments: reserved words, and builtins that declare or evaluate what
 * follows them.
 */
const NOT_PLAIN = new Set([
  'if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done', 'in', 'function', 'time', 'coproc',
  ...DECLARING_BUILTINS, 'unset', 'let',
]);

/** A word as written, its value after quote removal (with an expansion or a glob in it: not static, and its text with quotes removed), and the parts of the commands it substitutes. */
interface PlainWord {
  written: string;
  value: string;
  static: boolean;
  inner: BashPart[];
}

/** A command's word as `innerOf` reads it, and as written (a wrapped command's text is its words as written). */
type PlainArg = Arg & { written: string };

type Token = { kind: 'word'; word: PlainWord } | { kind: 'op'; text: '&&' | '||' | ';' | '|' | '&' } | { kind: 'redirect'; op: string; target: PlainWord };

/**
 * Where a plain text is read: how deep in scripts (`bash -c`, backticks), the
 * programs that run it, and the parts the whole line has so far, so the
 * walk's limits (bash-line.ts) hold here too.
 */
interface Scope {
  depth: number;
  wrappers: readonly string[];
  count: { parts: number };
}

export function splitPlainLine(line: string): BashPart[] | undefined {
  return readPlain(line, { depth: 0, wrappers: [], count: { parts: 0 } });
}

/** The parts of `line` read in `scope`; undefined unless the whole of it is plain. */
function readPlain(line: string, scope: Scope): BashPart[] | undefined {
  if (line.length > MAX_PLAIN || !PLAIN_LINE.test(line) || scope.depth > MAX_DEPTH) return undefined;
  const tokens = tokenize(line, scope);
  if (!tokens) return undefined;
  const parts: BashPart[] = [];
  let words: PlainWord[] = [];
  let writes: PlainWord[] = [];
  const end = (): boolean => {
    if (!commandParts(words, writes, scope, parts)) return false;
    words = [];
    writes = [];
    return true;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'word') words.push(token.word);
    else if (token.kind === 'redirect') {
      // Before the command word (`A=1 >&2 ls`), tree-sitter ends the command at the redirection: left to it.
      if (words.every((w) => ASSIGNMENT.test(w.written))) return undefined;
      if (token.op.includes('>') && token.target.value !== '/dev/null' && !token.op.endsWith('&')) writes.push(token.target);
    } else {
      if (!end()) return undefined;
      // `a;` and `a &` may end a line; `&&`, `||` and `|` need a command after them.
      if (i === tokens.length - 1 && token.text !== ';' && token.text !== '&') return undefined;
    }
  }
  if (words.length || writes.length) {
    if (!end()) return undefined;
  }
  return parts.length ? parts : undefined;
}

/**
 * One simple command's parts, in the walk's order: the command, the commands
 * its words substitute, the files it writes, then what it runs. False where
 * the walk would do something this reader does not.
 */
function commandParts(words: PlainWord[], writes: PlainWord[], scope: Scope, parts: BashPart[]): boolean {
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
  for (const target of writes) if (!add(parts, scope, redirectPart(target.written, target.value, false, scope.wrappers))) return false;
  return runs(command, scope, parts);
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
      const script = readPlain(inner.text, { depth: scope.depth + 1, wrappers, count: scope.count });
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

/** The line's words, operators and redirections; undefined where it is unsure. */
function tokenize(line: string, scope: Scope): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  const n = line.length;
  // Whether the current command's word has been read: a reserved word there (`for`, `if`) ends the reading at once.
  let commandWord = false;
  while (i < n) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (WORD_CHAR.test(c) || c === "'" || c === '"' || c === '$' || c === '`' || c === '*' || c === '?' || line.startsWith('{}', i)) {
      const read = readWord(line, i, scope);
      if (!read) return undefined;
      const { word } = read;
      const j = read.next;
      // tree-sitter reads a word ending in a backtick substitution and a word starting with one (`a` `b`) as one substitution.
      const before = tokens[tokens.length - 1];
      if (word.written.startsWith('`') && before?.kind === 'word' && before.word.written.endsWith('`')) return undefined;
      // A descriptor glued to a redirection (`2>`) is one digit; its redirection is read next. tree-sitter
      // reads the `0` of `0< f` as a word, so only a descriptor before `>` is read here.
      if (j < n && (line[j] === '>' || line[j] === '<')) {
        if (!/^[0-9]$/.test(word.written) || line[j] !== '>') return undefined;
        // tree-sitter drops a bare `-` before `2>` (`find - 2> f` reads as `find 2> f`): left to the whole splitter, which says so.
        if (before?.kind === 'word' && before.word.written === '-') return undefined;
      } else {
        if (!commandWord && !ASSIGNMENT.test(word.written)) {
          if (NOT_PLAIN.has(word.value)) return undefined;
          commandWord = true;
        }
        tokens.push({ kind: 'word', word });
      }
      i = j;
      continue;
    }
    if (c === '>' || c === '<' || (c === '&' && line[i + 1] === '>')) {
      const redirect = readRedirect(line, i, scope);
      if (!redirect) return undefined;
      tokens.push(redirect.token);
      i = redirect.next;
      continue;
    }
    const two = line.slice(i, i + 2);
    commandWord = false;
    if (two === '&&' || two === '||') {
      tokens.push({ kind: 'op', text: two });
      i += 2;
      continue;
    }
    if (two === ';;' || two === '|&' || two === ';&') return undefined;
    if (c === ';' || c === '|' || c === '&') {
      tokens.push({ kind: 'op', text: c });
      i++;
      continue;
    }
    return undefined;
  }
  return tokens;
}

/** One redirection at `at` (its descriptor already read): `>`, `>>`, `<`, `&>`, `&>>` onto a word, `>&` onto a descriptor. */
function readRedirect(line: string, at: number, scope: Scope): { token: Token; next: number } | undefined {
  const op = ['&>>', '&>', '>>', '>&', '>', '<'].find((o) => line.startsWith(o, at));
  if (!op) return undefined;
  let i = at + op.length;
  const next = line[i];
  // `>|`, `<>`, `<<`, `<<<`, `>>>`: not read here.
  if (next === '|' || next === '>' || next === '<' || next === '&') return undefined;
  while (line[i] === ' ' || line[i] === '\t') i++;
  const read = readWord(line, i, scope);
  if (!read || !read.word.written || !read.word.static) return undefined;
  const j = read.next;
  // The target ends where a word would: a redirection glued to it (`>a>b`) is not read here.
  if (j < line.length && (line[j] === '>' || line[j] === '<')) return undefined;
  // `>&` copies a descriptor here; onto a file, or closing one (`>&-`), it is left to the whole splitter.
  if (op.endsWith('&') && !/^[0-9]+$/.test(read.word.written)) return undefined;
  return { token: { kind: 'redirect', op, target: read.word }, next: j };
}

/** The word at `at`: plain characters, expansions and quoted texts, up to a blank or an operator; undefined for what it does not read. */
function readWord(line: string, at: number, scope: Scope): { word: PlainWord; next: number } | undefined {
  const word: PlainWord = { written: '', value: '', static: true, inner: [] };
  let i = at;
  while (i < line.length) {
    const c = line[i];
    if (WORD_CHAR.test(c)) {
      word.value += c;
      i++;
    } else if (c === '{' && line[i + 1] === '}') {
      // `{}` (find -exec's and xargs -I's placeholder) stands for itself: bash expands braces only around a `,` or `..`.
      word.value += '{}';
      i += 2;
    } else if (c === "'" || c === '"') {
      const close = line.indexOf(c, i + 1);
      if (close < 0) return undefined;
      if (c === "'") word.value += line.slice(i + 1, close);
      else if (!readDoubleQuoted(line, i + 1, close, word, scope)) return undefined;
      i = close + 1;
    } else if (c === '*' || c === '?') {
      // A glob: bash puts the names it matches here; kept as written, as the whole splitter keeps it.
      word.static = false;
      word.value += c;
      i++;
    } else if (c === '$' || c === '`') {
      const after = readExpansion(line, i, word, scope);
      if (after === undefined) return undefined;
      i = after;
    } else if (isWordEnd(line, i)) {
      break;
    } else {
      return undefined;
    }
  }
  word.written = line.slice(at, i);
  return { word, next: i };
}

/** A blank or an operator at `i`, or the end of the line: where a word ends. */
function isWordEnd(line: string, i: number): boolean {
  const c = line[i];
  return c === undefined || c === ' ' || c === '\t' || c === ';' || c === '&' || c === '|' || c === '<' || c === '>';
}

/** The inside of double quotes, [from, to): anything printable but `\`, with the expansions readExpansion reads. */
function readDoubleQuoted(line: string, from: number, to: number, word: PlainWord, scope: Scope): boolean {
  let i = from;
  while (i < to) {
    const c = line[i];
    if (c === '\\') return false;
    if (c === '$' || c === '`') {
      const after = readExpansion(line, i, word, scope);
      if (after === undefined || after > to) return false;
      i = after;
    } else {
      word.value += c;
      i++;
    }
  }
  return true;
}

/**
 * The expansion at `at` (a `$` or a backtick), added to `word` as written:
 * `$NAME`, `${NAME}`, or a command substitution, `$(…)` or a backtick pair,
 * whose commands are a plain line of their own without parentheses, quotes,
 * `$` or backslashes (so its first closing character ends it). Returns the
 * index after it; undefined for any other.
 */
function readExpansion(line: string, at: number, word: PlainWord, scope: Scope): number | undefined {
  word.static = false;
  VARIABLE.lastIndex = at;
  const variable = VARIABLE.exec(line)?.[0];
  if (variable) {
    word.value += variable;
    return at + variable.length;
  }
  const substitution = line[at] === '`' ? { from: at + 1, closing: '`' } : line[at + 1] === '(' && line[at + 2] !== '(' ? { from: at + 2, closing: ')' } : undefined;
  if (!substitution) return undefined;
  const close = line.indexOf(substitution.closing, substitution.from);
  if (close < 0) return undefined;
  const commands = line.slice(substitution.from, close);
  if (!SUBSTITUTED.test(commands)) return undefined;
  // bash parses a backtick's text again, as a script one level deeper; `$(…)` is part of this one.
  const parts = readPlain(commands, line[at] === '`' ? { ...scope, depth: scope.depth + 1 } : scope);
  if (!parts) return undefined;
  word.inner.push(...parts);
  word.value += line.slice(at, close + 1);
  return close + 1;
}
