/**
 * The parts of a plain command line, found without the parser: most lines
 * a model runs are words of ordinary characters joined by `&&`, `||`, `;`,
 * `|` and `&`, with a few redirections (`git status && ls -la src >
 * /dev/null; make test`). For them tree-sitter's parse and the walk over its
 * nodes were 29 µs of a bash call's 38 (packages/approvals/bench); this
 * reads such a line in one pass.
 *
 * It answers only for a line whose meaning leaves no doubt: outside quotes,
 * every character is a letter, a digit, a space or one of `_ . / : , @ % + =
 * -`, besides the operators; inside single quotes anything printable but
 * `'`, inside double quotes anything printable but `" $ \` and a backtick
 * (so a quoted text is static, and holds no code); no command starts with an assignment, a reserved word or a
 * builtin that declares or evaluates (`declare`, `let`, …); and no program
 * runs another (a wrapper, a shell, `eval`, `xargs`: whatever `innerOf`
 * finds something inside). Anything else, and anything it is unsure of (a
 * digit glued before `>`, `>&` onto a file, an empty command), is `undefined`,
 * and the whole splitter reads the line. `bash-plain-line.test.ts` holds its
 * parts equal to the whole splitter's on the attack corpus and on random
 * plain lines.
 */
import { DECLARING_BUILTINS } from './bash-builtins.js';
import { commandPart, redirectPart, type BashPart } from './bash-part.js';
import { innerOf } from './bash-wrappers.js';

/** Longer lines go to the whole splitter (its limits on parts apply to them). */
const MAX_PLAIN = 4096;

const WORD_CHAR = /[A-Za-z0-9_./:,@%+=-]/;
/** Printable ASCII and tabs: what the characters outside quotes may be is checked word by word. */
const PLAIN_LINE = /^[\x20-\x7e\t]*$/;
/** What a quoted text may hold: in single quotes all but `'`; in double quotes nothing bash expands there. */
const SINGLE_QUOTED = /^[^']*$/;
const DOUBLE_QUOTED = /^[^"$`\\]*$/;

/**
 * Words that make a command something other than a program and its
 * arguments: reserved words, and builtins that declare or evaluate what
 * follows them.
 */
const NOT_PLAIN = new Set([
  'if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'select', 'while', 'until', 'do', 'done', 'in', 'function', 'time', 'coproc',
  ...DECLARING_BUILTINS, 'unset', 'let', 'eval', 'exec', 'source', '.', 'trap', 'alias', 'builtin', 'command',
]);

/** A word as written and its value after quote removal. */
interface PlainWord {
  written: string;
  value: string;
}

type Token = { kind: 'word'; word: PlainWord } | { kind: 'op'; text: '&&' | '||' | ';' | '|' | '&' } | { kind: 'redirect'; op: string; target: PlainWord };

export function splitPlainLine(line: string): BashPart[] | undefined {
  if (line.length > MAX_PLAIN || !PLAIN_LINE.test(line)) return undefined;
  const tokens = tokenize(line);
  if (!tokens) return undefined;
  const parts: BashPart[] = [];
  let words: PlainWord[] = [];
  let writes: PlainWord[] = [];
  const end = (): boolean => {
    if (!words.length) return false;
    const first = words[0];
    const program = first.value;
    // A command word must look like one: tree-sitter reads `- 2>x` as no command at all.
    if (!/^[A-Za-z0-9_./'"]/.test(first.written) || !program || first.written.includes('=') || NOT_PLAIN.has(program)) return false;
    const argv = words.map((w) => w.value);
    if (innerOf(argv.map((value) => ({ value, static: true }))).length) return false;
    parts.push(commandPart(words.map((w) => w.written).join(' '), argv, false, []));
    for (const target of writes) parts.push(redirectPart(target.written, target.value, false, []));
    words = [];
    writes = [];
    return true;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'word') words.push(token.word);
    else if (token.kind === 'redirect') {
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

/** The line's words, operators and redirections; undefined where it is unsure. */
function tokenize(line: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (WORD_CHAR.test(c) || c === "'" || c === '"') {
      const read = readWord(line, i);
      if (!read) return undefined;
      const { word } = read;
      const j = read.next;
      // A descriptor glued to a redirection (`2>`) is one digit; its redirection is read next. tree-sitter
      // reads the `0` of `0< f` as a word, so only a descriptor before `>` is read here.
      if (j < n && (line[j] === '>' || line[j] === '<')) {
        if (!/^[0-9]$/.test(word.written) || line[j] !== '>') return undefined;
      } else {
        tokens.push({ kind: 'word', word });
      }
      i = j;
      continue;
    }
    if (c === '>' || c === '<' || (c === '&' && line[i + 1] === '>')) {
      const redirect = readRedirect(line, i);
      if (!redirect) return undefined;
      tokens.push(redirect.token);
      i = redirect.next;
      continue;
    }
    const two = line.slice(i, i + 2);
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
function readRedirect(line: string, at: number): { token: Token; next: number } | undefined {
  const op = ['&>>', '&>', '>>', '>&', '>', '<'].find((o) => line.startsWith(o, at));
  if (!op) return undefined;
  let i = at + op.length;
  const next = line[i];
  // `>|`, `<>`, `<<`, `<<<`, `>>>`: not read here.
  if (next === '|' || next === '>' || next === '<' || next === '&') return undefined;
  while (line[i] === ' ' || line[i] === '\t') i++;
  const read = readWord(line, i);
  if (!read || !read.word.written) return undefined;
  const j = read.next;
  // The target ends where a word would: a redirection glued to it (`>a>b`) is not read here.
  if (j < line.length && (line[j] === '>' || line[j] === '<')) return undefined;
  // `>&` copies a descriptor here; onto a file, or closing one (`>&-`), it is left to the whole splitter.
  if (op.endsWith('&') && !/^[0-9]+$/.test(read.word.written)) return undefined;
  return { token: { kind: 'redirect', op, target: read.word }, next: j };
}

/** The word at `at`: plain characters and quoted texts, up to a blank or an operator; undefined for a quote it does not read. */
function readWord(line: string, at: number): { word: PlainWord; next: number } | undefined {
  let value = '';
  let i = at;
  while (i < line.length) {
    const c = line[i];
    if (WORD_CHAR.test(c)) {
      value += c;
      i++;
    } else if (c === "'" || c === '"') {
      const close = line.indexOf(c, i + 1);
      if (close < 0) return undefined;
      const inside = line.slice(i + 1, close);
      if (!(c === "'" ? SINGLE_QUOTED : DOUBLE_QUOTED).test(inside)) return undefined;
      value += inside;
      i = close + 1;
    } else if (c === ' ' || c === '\t' || c === ';' || c === '&' || c === '|' || c === '<' || c === '>') {
      break;
    } else {
      return undefined;
    }
  }
  return { word: { written: line.slice(at, i), value }, next: i };
}
