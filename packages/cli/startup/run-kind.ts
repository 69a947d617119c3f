/**
 * Which kind of run a start is, told from its command line before anything
 * loads, for one purpose: each kind keeps V8 code caches of its own
 * (start.ts). A bundle's cache holds the functions the run that wrote it
 * compiled, and is written once: with one cache for all, whichever kind ran
 * first decided what every later start found compiled. `lug -p` read the
 * interface's caches (lug.cjs's 892 KB against its own 328) and reached its
 * first request 5 ms later (77.1 against 72.2 ms, alternated, 15 runs each);
 * the interface, with caches `lug -p` wrote, drew its first screen 4 ms later
 * (123.9 against 120.1 ms, 9 runs each).
 *
 * main.ts decides what the run does; this only guesses which caches suit it,
 * and a wrong guess costs time, never behaviour.
 */
export type RunKind = 'interface' | 'headless';

/** Subcommands and flags that run without the interface (main.ts, args.ts). */
const SUBCOMMANDS = new Set(['rules', 'rewind', 'mcp']);

export function runKindOf(argv: readonly string[], stdinIsTerminal: boolean): RunKind {
  if (!stdinIsTerminal) return 'headless'; // a piped prompt
  if (argv[0] !== undefined && SUBCOMMANDS.has(argv[0])) return 'headless';
  // -p TEXT, -pTEXT, -cp TEXT (short flags together), --print, --print=TEXT, --acp.
  const headless = (arg: string) => /^-[a-zA-Z]*p/.test(arg) || arg === '--print' || arg.startsWith('--print=') || arg === '--acp';
  return argv.some(headless) ? 'headless' : 'interface';
}
