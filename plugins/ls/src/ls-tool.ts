/**
 * The ls tool. Without glob: one directory's entries (all of them, hidden
 * ones and `.git` included: it is one directory, and the model asked for it).
 * With glob: every file under path that matches, skipping `.git` and ignored
 * files, by `rg --files` with the grep tool's flags (listFiles in @lug/tools),
 * so ls and grep agree on what is ignored. Paths are relative to the working
 * directory, so they can be passed straight to read. Output cut at 30,000
 * bytes keeping the start.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import {
  compileGlobArgument,
  defineTool,
  displayPath,
  formatCount,
  LineBudget,
  MAX_ARGUMENT_BYTES,
  tooLongToStart,
  listFiles,
  missingPathMessage,
  decidedPath,
  resolvePath,
  ToolError,
  type ListingDetails,
  PATH_PARAMETER,
  printablePath,
  warmRipgrep,
} from '@lug/tools';
import { listDirectory } from './list-directory.js';

export interface LsArgs {
  path?: string;
  glob?: string;
}

const bytes = formatCount;

export const lsTool = defineTool<LsArgs>({
  name: 'ls',
  description:
    'List a directory, marking directories with a trailing /. With glob, list every file under path that matches it instead, skipping .git and ignored files.',
  parameters: {
    type: 'object',
    properties: {
      path: PATH_PARAMETER,
      glob: { type: 'string', description: 'Only files whose path matches, e.g. *.rs or src/**/*.ts.' },
    },
    required: [],
    additionalProperties: false,
  },
  ask: false,
  // ripgrep located and its first start taken while lug is idle (the first prompt typed, the first request in flight).
  warm: () => warmRipgrep(),
  describe: (args) => ({
    title: [args.path ?? '.', args.glob].filter(Boolean).join(' '),
    kind: args.glob ? 'search' : 'read',
    paths: [{ path: args.path ?? '.', access: 'read' }],
  }),
  async handler(args, ctx) {
    const shownPath = args.path ?? '.';
    const dir = resolvePath(ctx.cwd, shownPath);
    // The directory its call was judged on (symlinks resolved then), or an error if the path leads elsewhere now.
    const opened = decidedPath(ctx, shownPath, 'listed');
    const size = await checkDirectory(opened, shownPath);
    const matcher = compileGlobArgument(args.glob);
    // A rule on `.env` or `secrets/` judged the directory, not its entries: each entry is judged as if it were read.
    const refused = ctx.refusedRead;
    const readable = refused && ((name: string) => refused(path.join(opened, name)) === undefined);
    if (!matcher) {
      const { names, total } = await listDirectory(opened, mostLinesShown(ctx.limits.outputBytes), size, readable);
      if (total === 0) return listing(`${shownPath} is an empty directory.`, 0, 0);
      return capped(names, total, ctx.limits.outputBytes, 'list a subdirectory, or pass a glob');
    }
    const found = await listFiles(opened, { glob: matcher, signal: ctx.signal }).catch((err: unknown) => {
      // ripgrep missing or failing: the model gets the message, not a stack.
      throw err instanceof Error && !(err instanceof ToolError) ? (globTooLong(err, matcher.glob) ?? new ToolError(err.message)) : err;
    });
    if (ctx.signal.aborted) throw new ToolError('ls was cancelled.');
    const files = readable ? found.filter(readable) : found;
    if (files.length === 0) {
      return listing(`No files under ${shownPath} match ${matcher.glob} (.git and files ignored by .gitignore are skipped).`, 0, 0);
    }
    const base = displayPath(ctx.cwd, dir);
    const shown = base === '.' ? files : files.map((f) => `${base === '/' ? '' : base}/${f}`);
    return capped(shown, shown.length, ctx.limits.outputBytes, 'narrow the glob, or list a subdirectory');
  },
});

/** One stat: synchronous costs less than the thread pool's round trip. Returns the directory's size (st_size). */
async function checkDirectory(dir: string, shownPath: string): Promise<number> {
  let info;
  try {
    info = statSync(dir);
  } catch {
    throw new ToolError(await missingPathMessage(dir, shownPath));
  }
  if (!info.isDirectory()) {
    throw new ToolError(`${shownPath} is a file, not a directory: ls lists directories. Read the file with read.`);
  }
  return info.size;
}

/** The glob reaches ripgrep as an argument: one too long for the system (E2BIG) said as such, not as the runner's own words. */
function globTooLong(err: Error, glob: string): ToolError | undefined {
  if (!tooLongToStart(err)) return undefined;
  return new ToolError(
    `glob is ${bytes(Buffer.byteLength(glob))} bytes, too long for the system to start ripgrep with it (E2BIG; Linux takes at most ${bytes(MAX_ARGUMENT_BYTES)} bytes in one argument); nothing was listed. Use a shorter glob.`,
  );
}

function listing(content: string, entries: number, shown: number): { content: string; details: ListingDetails } {
  return { content, details: { kind: 'listing', entries, shown } };
}

/** The most lines `maxBytes` can show: each takes a byte at least, and a newline between two. */
function mostLinesShown(maxBytes: number): number {
  return Math.floor((maxBytes + 1) / 2);
}

/**
 * The paths a line each, cut at `maxBytes` keeping the start, with a closing line that says how many are not shown;
 * `lines` are the first of `total` (a huge directory's listing keeps no more than can be shown).
 * A name that holds a newline or a control character is shown quoted (printablePath), never as two lines.
 */
function capped(lines: readonly string[], total: number, maxBytes: number, howToNarrow: string): { content: string; details: ListingDetails } {
  const budget = new LineBudget(maxBytes);
  let pushed = 0;
  for (const line of lines) {
    pushed++;
    if (!budget.push(printablePath(line))) break;
  }
  if (total > pushed) budget.markCut();
  const text = budget.text(
    (dropped) => `[output cut at ${bytes(maxBytes)} bytes: ${bytes(dropped + total - pushed)} of ${bytes(total)} entries are not shown; ${howToNarrow}]`,
  );
  return listing(text, total, budget.shown.length);
}

