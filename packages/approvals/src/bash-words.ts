/**
 * What bash makes of a word: its value after brace expansion and quote
 * removal when that is static, and every command it runs along the way
 * (`$(…)`, backticks, `<(…)`, parameter-expansion operands, arithmetic).
 *
 * tree-sitter-bash finds where a word begins and ends, but misses commands
 * inside it (a backtick in `${x:=`…`}`, escaped nested backticks), so the
 * word's text is read here, character by character, by bash's own quoting
 * rules. What runs is handed to a `WordHost`, which splits it into parts.
 */
import { decodeAnsiC } from './bash-ansi-c.js';
import { braceExpand, type Chunk } from './bash-braces.js';

export interface WordValue {
  /** The word as written. */
  written: string;
  /**
   * The words bash makes of it after brace expansion and quote removal. When
   * not static, one word: quotes removed, expansions kept as written (`"$f".txt` is `$f.txt`).
   */
  values: string[];
  /** False when its value depends on an expansion, a substitution or a glob. */
  static: boolean;
}

export type SubstitutionKind = 'command' | 'process' | 'arithmetic';

/** Where a scanner sends what runs; implemented by the line's analysis. */
export interface WordHost {
  /**
   * A `$(…)`, `<(…)`/`>(…)` or `$((…))` begins at `at` (searching no further than `end`):
   * analyse the commands in it and return the index just after it, or undefined
   * when its end cannot be found (the host records why).
   */
  substitution(at: number, end: number, kind: SubstitutionKind): number | undefined;
  /** A text bash parses again as commands (a backtick's contents, unescaped). */
  script(text: string): void;
  /** The line cannot be split with certainty. */
  incomplete(reason: string): void;
  /** Something re-evaluates a variable's value as code (arithmetic on a name, `${x@P}`). */
  evaluatesVariables(): void;
  /** A static text that holds `$(` or a backtick: code, if something evaluates it later. */
  codeInLiteral(text: string): void;
}


interface Out {
  chunks: Chunk[];
  dynamic: boolean;
  /** A glob made the word's value depend on the files there (and nothing else did, unless `dynamic`). */
  globbed?: boolean;
}

type Mode = 'word' | 'heredoc' | 'arithmetic';

/** A word with no quoting, expansion, glob or brace in it: its value is its text. */
const PLAIN_WORD = /^[A-Za-z0-9_./:=+%@^,-]+$/;
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_PARAMETER = /[0-9@*#?$!-]/;

export class WordScanner {
  constructor(
    readonly src: string,
    private readonly host: WordHost,
  ) {}

  /** A shell word at [start, end). */
  word(start: number, end: number): WordValue {
    const written = this.src.slice(start, end);
    // Most words have nothing for bash to do.
    if (PLAIN_WORD.test(written)) return { written, values: [written], static: true };
    const out: Out = { chunks: [], dynamic: false };
    this.scan(start, end, 'word', out);
    const value = out.chunks.map((c) => c.text).join('');
    if (out.dynamic) return { written, values: [value], static: false };
    // A glob that matches nothing is left as written: `a[\$\(rm\ x\)]` is the literal `a[$(rm x)]`, code for a builtin that evaluates it.
    if (value.includes('$(') || value.includes('`')) this.host.codeInLiteral(value);
    if (out.globbed) return { written, values: [value], static: false };
    const values = out.chunks.some((c) => !c.quoted && c.text.includes('{')) ? braceExpand(out.chunks) : [value];
    if (!values) return { written, values: [value], static: false };
    return { written, values, static: true };
  }

  /**
   * A text expanded as a here-document body is (and as bash expands a literal
   * it evaluates later): `$…` and backticks are live, quotes are plain text.
   * Returns its value when static.
   */
  expandable(start: number, end: number): string | undefined {
    const out: Out = { chunks: [], dynamic: false };
    this.scan(start, end, 'heredoc', out);
    return out.dynamic ? undefined : out.chunks.map((c) => c.text).join('');
  }

  /** Arithmetic text: expansions in it run, and a name in it is evaluated as an expression. */
  arithmetic(start: number, end: number): void {
    this.scan(start, end, 'arithmetic', { chunks: [], dynamic: false });
  }

  private scan(start: number, end: number, mode: Mode, out: Out): void {
    const src = this.src;
    let i = start;
    let literal = start;
    const flush = (upTo: number) => {
      if (upTo > literal) out.chunks.push({ text: src.slice(literal, upTo), quoted: false });
    };
    while (i < end) {
      const c = src[i];
      if (c === '\\') {
        flush(i);
        const next = src[i + 1];
        if (next === undefined || i + 1 >= end) {
          out.chunks.push({ text: '\\', quoted: false });
          i += 1;
        } else if (mode === 'heredoc' && !'$`\\\n'.includes(next)) {
          out.chunks.push({ text: `\\${next}`, quoted: true });
          i += 2;
        } else {
          if (next !== '\n') out.chunks.push({ text: next, quoted: true });
          i += 2;
        }
        literal = i;
      } else if (c === "'" && mode !== 'heredoc') {
        flush(i);
        const close = src.indexOf("'", i + 1);
        if (close < 0 || close >= end) return this.unterminated(out, 'a single quote');
        out.chunks.push({ text: src.slice(i + 1, close), quoted: true });
        i = literal = close + 1;
      } else if (c === '"' && mode !== 'heredoc') {
        flush(i);
        i = literal = this.double(i, end, out);
      } else if (c === '$') {
        flush(i);
        i = literal = this.keepWritten(i, out, () => this.dollar(i, end, mode === 'word' ? 'word' : 'double', out));
      } else if (c === '`') {
        flush(i);
        i = literal = this.keepWritten(i, out, () => this.backtick(i, end, mode === 'heredoc' ? 'heredoc' : 'word', out));
      } else if ((c === '<' || c === '>') && src[i + 1] === '(' && mode === 'word') {
        flush(i);
        out.dynamic = true;
        i = literal = this.keepWritten(i, out, () => this.host.substitution(i, end, 'process') ?? end);
      } else if (mode === 'word' && isGlob(src, i, end)) {
        out.globbed = true;
        i += 1;
      } else if (mode === 'arithmetic' && NAME_START.test(c) && !NAME_CHAR.test(src[i - 1] ?? '')) {
        this.host.evaluatesVariables();
        i += 1;
      } else {
        i += 1;
      }
    }
    flush(end);
  }

  /** Runs an expansion; one that gives no text of its own is kept as written. */
  private keepWritten(at: number, out: Out, expand: () => number): number {
    const before = out.chunks.length;
    const after = expand();
    if (out.chunks.length === before) out.chunks.push({ text: this.src.slice(at, after), quoted: false });
    return after;
  }

  private unterminated(out: Out, what: string): void {
    out.dynamic = true;
    this.host.incomplete(`${what} is not closed`);
  }

  /** A double-quoted string from its opening quote; returns the index after its closing one. */
  private double(at: number, end: number, out: Out): number {
    const src = this.src;
    let i = at + 1;
    let literal = i;
    const flush = (upTo: number) => {
      if (upTo > literal) out.chunks.push({ text: src.slice(literal, upTo), quoted: true });
    };
    while (i < end) {
      const c = src[i];
      if (c === '"') {
        flush(i);
        return i + 1;
      }
      if (c === '\\') {
        const next = src[i + 1];
        if (next !== undefined && '$`"\\\n'.includes(next)) {
          flush(i);
          if (next !== '\n') out.chunks.push({ text: next, quoted: true });
          i += 2;
          literal = i;
        } else i += 1;
      } else if (c === '$') {
        flush(i);
        i = literal = this.keepWritten(i, out, () => this.dollar(i, end, 'double', out));
      } else if (c === '`') {
        flush(i);
        i = literal = this.keepWritten(i, out, () => this.backtick(i, end, 'double', out));
      } else i += 1;
    }
    this.unterminated(out, 'a double quote');
    return end;
  }

  /** `$` and what follows it; returns the index after the expansion. */
  private dollar(at: number, end: number, context: 'word' | 'double', out: Out): number {
    const src = this.src;
    const next = src[at + 1];
    if (next === '(' && at + 1 < end) {
      out.dynamic = true;
      if (src[at + 2] === '(') {
        const close = this.host.substitution(at, end, 'arithmetic');
        if (close !== undefined) {
          this.arithmetic(at + 3, close - 2);
          return close;
        }
        // Not arithmetic after all: a command substitution holding a subshell.
      }
      return this.host.substitution(at, end, 'command') ?? end;
    }
    if (next === '{' && at + 1 < end) {
      out.dynamic = true;
      return this.parameter(at, end, context);
    }
    if (next === '[' && at + 1 < end) {
      out.dynamic = true;
      const close = matching(src, at + 1, end, '[', ']');
      if (close === undefined) {
        this.unterminated(out, '`$[`');
        return end;
      }
      this.arithmetic(at + 2, close);
      return close + 1;
    }
    if (next === "'" && context === 'word') {
      const decoded = decodeAnsiC(src, at + 2, end);
      if (!decoded) {
        this.unterminated(out, "a `$'` string");
        return end;
      }
      out.chunks.push({ text: decoded.value, quoted: true });
      return decoded.end;
    }
    if (next === '"' && context === 'word') return this.double(at + 1, end, out);
    if (next !== undefined && at + 1 < end && NAME_START.test(next)) {
      out.dynamic = true;
      let i = at + 2;
      while (i < end && NAME_CHAR.test(src[i])) i += 1;
      return i;
    }
    if (next !== undefined && at + 1 < end && SPECIAL_PARAMETER.test(next)) {
      out.dynamic = true;
      return at + 2;
    }
    out.chunks.push({ text: '$', quoted: context === 'double' });
    return at + 1;
  }

  /**
   * `${…}` from its `$`: braces nest, quotes and expansions inside it are read
   * (a single quote does not quote inside double quotes), and what its
   * operands run is found. `${ cmd; }` and `${| cmd; }` (bash 5.3) run commands.
   */
  private parameter(at: number, end: number, context: 'word' | 'double'): number {
    const src = this.src;
    const inner: Out = { chunks: [], dynamic: false };
    const first = src[at + 2];
    if (first === ' ' || first === '\t' || first === '\n' || first === '|') {
      const close = closingBrace(src, at + 2, end);
      if (close === undefined) {
        this.unterminated(inner, '`${ …; }`');
        return end;
      }
      this.host.script(src.slice(at + (first === '|' ? 3 : 2), close));
      return close + 1;
    }
    let depth = 1;
    let i = at + 2;
    while (i < end) {
      const c = src[i];
      if (c === '\\') i += 2;
      else if (c === "'" && context === 'word') {
        const close = src.indexOf("'", i + 1);
        if (close < 0 || close >= end) break;
        i = close + 1;
      } else if (c === '"') i = this.double(i, end, inner);
      else if (c === '$') i = this.dollar(i, end, context, inner);
      else if (c === '`') i = this.backtick(i, end, context, inner);
      else if (c === '{') {
        depth += 1;
        i += 1;
      } else if (c === '}') {
        depth -= 1;
        if (depth === 0) {
          this.parameterOperators(src.slice(at + 2, i));
          return i + 1;
        }
        i += 1;
      } else i += 1;
    }
    this.unterminated(inner, '`${`');
    return end;
  }

  /** Subscripts, `${x:offset:length}` and `${x@P}` evaluate text as code. */
  private parameterOperators(body: string): void {
    if (/^[!#]?[A-Za-z_][A-Za-z0-9_]*(\[|:[^-=?+]|@P)/.test(body) || body.startsWith('!')) this.host.evaluatesVariables();
  }

  /**
   * A backtick substitution from its opening backtick. bash reads up to the
   * first unescaped backtick, removes the backslash before `$`, `` ` `` and `\`
   * (and `"` inside double quotes), and parses the result again — which is how
   * escaped backticks nest.
   */
  private backtick(at: number, end: number, context: 'word' | 'double' | 'heredoc', out: Out): number {
    const src = this.src;
    out.dynamic = true;
    let i = at + 1;
    while (i < end && src[i] !== '`') i += src[i] === '\\' ? 2 : 1;
    if (i >= end) {
      this.unterminated(out, 'a backtick');
      return end;
    }
    const escapes = context === 'double' ? /\\([\\$`"])/g : /\\([\\$`])/g;
    this.host.script(src.slice(at + 1, i).replace(escapes, '$1'));
    return i + 1;
  }
}

function isGlob(src: string, i: number, end: number): boolean {
  const c = src[i];
  if (c === '*' || c === '?') return true;
  if (c === '[') return src.indexOf(']', i + 2) > 0 && src.indexOf(']', i + 2) < end;
  if ((c === '@' || c === '+' || c === '!') && src[i + 1] === '(') return true;
  return false;
}

/** The index of the `close` matching the `open` at `at`, skipping quotes; undefined if none. */
function matching(src: string, at: number, end: number, open: string, close: string): number | undefined {
  let depth = 0;
  for (let i = at; i < end; i++) {
    const c = src[i];
    if (c === '\\') i += 1;
    else if (c === open) depth += 1;
    else if (c === close && --depth === 0) return i;
  }
  return undefined;
}

/** The `}` that ends a `${ cmd; }` block: after a command terminator, outside quotes. */
function closingBrace(src: string, at: number, end: number): number | undefined {
  let quote: string | undefined;
  for (let i = at; i < end; i++) {
    const c = src[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i += 1;
    } else if (c === '\\') i += 1;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '}' && /[;\n&]\s*$/.test(src.slice(at, i))) return i;
  }
  return undefined;
}
