/**
 * Shells and bash builtins that run a script given as text — `bash -c`,
 * `eval`, `trap`, `source /dev/stdin`, an alias's value, a function or a
 * prompt imported from the environment. Builtins that evaluate their
 * arguments' text are in bash-evaluating.ts.
 */
import { dedupe, readOptions, type Arg, type Inner, type OptionSpec } from './bash-options.js';

export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ksh93', 'mksh', 'pdksh', 'oksh', 'lksh', 'ash', 'yash', 'posh', 'rbash']);

/** The name a program is known by: the last part of its path. */
export function programName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash < 0 ? word : word.slice(slash + 1);
}

/**
 * What a variable given to a program's environment runs: bash imports
 * `BASH_FUNC_name%%=() { …; }` as a function and expands `PS4` when tracing.
 */
export function environmentVariable(assignment: string): Inner[] {
  const eq = assignment.indexOf('=');
  const name = assignment.slice(0, eq);
  const value = assignment.slice(eq + 1);
  if (name.startsWith('BASH_FUNC_')) return [{ kind: 'script', text: `f${value}` }];
  if (name === 'PROMPT_COMMAND') return [{ kind: 'script', text: value }];
  // A shell expands BASH_ENV (ENV for sh -i) before sourcing the file it names: `$(…)` in it runs.
  if (name === 'BASH_ENV' || name === 'ENV') return [{ kind: 'expanded', text: value }];
  if (/^PS[0-4]$/.test(name)) return [{ kind: 'expanded', text: value }];
  return [];
}

/** The script words of a shell's `-c`, `eval` or `watch`: static, or code lug cannot see. */
export function scriptOf(words: readonly Arg[], what: string): Inner[] {
  const text = words.map((w) => w.value).join(' ');
  if (words.every((w) => w.static)) return [{ kind: 'script', text }];
  // Its static words are still read, so a deny rule sees the commands written there.
  return [{ kind: 'unknown', reason: `${what} is not static text` }, { kind: 'script', text }];
}

const STDIN_PATHS = new Set(['/dev/stdin', '/proc/self/fd/0', '/dev/fd/0', '-']);

const SHELL_OPTIONS: OptionSpec = {
  short: 'oO',
  flags: 'abcefhiklmnprstuvxBCDEHPT',
  long: ['rcfile', 'init-file'],
  longFlags: ['login', 'noprofile', 'norc', 'posix', 'restricted', 'verbose', 'version', 'help', 'debugger', 'dump-strings', 'dump-po-strings', 'noediting', 'pretty-print'],
};

/** `bash -c SCRIPT`, `bash -s`, `bash < x`, `bash FILE`. */
export function shell(argv: readonly Arg[]): Inner[] {
  // +o/+O take a value too.
  const plus = argv.map((a) => (a.static && /^\+[oO]$/.test(a.value) ? { ...a, value: `-${a.value[1]}` } : a.static && /^\+\w+$/.test(a.value) ? { ...a, value: `-${a.value.slice(1)}` } : a));
  const inner: Inner[] = [];
  for (const r of readOptions(plus, 1, SHELL_OPTIONS)) {
    const operand = argv[r.next];
    if (r.seen.has('c')) {
      const positional = argv.slice(r.next + 1);
      const script = operand ? scriptOf([operand], 'the script given to -c') : [{ kind: 'unknown' as const, reason: 'the script given to -c is not on the line' }];
      // What `$0`, `$1`, `"$@"` are in the script, for guessing what a command word made of them runs.
      if (positional.length && positional.every((a) => a.static)) for (const s of script) if (s.kind === 'script') s.positional = positional.map((a) => a.value);
      inner.push(...script);
    } else if (!operand || r.seen.has('s') || (operand.static && STDIN_PATHS.has(operand.value))) inner.push({ kind: 'stdin' });
    else if (!operand.static && operand.value.startsWith('<(')) inner.push({ kind: 'unknown', reason: 'the script is the output of a command' });
  }
  return dedupe(inner);
}

export function sourceBuiltin(argv: readonly Arg[]): Inner[] {
  const file = argv[1]?.value === '--' ? argv[2] : argv[1];
  if (!file) return [];
  if (file.static && STDIN_PATHS.has(file.value)) return [{ kind: 'stdin' }];
  if (!file.static && /^[<>]\(|\$\(|`/.test(file.value)) return [{ kind: 'unknown', reason: 'the script sourced is the output of a command' }];
  return [];
}

export function evalBuiltin(argv: readonly Arg[]): Inner[] {
  const words = argv.slice(argv[1]?.value === '--' ? 2 : 1);
  return words.length ? scriptOf(words, 'the text given to eval') : [];
}

export function trapBuiltin(argv: readonly Arg[]): Inner[] {
  let i = 1;
  while (argv[i]?.static && /^-[lpP]+$/.test(argv[i].value)) i += 1;
  if (argv[i]?.value === '--') i += 1;
  const action = argv[i];
  if (!action || argv.length - i < 2 || (action.static && (action.value === '-' || action.value === ''))) return [];
  return scriptOf([action], 'the action given to trap');
}

export function aliasBuiltin(argv: readonly Arg[]): Inner[] {
  const inner: Inner[] = [];
  for (const arg of argv.slice(1)) {
    // `alias "$x"` with x='ls=rm y' defines what lug cannot read.
    if (!arg.static) inner.push({ kind: 'unknown', reason: 'the alias defined is not static text' });
    const eq = arg.value.indexOf('=');
    if (eq > 0) inner.push({ kind: 'script', text: arg.value.slice(eq + 1) });
  }
  return inner;
}

/** Builtins that declare variables: their arguments are assignments, which may import functions. */
export const DECLARING_BUILTINS: ReadonlySet<string> = new Set(['declare', 'typeset', 'local', 'export', 'readonly']);
