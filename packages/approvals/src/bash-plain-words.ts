/**
 * The tokens of a plain line (bash-plain-line.ts): words, operators (a
 * newline among them), redirections and here-documents, read without the
 * parser. Each word's value is read as bash reads it after quote removal;
 * a command substitution in it is split by the plain reader one level
 * deeper. Anything it does not read with certainty is `undefined`, and the
 * whole splitter reads the line.
 *
 * A here-document (`<<DELIM`, `<<-DELIM`, `<<'DELIM'`, `<<"DELIM"`, its
 * delimiter a name) is read when it is the only one on its line: its body,
 * the lines after that line up to the delimiter's, is skipped. With a quoted
 * delimiter the body is literal; with an unquoted one it may hold `$NAME`
 * and `${NAME}` but no other expansion (no `$(`, backtick or backslash). A
 * body line that looks like the delimiter without being it (`EOF `,
 * `\tEOF` after `<<`, `EOFX`: tree-sitter ends the body at some of them,
 * bash at none), a missing delimiter line, and `|` after a word or a
 * redirection that follows the here-document on its line (`cat <<EOF > f |
 * wc`: an error for tree-sitter) are not read here. `; ` and `& ` after it
 * are read as `|`, as the whole splitter reads them (tree-sitter errs on
 * them; bash-source.ts parses the line again with ` |`), only right after
 * the delimiter and with a body that the second parse reads the same way
 * (no `\`, `<`, `;`, `&` or `|` in it).
 *
 * `[`, `[[`, `]`, `]]`, `!` and `!=` standing alone are words, for tests
 * (bash-plain-compound.ts); `;;` and `)` are operators, for `case`. The line
 * reader refuses them anywhere else.
 */
import type { BashPart } from './bash-part.js';

const WORD_CHAR = /[A-Za-z0-9_./:,@%+=-]/;
/** The commands of a substitution read here: no nesting, no quoting, no expansion, one line. */
const SUBSTITUTED = /^[^()$`'"\\\n]*$/;
/** `NAME=…` as written: a variable given to the command's environment. */
export const ASSIGNMENT = /^[A-Za-z_]\w*=/;
/** `$NAME` (the whole name: one way to read it, so no backtracking) or `${NAME}`: a variable's value. */
const VARIABLE_SOURCE = String.raw`\$(?:[A-Za-z_]\w*(?!\w)|\{[A-Za-z_]\w*\})`;
/** A variable at lastIndex, in a word: a positional parameter too (`$1`, `${1}`; `$10` is `$1` and `0`, kept as written). */
const VARIABLE = new RegExp(String.raw`${VARIABLE_SOURCE}|\$(?:[0-9]|\{[0-9]\})`, 'y');
/** A here-document's delimiter at lastIndex: a name, bare or wholly in quotes. */
const DELIMITER = /([A-Za-z_]\w*)(?!\w)|'([A-Za-z_]\w*)'|"([A-Za-z_]\w*)"/y;
/** A line of a here-document's body with an unquoted delimiter: text and variables, nothing bash would run or unescape. */
const EXPANDED_BODY = new RegExp(`^(?:[^$\`\\\\]|${VARIABLE_SOURCE})*$`);

/** A line of blanks only. */
const BLANK_LINE = /^[ \t]+$/;

/** A word as written, its value after quote removal (with an expansion or a glob in it: not static, and its text with quotes removed), and the parts of the commands it substitutes. */
export interface PlainWord {
  written: string;
  value: string;
  static: boolean;
  inner: BashPart[];
}

/** `;;` ends a `case` item and `)` its patterns: the line reader refuses them anywhere else. */
export type Operator = '&&' | '||' | ';' | '|' | '&' | '\n' | ';;' | ')';

/** A word token's `at` and `end` are where it is written in the line (a test's part is its text as written). */
export type Token = { kind: 'word'; word: PlainWord; at: number; end: number } | { kind: 'op'; text: Operator } | { kind: 'redirect'; op: string; target: PlainWord };

/** Brackets, `!` and `!=` standing alone: words of a test (`[ ! -f x ]`, `[[ … ]]`), which the line reader refuses anywhere else. */
const BRACKET = /\[\[|\]\]|\[|\]|!=|!/y;

/**
 * Where a plain text is read: how deep in scripts (`bash -c`, backticks), the
 * programs that run it, and the parts the whole line has so far, so the
 * walk's limits (bash-line.ts) hold here too; `split` reads the commands of
 * a substitution (the plain reader), and `substituted` is set inside one.
 */
export interface Scope {
  depth: number;
  wrappers: readonly string[];
  /**
   * Shared by the whole line: its parts, whether it evaluates variables as
   * code (a test, `test`) and whether a static text holds `$(` or a backtick
   * (the walk makes such a line incomplete: bash-line.ts `finish`).
   */
  count: { parts: number; evaluates?: boolean; literalCode?: boolean };
  split: (text: string, scope: Scope) => BashPart[] | undefined;
  substituted?: boolean;
}

/** A here-document whose body starts after the current line. */
interface Heredoc {
  delimiter: string;
  /** `<<-`: leading tabs are stripped from its lines. */
  tabs: boolean;
  /** A quoted delimiter: the body is literal. */
  literal: boolean;
}

/** A line being read into tokens: the here-document whose body starts after the current line, if any. */
interface Tokenizing {
  line: string;
  scope: Scope;
  tokens: Token[];
  heredoc?: Heredoc;
  /** Operators read after the line's here-document. */
  afterHeredoc: number;
  /** A `;` or `&` after it read as `|`: the whole splitter parsed the line twice (bash-source.ts). */
  rewritten?: boolean;
}

/** The line's words, operators and redirections; undefined where it is unsure. */
export function tokenize(line: string, scope: Scope): Token[] | undefined {
  const state: Tokenizing = { line, scope, tokens: [], afterHeredoc: 0 };
  let i: number | undefined = 0;
  while (i !== undefined && i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') i++;
    else if (c === '\n') i = newline(state, i);
    else if (WORD_CHAR.test(c) || c === "'" || c === '"' || c === '$' || c === '`' || c === '*' || c === '?' || line.startsWith('{}', i)) i = word(state, i);
    else if (c === '[' || c === ']' || c === '!') i = bracket(state, i);
    else if (line.startsWith('<<', i)) i = heredocAt(state, i);
    else if (c === '>' || c === '<' || (c === '&' && line[i + 1] === '>')) i = redirection(state, i);
    else i = operator(state, i);
  }
  // A here-document without its body is not read here.
  return i === undefined || state.heredoc ? undefined : state.tokens;
}

/** The last token read. */
function last(state: Tokenizing): Token | undefined {
  return state.tokens[state.tokens.length - 1];
}

/** The last token read as written, when it is a word. */
function lastWord(state: Tokenizing): string | undefined {
  const token = last(state);
  return token?.kind === 'word' ? token.word.written : undefined;
}

/** A newline at `i`, and the body of the line's here-document after it; returns where reading goes on. */
function newline(state: Tokenizing, i: number): number | undefined {
  const { heredoc } = state;
  if (!heredoc) {
    state.tokens.push({ kind: 'op', text: '\n' });
    return i + 1;
  }
  // The body starts here; an operator that needs a command after it (`cat <<EOF |`) is not read here.
  const before = last(state);
  if (before?.kind === 'op' && before.text !== ';' && before.text !== '&') return undefined;
  state.heredoc = undefined;
  state.tokens.push({ kind: 'op', text: '\n' });
  return skipBody(state, i + 1, heredoc);
}

/** The word at `i`, or the descriptor of the redirection after it. */
function word(state: Tokenizing, i: number): number | undefined {
  const { line } = state;
  const read = readWord(line, i, state.scope);
  if (!read) return undefined;
  const { word: w, next: j } = read;
  // tree-sitter reads a word ending in a backtick substitution and a word starting with one (`a` `b`) as one substitution.
  if (w.written.startsWith('`') && lastWord(state)?.endsWith('`')) return undefined;
  // A descriptor glued to a redirection (`2>`) is one digit; its redirection is read next. tree-sitter
  // reads the `0` of `0< f` as a word, so only a descriptor before `>` is read here.
  if (j < line.length && (line[j] === '>' || line[j] === '<')) {
    if (!/^[0-9]$/.test(w.written) || line[j] !== '>') return undefined;
    // tree-sitter drops a bare `-` before `2>` (`find - 2> f` reads as `find 2> f`): left to the whole splitter, which says so.
    if (lastWord(state) === '-') return undefined;
  } else {
    state.tokens.push({ kind: 'word', word: w, at: i, end: j });
  }
  return j;
}

/** `[`, `[[`, `]`, `]]` or `!` at `i`, standing alone. */
function bracket(state: Tokenizing, i: number): number | undefined {
  const { line } = state;
  BRACKET.lastIndex = i;
  const text = BRACKET.exec(line)?.[0];
  if (!text) return undefined;
  const end = i + text.length;
  const before = line[i - 1];
  if (!isWordEnd(line, end) || line[end] === '<' || line[end] === '>' || (before !== undefined && before !== ' ' && before !== '\t' && before !== '\n')) return undefined;
  state.tokens.push({ kind: 'word', word: { written: text, value: text, static: true, inner: [] }, at: i, end });
  return end;
}

/** A here-document's redirection at `i`: one a line; tree-sitter drops a bare `-` before it, as before `2>`. */
function heredocAt(state: Tokenizing, i: number): number | undefined {
  if (state.heredoc || lastWord(state) === '-') return undefined;
  const read = readHeredoc(state.line, i);
  if (!read) return undefined;
  state.heredoc = read.heredoc;
  state.afterHeredoc = 0;
  state.tokens.push(read.token);
  return read.next;
}

function redirection(state: Tokenizing, i: number): number | undefined {
  // After a here-document, the whole splitter may read the `& ` of `>& 1` as ` |` (operator below).
  if (state.heredoc && /^>&[ \t]/.test(state.line.slice(i, i + 3))) return undefined;
  const redirect = readRedirect(state.line, i, state.scope);
  if (!redirect) return undefined;
  state.tokens.push(redirect.token);
  return redirect.next;
}

/** `&&`, `||`, `;`, `|`, `&`, `;;` or `)` at `i`. */
function operator(state: Tokenizing, i: number): number | undefined {
  const { line, heredoc } = state;
  const c = line[i];
  const two = line.slice(i, i + 2);
  if (two === '&&' || two === '||') return push(state, two, i + 2);
  if (two === '|&' || two === ';&') return undefined;
  if (two === ';;') return heredoc || line[i + 2] === '&' ? undefined : push(state, ';;', i + 2);
  if (c === ')') return push(state, ')', i + 1);
  if (c !== ';' && c !== '|' && c !== '&') return undefined;
  if (!heredoc) return push(state, c, i + 1);
  // After a here-document on its line, tree-sitter errs on `|` with a word or a redirection between them
  // (`cat <<EOF > f | wc`), and on `;` and `&`, which the whole splitter reads as ` |` (bash-source.ts
  // listAfterHeredoc), with a blank after them: read as `|`, a command must follow on the line.
  const before = last(state);
  if (state.afterHeredoc === 0 && !(before?.kind === 'redirect' && before.op.startsWith('<<'))) return undefined;
  if (c !== '|') {
    if (line[i + 1] !== ' ' && line[i + 1] !== '\t') return undefined;
    state.rewritten = true;
  }
  return push(state, '|', i + 1);
}

/** An operator token; returns `next`. */
function push(state: Tokenizing, text: Operator, next: number): number {
  if (state.heredoc) state.afterHeredoc++;
  state.tokens.push({ kind: 'op', text });
  return next;
}

/** `<<DELIM` at `at`, as a redirection that writes nothing. */
function readHeredoc(line: string, at: number): { token: Token; heredoc: Heredoc; next: number } | undefined {
  let i = at + 2;
  // `<<<`: a here-string, not read here.
  if (line[i] === '<') return undefined;
  const tabs = line[i] === '-';
  if (tabs) i++;
  while (line[i] === ' ' || line[i] === '\t') i++;
  DELIMITER.lastIndex = i;
  const match = DELIMITER.exec(line);
  if (!match) return undefined;
  const next = i + match[0].length;
  // A blank or the line's end ends the delimiter: tree-sitter reads an operator glued to it (`<<EOF|rm x`) into it,
  // except `; ` and `& `, which the whole splitter reads as ` |` (operator).
  const glued = (line[next] === ';' || line[next] === '&') && (line[next + 1] === ' ' || line[next + 1] === '\t');
  if (next < line.length && line[next] !== ' ' && line[next] !== '\t' && line[next] !== '\n' && !glued) return undefined;
  const delimiter = match[1] ?? match[2] ?? match[3];
  const target: PlainWord = { written: match[0], value: delimiter, static: true, inner: [] };
  return { token: { kind: 'redirect', op: tabs ? '<<-' : '<<', target }, heredoc: { delimiter, tabs, literal: match[1] === undefined }, next };
}

/**
 * Where the line goes on after a here-document's body starting at `from`:
 * after its delimiter's line. Undefined without a delimiter line, for a
 * line that looks like one without being it, and for an expanded body
 * holding anything but text and variables.
 */
function skipBody(state: Tokenizing, from: number, heredoc: Heredoc): number | undefined {
  const { line } = state;
  const { delimiter } = heredoc;
  let at = from;
  let expanding = false;
  while (at < line.length) {
    const newline = line.indexOf('\n', at);
    const end = newline < 0 ? line.length : newline;
    const text = line.slice(at, end);
    if ((heredoc.tabs ? text.replace(/^\t+/, '') : text) === delimiter) return newline < 0 ? end : end + 1;
    if (text.trim().startsWith(delimiter)) return undefined;
    // The first parse of such a line fails, and the whole splitter joins a literal body's backslash-newlines and
    // reads a body line with `<<` as one more here-document line: left to it.
    if (state.rewritten && /[\\<;&|]/.test(text)) return undefined;
    // A body line with `<<` and then `; ` or `& ` may be rewritten by the whole splitter too (bash-source.ts listAfterHeredoc).
    if (/<<.*[;&][ \t]/.test(text)) return undefined;
    // A literal body holding code counts as a static text holding code (readWord).
    if (heredoc.literal && (text.includes('$(') || text.includes('`'))) state.scope.count.literalCode = true;
    if (!heredoc.literal) {
      if (!EXPANDED_BODY.test(text)) return undefined;
      // tree-sitter reads a body with a variable before a line of blanks as an error.
      if (text.includes('$')) expanding = true;
      if (expanding && BLANK_LINE.test(text)) return undefined;
    }
    at = end + 1;
  }
  return undefined;
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
  let globbed = false;
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
      // A quoted text spanning lines is left to the whole splitter.
      if (close < 0 || line.slice(i + 1, close).includes('\n')) return undefined;
      if (c === "'") word.value += line.slice(i + 1, close);
      else if (!readDoubleQuoted(line, i + 1, close, word, scope)) return undefined;
      i = close + 1;
    } else if (c === '*' || c === '?') {
      // A glob: bash puts the names it matches here; kept as written, as the whole splitter keeps it.
      globbed = true;
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
  // The walk notes a static text holding code (a glob matching nothing leaves it too): on a line that evaluates variables, it may run (bash-line.ts).
  if (word.static && (word.value.includes('$(') || word.value.includes('`'))) scope.count.literalCode = true;
  if (globbed) word.static = false;
  return { word, next: i };
}

/** A blank, a newline or an operator at `i`, or the end of the line: where a word ends. */
function isWordEnd(line: string, i: number): boolean {
  const c = line[i];
  return c === undefined || c === ' ' || c === '\t' || c === '\n' || c === ';' || c === '&' || c === '|' || c === '<' || c === '>' || c === ')';
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
 * `$`, backslashes or newlines (so its first closing character ends it),
 * and without loops. Returns the index after it; undefined for any other.
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
  const parts = scope.split(commands, { ...scope, depth: line[at] === '`' ? scope.depth + 1 : scope.depth, substituted: true });
  if (!parts) return undefined;
  word.inner.push(...parts);
  word.value += line.slice(at, close + 1);
  return close + 1;
}
