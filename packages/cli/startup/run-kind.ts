/**
 * Which kind of run a start is, told from its command line before anything
 * loads, for two purposes (start.ts): each kind keeps V8 code caches of its
 * own, and the interface's V8 flag is set before its first bundle runs
 * (src/layout-tiering.ts). A bundle's cache holds the functions the run that wrote it
 * compiled, and is written once: with one cache for all, whichever kind ran
 * first decided what every later start found compiled. `lug -p` read the
 * interface's caches (lug.cjs's 892 KB against its own 328) and reached its
 * first request 5 ms later (77.1 against 72.2 ms, alternated, 15 runs each);
 * the interface, with caches `lug -p` wrote, drew its first screen 4 ms later
 * (123.9 against 120.1 ms, 9 runs each).
 *
 * main.ts decides what the run does; this only tells which caches and flags suit it,
 * reading the flags as args.ts does (cli-flags.ts), and a wrong answer (a
 * command line main.ts will refuse) costs time, never behaviour.
 */
import { parseArgs } from 'node:util';
import { CLI_FLAGS } from '../src/cli-flags.js';

export type RunKind = 'interface' | 'headless';

/** The commands main.ts runs without the interface, by their first word. */
const SUBCOMMANDS = new Set(['rules', 'rewind', 'mcp']);

export function runKindOf(argv: string[], stdinIsTerminal: boolean): RunKind {
  if (!stdinIsTerminal) return 'headless'; // a piped prompt
  // Not strict: a subcommand's own flags, or a flag main.ts will refuse, are no reason to fail here.
  const { values, positionals } = parseArgs({ args: argv, options: CLI_FLAGS, strict: false, allowPositionals: true });
  if (values.print !== undefined || values.acp) return 'headless';
  return positionals[0] !== undefined && SUBCOMMANDS.has(positionals[0]) ? 'headless' : 'interface';
}
