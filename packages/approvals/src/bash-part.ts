/**
 * A part of a bash command line: one thing bash (or a program it starts)
 * will run, which a rule judges on its own.
 */
import { programName } from './bash-builtins.js';
export interface BashPart {
  /** The part as written (backslash-newlines joined), without its redirections: `FOO=1 \rm -rf "a b"`. */
  text: string;
  /**
   * `command`: a program, builtin or function run with arguments; `redirect`:
   * a file written (`> FILE`); `assignment`: variables set on their own;
   * `test`: `[[ … ]]`; `arithmetic`: `(( … ))` or a C-style `for` header;
   * `line`: the whole line, when lug cannot split it with certainty.
   */
  kind: 'command' | 'redirect' | 'assignment' | 'test' | 'arithmetic' | 'line';
  /**
   * The command word as bash sees it after quote removal, wrappers stripped
   * (`rm` for `sudo env FOO=1 \rm x`, `/bin/rm` for `/bin/rm x`). When it is
   * not static (`$cmd`, `$(which rm)`), its text with quotes removed, and
   * `dynamic` is set. `''` for a part that runs no program.
   */
  program: string;
  /** The program's name without its directory (`rm` for `/bin/rm`): what a deny rule should look at. */
  program_name: string;
  /**
   * The words as bash passes them (quotes removed, braces expanded), the
   * program first. A word that is not static is kept as written, without its
   * quotes (`$f`, `*.txt`). For a redirect: `['>', FILE]`.
   */
  argv: string[];
  /** The command word is not static text: `program` is a guess at best. */
  dynamic: boolean;
  /** The programs that run this one, outermost first: `['sudo', 'env']` for the `rm` of `sudo env rm x`. */
  wrappers: string[];
  /** Set on the `line` part: lug cannot split the line with certainty, so in policy mode it asks. */
  incomplete: boolean;
}

/** The part of one program run: `program` is `argv[0]` as bash sees it. */
export function commandPart(text: string, argv: string[], dynamic: boolean, wrappers: readonly string[]): BashPart {
  const program = argv[0];
  return { text, kind: 'command', program, program_name: programName(program), argv, dynamic, wrappers: [...wrappers], incomplete: false };
}

/**
 * A part bash's own syntax makes, not a program it runs: an assignment (no program), `[[ … ]]` (a test), `(( … ))`
 * and a C-style `for`'s header (arithmetic). Its program is named as written.
 */
export function syntaxPart(text: string, kind: 'assignment' | 'test' | 'arithmetic', program: string, argv: string[], wrappers: readonly string[]): BashPart {
  return { text, kind, program, program_name: program, argv, dynamic: false, wrappers: [...wrappers], incomplete: false };
}

/** The part of a file written: `> FILE` as written (whatever the operator), and the file bash opens. */
export function redirectPart(written: string, file: string, dynamic: boolean, wrappers: readonly string[]): BashPart {
  return { text: `> ${written}`, kind: 'redirect', program: '', program_name: '', argv: ['>', file], dynamic, wrappers: [...wrappers], incomplete: false };
}
