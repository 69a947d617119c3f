/**
 * The names a builtin or a loop assigns. Some variables hold code bash runs
 * later (PROMPT_COMMAND, PS0-PS4, BASH_ENV, ENV, a function imported from
 * BASH_FUNC_…) or commands it looks names up in (BASH_CMDS, BASH_ALIASES):
 * given a value lug does not read (`read PROMPT_COMMAND`, `for BASH_ENV in
 * …`, `export PS4="$x"`), or through a name that is not static (`declare
 * "$x"` with x='BASH_CMDS[ls]=/bin/rm', `printf -v "$x"`) or that stands for
 * another (`declare -n r=BASH_CMDS`), they run a program no part shows.
 */
import { programName } from './bash-builtins.js';
import type { Arg, Inner } from './bash-options.js';

const CODE_VARIABLE = /^(PROMPT_COMMAND|PS[0-4]|BASH_ENV|ENV|BASH_FUNC_.*|BASH_CMDS|BASH_ALIASES)$/;

/** Whether a variable's value is code bash runs or looks commands up in; `name` may carry a subscript or `+`. */
export function holdsCode(name: string): boolean {
  return CODE_VARIABLE.test(name.replace(/(\[.*|\+)$/, ''));
}

/** The static name a word assigns (`NAME=…`, `NAME[…]+=…`, `BASH_FUNC_f%%=…`), when it is written before any expansion. */
export function assignedName(word: string): string | undefined {
  return /^(?:BASH_FUNC_[^=$`]*|[A-Za-z_]\w*)(?=\[|\+?=)/.exec(word)?.[0];
}

const unknown = (reason: string): Inner[] => [{ kind: 'unknown', reason }];

/** `NAME=VALUE` given to a program's environment (`env`, `sudo`) whose name or value lug cannot read. */
export function dynamicEnvironment(word: Arg): Inner[] {
  const name = assignedName(word.value);
  if (name === undefined) return unknown('a word that is not static may set a variable bash imports as a function');
  return holdsCode(name) ? unknown(`bash runs or expands the value of ${name}, which is not static text`) : [];
}

/** Builtins that make a name refer to another variable (`-n`): assigning it then assigns that one. */
const NAMEREFS: ReadonlySet<string> = new Set(['declare', 'typeset', 'local']);

/**
 * `declare`, `typeset`, `local`, `export`, `readonly`: each word after the
 * options is NAME or NAME=VALUE. A static one is read as an assignment
 * (environmentVariable) unless it adds to or subscripts a variable holding code.
 */
export function declaredNames(argv: readonly Arg[]): Inner[] {
  const builtin = programName(argv[0].value);
  for (const arg of argv.slice(1)) {
    if (arg.static && /^[-+]/.test(arg.value)) {
      if (NAMEREFS.has(builtin) && /^-[a-zA-Z]*n/.test(arg.value)) return unknown('a nameref (-n) makes one variable stand for another');
      continue;
    }
    const name = assignedName(arg.value);
    if (name === undefined) {
      if (!arg.static) return unknown('the name it declares is not static');
      continue;
    }
    if (!holdsCode(name)) continue;
    if (!arg.static) return unknown(`bash runs or expands the value of ${name}, which is not static text`);
    // A static value is read as the assignment it is; added to, or one element of it, it is only part of the code.
    if (arg.value[name.length] !== '=') return unknown(`it changes part of ${name}, whose value bash runs`);
  }
  return [];
}

/** Names a builtin assigns from a value that is not on the line as an assignment (`read`, `mapfile`, `printf -v`, `getopts`). */
export function assignsNames(builtin: string, names: readonly (Arg | undefined)[]): Inner[] {
  for (const name of names) {
    if (!name) continue;
    if (!name.static) return unknown(`the name ${builtin} assigns is not static`);
    if (holdsCode(name.value)) return unknown(`${builtin} assigns ${name.value}, whose value bash runs`);
  }
  return [];
}

/** `read [-a NAME] [options] NAME…`: the names it assigns; a word among the options that is not static may be `-a`. */
export function readNames(argv: readonly Arg[]): Inner[] {
  const names: Arg[] = [];
  let i = 1;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.static) return unknown('read is given an option that is not static');
    if (arg.value === '--') {
      i += 1;
      break;
    }
    if (!/^-./.test(arg.value)) break;
    const at = [...arg.value.slice(1)].findIndex((c) => 'adinNptu'.includes(c)) + 1;
    if (at === 0) continue;
    const value = arg.value.slice(at + 1) ? { value: arg.value.slice(at + 1), static: true } : argv[(i += 1)];
    if (arg.value[at] === 'a' && value) names.push(value);
  }
  return assignsNames('read', [...names, ...argv.slice(i)]);
}

/** `getopts OPTSTRING NAME [ARG…]`. */
export function getoptsBuiltin(argv: readonly Arg[]): Inner[] {
  return assignsNames('getopts', [argv[2]]);
}
