/**
 * lug's flags, as node:util's parseArgs reads them: args.ts parses with them
 * (strictly, then checks the values), and the start-up machinery reads which
 * kind of run a command line is before anything loads (startup/run-kind.ts).
 * Imports nothing, so start.cjs can take it in.
 */
export const CLI_FLAGS = {
  print: { type: 'string', short: 'p' },
  model: { type: 'string', short: 'm' },
  approval: { type: 'string' },
  sandbox: { type: 'string' },
  auto: { type: 'boolean' },
  'output-format': { type: 'string' },
  continue: { type: 'boolean', short: 'c' },
  resume: { type: 'string', short: 'r' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
  tutor: { type: 'boolean' },
  thinking: { type: 'string' },
  image: { type: 'string', multiple: true },
  'show-reasoning': { type: 'boolean' },
  acp: { type: 'boolean' },
} as const;
