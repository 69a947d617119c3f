/**
 * What a command word that is not static may run, when the line itself says:
 * `rm${IFS}x` runs `rm` (the expansion splits the word), `${x:-rm} y` runs
 * `rm` when x is unset, and `r=rm; $r x` runs what `r` was set to. Each guess
 * is a list of words that may begin the command; the walk makes each a part
 * too, so a rule on `rm` sees it. A guess, never a certainty: the part that
 * is not static stays, marked `dynamic`.
 */

/** At most this many guesses for one word. */
const MAX_GUESSES = 8;

/** Static values the line assigns to each variable, in the order it assigns them. */
export type Assigned = ReadonlyMap<string, readonly string[]>;

/**
 * Guesses for a command word given its text with quotes removed and
 * expansions kept as written (`values[0]` of a word that is not static).
 */
export function guessCommand(word: string, assigned: Assigned): string[][] {
  const guesses: string[][] = [];
  // An expansion splits at the IFS the line sets too (`IFS=/; x=rm/y; $x` runs rm).
  const separators = [/[ \t\n]+/, ...(assigned.get('IFS') ?? []).filter(Boolean).map((ifs) => new RegExp(`[${ifs.replace(/[\]\\^-]/g, '\\$&')}]+`))];
  const add = (text: string) => {
    for (const separator of separators) {
      const fields = text.split(separator).filter(Boolean);
      if (fields.length && !fields[0].includes('$') && !fields[0].includes('`') && guesses.length < MAX_GUESSES) guesses.push(fields);
    }
  };
  // The text before the first expansion: the expansion may begin with a blank and split there.
  const prefix = /^[^$`]+(?=[$`])/.exec(word)?.[0];
  if (prefix) add(prefix);
  // ${x:-word}, ${x-word}, ${x:=word}, ${x=word}, ${x:+word}, ${x+word}: the word, when it is static.
  const operand = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=+]([^$`{}]*)\}(.*)$/.exec(word);
  if (operand) add(operand[1] + operand[2]);
  // $x, ${x}, $1, "$@": what the line set x to, or what a script was given.
  const variable = /^\$(?:([A-Za-z_][A-Za-z0-9_]*|[0-9@*])|\{([A-Za-z_][A-Za-z0-9_]*|[0-9@*])\})(.*)$/.exec(word);
  if (variable) for (const value of assigned.get(variable[1] ?? variable[2]) ?? []) add(value + variable[3]);
  return guesses;
}
