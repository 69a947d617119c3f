/**
 * Builtins that evaluate their arguments' text: an array subscript in a name
 * they assign runs the `$(…)` in it (`let`, `declare`, `read`, `printf -v`,
 * `test -v`), `compgen -W` expands its word list again, `compgen -C` and
 * `mapfile -C` run a command, and assigning to BASH_CMDS or BASH_ALIASES makes
 * a name run another program.
 */
import { assignsNames, declaredNames, readNames } from './bash-assigned-names.js';
import { DECLARING_BUILTINS, environmentVariable, programName } from './bash-builtins.js';
import type { Arg, Inner } from './bash-options.js';

/** `BASH_CMDS[ls]=/bin/rm` is `hash -p /bin/rm ls`; `BASH_ALIASES[ls]=…` is `alias ls=…`. */
const COMMAND_TABLE = /^(BASH_CMDS|BASH_ALIASES)(\[|=|\+=|$)/;

export function setsCommandTable(name: string): boolean {
  return COMMAND_TABLE.test(name);
}

const RENAMES: Inner = { kind: 'unknown', reason: 'assigning to BASH_CMDS or BASH_ALIASES makes a name run another program' };

/** Builtins that evaluate their arguments' text (array subscripts run `$(…)` in them). */
export function evaluatedArguments(argv: readonly Arg[]): Inner[] {
  const inner: Inner[] = [];
  for (const arg of argv.slice(1)) if (arg.static && /[$`]/.test(arg.value)) inner.push({ kind: 'expanded', text: arg.value });
  if (argv.some((a, k) => k > 0 && setsCommandTable(a.value))) inner.push(RENAMES);
  const name = programName(argv[0].value);
  if (DECLARING_BUILTINS.has(name)) {
    if (argv.some((a, k) => k > 0 && a.static && /^[-+][a-zA-Z]*i/.test(a.value))) inner.push({ kind: 'evaluates-variables' });
    for (const arg of argv.slice(1)) if (arg.static) inner.push(...environmentVariable(arg.value));
    inner.push(...declaredNames(argv));
  }
  if (name === 'read') inner.push(...readNames(argv));
  // A name that is not static is evaluated once expanded: `x='a[$(rm y)]'; read "$x"` runs rm in the subscript.
  if (['let', 'test', '[', 'declare', 'typeset', 'local'].includes(name) || argv.some((a, k) => k > 0 && !a.static)) inner.push({ kind: 'evaluates-variables' });
  return inner;
}

/** `printf -v NAME`: NAME is assigned as `read` assigns, subscript and all. */
export function printfBuiltin(argv: readonly Arg[]): Inner[] {
  const v = argv.findIndex((a) => a.static && a.value.startsWith('-v'));
  if (v < 0) return [];
  const target = argv[v].value === '-v' ? argv[v + 1] : { value: argv[v].value.slice(2), static: true };
  if (!target) return [];
  if (setsCommandTable(target.value)) return [RENAMES];
  // `x=PATH; printf -v "$x" …` or `printf -v PROMPT_COMMAND …` assigns what lug cannot see assigned.
  const named = assignsNames('printf -v', [target]);
  if (named.length) return named;
  return /[$`]/.test(target.value) ? [{ kind: 'expanded', text: target.value }] : [];
}

/**
 * `compgen -W WORDS` expands each of its words again (a `$(…)` in them runs),
 * and `compgen -C CMD` runs CMD as a command line.
 */
export function compgenBuiltin(argv: readonly Arg[]): Inner[] {
  if (argv.some((a, k) => k > 0 && !a.static)) return [{ kind: 'unknown', reason: 'compgen expands its word list and runs its -C command, which are not static text' }];
  const inner: Inner[] = [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i].value;
    if (word === '--' || !word.startsWith('-')) break;
    for (let k = 1; k < word.length; k++) {
      if (!'oAGWFCXPSV'.includes(word[k])) continue;
      const value = word.slice(k + 1) || argv[(i += 1)]?.value;
      if (value !== undefined && word[k] === 'W') inner.push({ kind: 'expanded', text: value });
      if (value !== undefined && word[k] === 'C') inner.push({ kind: 'script', text: value });
      break;
    }
  }
  return inner;
}

/** `mapfile -C CALLBACK`: bash evaluates CALLBACK (with the index and line appended) as it reads. */
export function mapfileBuiltin(argv: readonly Arg[]): Inner[] {
  const inner = evaluatedArguments(argv);
  let i = 1;
  for (; i < argv.length; i++) {
    const word = argv[i];
    if (!word.static) {
      inner.push({ kind: 'unknown', reason: `${argv[0].value}'s options are not static, and -C runs a command` });
      break;
    }
    if (word.value === '--' || !word.value.startsWith('-')) break;
    const at = [...word.value.slice(1)].findIndex((c) => 'dnOsuCc'.includes(c)) + 1;
    if (at === 0) continue;
    const value = word.value.slice(at + 1) ? { value: word.value.slice(at + 1), static: true } : argv[(i += 1)];
    if (word.value[at] !== 'C' || !value) continue;
    inner.push(value.static ? { kind: 'script', text: value.value } : { kind: 'unknown', reason: `the callback given to ${argv[0].value} -C is not static text` });
  }
  // The array it fills: `mapfile -t PROMPT_COMMAND < f` sets code lug does not read.
  inner.push(...assignsNames(programName(argv[0].value), [argv[i]?.value === '--' ? argv[i + 1] : argv[i]]));
  return inner;
}
