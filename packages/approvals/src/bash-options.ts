/**
 * What a program's words say it runs (`Inner`), and reading its options the
 * way getopt does — every way they could be read when a word is not static or
 * an option is unknown, so a hidden command is found whichever way the
 * program reads it.
 */

export interface Arg {
  /** After quote removal; for a word that is not static, as written without its quotes. */
  value: string;
  static: boolean;
}

export type Inner =
  /** `argv[from..to)` is a command it runs; in it, words holding `placeholder` are filled in at run time. */
  | { kind: 'command'; from: number; to: number; placeholder?: string }
  /** A script it runs (`bash -c`, `eval`, `trap`, `su -c`, `watch`, an alias's value); `positional`: its `$0`, `$1`… when static (`sh -c '"$@"' _ rm x`). */
  | { kind: 'script'; text: string; positional?: string[] }
  /** A text bash expands later as if it were in double quotes (`PS4`, a `let` expression). */
  | { kind: 'expanded'; text: string }
  /** It runs its standard input as a script. */
  | { kind: 'stdin' }
  /** It runs code that is not on the line (a script that is not static, a renamed command). */
  | { kind: 'unknown'; reason: string }
  /** It evaluates a variable's value as code (`declare -i`). */
  | { kind: 'evaluates-variables' };

export interface OptionSpec {
  /** Short options that take a value: `-u root`, `-uroot`. */
  short?: string;
  /** Short options that take no value. A short option in neither list is read both ways. */
  flags?: string;
  /** Long options that take a value: `--user root`, `--user=root`. Others take none unless written with `=`. */
  long?: readonly string[];
  /** Long options known to take no value; an unknown one is read both ways. */
  longFlags?: readonly string[];
  /** Options such as `-10` (nice) are flags. */
  numericFlags?: boolean;
}

/** One way of reading the options: where the operands begin, and what was given. */
export interface Reading {
  next: number;
  seen: Map<string, string | true>;
}

/** Readings beyond this are not followed (each ambiguous word doubles them). */
const MAX_READINGS = 8;

/** Reads `argv[from…]`'s options every way they can be read. */
export function readOptions(argv: readonly Arg[], from: number, spec: OptionSpec): Reading[] {
  let readings: Reading[] = [{ next: from, seen: new Map() }];
  const done: Reading[] = [];
  while (readings.length) {
    const more: Reading[] = [];
    for (const r of readings) {
      const arg = argv[r.next];
      if (!arg || (arg.static && (!arg.value.startsWith('-') || arg.value === '-'))) {
        done.push(r);
        continue;
      }
      if (!arg.static) {
        // Anything: the command itself, a flag, or an option and its value.
        done.push(r);
        more.push({ next: r.next + 1, seen: r.seen }, { next: r.next + 2, seen: r.seen });
        continue;
      }
      if (arg.value === '--') {
        done.push({ next: r.next + 1, seen: r.seen });
        continue;
      }
      more.push(...readOne(argv, r, spec));
    }
    readings = more.slice(0, MAX_READINGS);
    if (done.length >= MAX_READINGS) break;
  }
  return done.slice(0, MAX_READINGS);
}

/** The readings after the option at `r.next`. */
function readOne(argv: readonly Arg[], r: Reading, spec: OptionSpec): Reading[] {
  const word = argv[r.next].value;
  const with_ = (key: string, value: string | true, next: number): Reading => ({ next, seen: new Map(r.seen).set(key, value) });
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    const name = word.slice(2, eq < 0 ? undefined : eq);
    if (eq >= 0) return [with_(name, word.slice(eq + 1), r.next + 1)];
    if (spec.long?.includes(name)) return [with_(name, argv[r.next + 1]?.value ?? '', r.next + 2)];
    if (spec.longFlags?.includes(name)) return [with_(name, true, r.next + 1)];
    return [with_(name, true, r.next + 1), with_(name, argv[r.next + 1]?.value ?? '', r.next + 2)];
  }
  if (spec.numericFlags && /^-\d+$/.test(word)) return [with_(word.slice(1), true, r.next + 1)];
  let seen = new Map(r.seen);
  for (let k = 1; k < word.length; k++) {
    const c = word[k];
    const rest = word.slice(k + 1);
    if (spec.short?.includes(c)) {
      if (rest) return [{ next: r.next + 1, seen: seen.set(c, rest) }];
      return [{ next: r.next + 2, seen: seen.set(c, argv[r.next + 1]?.value ?? '') }];
    }
    if (!spec.flags?.includes(c)) {
      // Unknown: a flag, or an option whose value is the rest of the word or the next word.
      const asFlag = readOne(argv, { next: r.next, seen: new Map(seen).set(c, true) }, { ...spec, flags: (spec.flags ?? '') + c });
      const withValue = rest ? { next: r.next + 1, seen: new Map(seen).set(c, rest) } : { next: r.next + 2, seen: new Map(seen).set(c, argv[r.next + 1]?.value ?? '') };
      return [...asFlag, withValue];
    }
    seen = seen.set(c, true);
  }
  return [{ next: r.next + 1, seen }];
}


export function dedupe(inner: Inner[]): Inner[] {
  const seen = new Set<string>();
  return inner.filter((i) => {
    const key = JSON.stringify(i);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
