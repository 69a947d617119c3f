/**
 * The grep tool: ripgrep (Rust regex syntax) with the page's meaning of
 * "ignored", a glob applied so that ignored files stay skipped, matches as
 * `path:line: text` relative to the working directory, lines cut at 2,000
 * characters, output cut at 30,000 bytes keeping the start.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import {
  BINARY_SNIFF_BYTES,
  compileGlobArgument,
  decidedPath,
  defineTool,
  displayPath,
  globPrefilterArgs,
  globWalkArgs,
  globWalkRoot,
  isBinary,
  LineBudget,
  missingPathMessage,
  resolvePath,
  ToolError,
  type GlobMatcher,
  type SearchDetails,
  PATH_PARAMETER,
  printablePath,
  openRegularFile,
  warmRipgrep,
} from '@lug/tools';
import { binaryFile, cutMarker, formatMatch, noMatches, unreadableNote, type SearchDescription } from './format.js';
import { argumentsTooLong, checkPattern, onlyUnreadableFiles, ripgrepError } from './pattern-errors.js';
import { runRipgrep } from './run-ripgrep.js';
import { LinesByPath } from './sort-matches.js';

export interface GrepArgs {
  pattern: string;
  path?: string;
  glob?: string;
  ignore_case?: boolean;
}

export const grepTool = defineTool<GrepArgs>({
  name: 'grep',
  description:
    'Search file contents with a regular expression (Rust regex syntax). Skips .git and files ignored by .gitignore. Returns matching lines as path:line: text.',
  parameters: {
    type: 'object',
    properties: {
      pattern: { type: 'string', description: 'The regular expression.' },
      path: PATH_PARAMETER,
      glob: { type: 'string', description: 'Only files whose path matches, e.g. *.rs or src/**/*.ts.' },
      ignore_case: { type: 'boolean', default: false, description: 'Match regardless of case.' },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  ask: false,
  // ripgrep located and its first start taken while lug is idle (the first prompt typed, the first request in flight).
  warm: () => warmRipgrep(),
  describe(args) {
    const where = [args.path, args.glob].filter(Boolean).join(' ');
    return { title: where ? `${args.pattern}  ${where}` : args.pattern, kind: 'search', paths: [{ path: args.path ?? '.', access: 'read' }] };
  },
  async handler(args, ctx) {
    const found = (content: string, matches = 0, files = 0, cut = false) => ({ content, details: { kind: 'search', matches, files, cut } satisfies SearchDetails });
    checkPattern(args.pattern);
    const shownPath = args.path ?? '.';
    const lexical = resolvePath(ctx.cwd, shownPath);
    // What its call was judged on (symlinks resolved then), or an error if the path leads elsewhere now.
    const root = decidedPath(ctx, shownPath, 'searched');
    const isDir = await searchRootKind(root, shownPath);
    const matcher = isDir ? compileGlobArgument(args.glob) : undefined;
    if (!isDir && (await startsBinary(root))) return found(binaryFile(shownPath));
    const describe: SearchDescription = { pattern: args.pattern, shownPath, glob: args.glob, ignoreCase: !!args.ignore_case };
    const place = await searchPlace(root, displayPath(ctx.cwd, lexical), ctx.cwd, isDir, matcher, root !== lexical);
    if (!place) return found(noMatches(describe));
    const budget = new LineBudget(ctx.limits.outputBytes);
    const byPath = new LinesByPath();
    const shownPathOf = shownPaths(place, matcher);
    // A rule on `.env` or `secrets/` judged the search root, not the files beneath it: each file is judged as it is read.
    const refusedOf = refusedFiles(place, ctx.refusedRead);
    const outcome = await asToolError(runRipgrep({
      pattern: args.pattern,
      ignoreCase: !!args.ignore_case,
      root,
      rootArg: place.rootArg,
      cwd: place.cwd,
      extraArgs: [...place.args, ...globPrefilterArgs(matcher)],
      signal: ctx.signal,
      onMatch(m) {
        const shown = shownPathOf(m.path);
        if (shown === undefined || refusedOf(m.path, m.alternatives)) return true;
        const line = formatMatch(shown, m, ctx.limits.lineChars);
        if (!budget.push(line)) return false;
        byPath.add(shown, line);
        return true;
      },
    }), args);
    if (outcome.cancelled) throw new ToolError('grep was cancelled; the search was stopped.');
    // Ended by a signal lug did not send (it shares lug's process group: a Ctrl-C in a terminal, the OOM killer):
    // what it printed is part of the answer at most, never given as the whole.
    if (!outcome.stoppedEarly && outcome.signal) {
      throw new ToolError(`grep failed: ripgrep was ended by ${outcome.signal} before it finished, so the search is incomplete. Run it again.`);
    }
    if (!outcome.stoppedEarly && outcome.code === 2 && budget.shown.length === 0) {
      // Files it could not read are no failure of the search: no match, and which files were not searched.
      if (onlyUnreadableFiles(outcome.stderr)) return found(`${noMatches(describe)}\n${unreadableNote(outcome.stderr)}`);
      throw ripgrepError(args.pattern, outcome.stderr);
    }
    if (budget.shown.length === 0 && !budget.cut) return found(noMatches(describe));
    const { sorted: inPathOrder, files } = byPath.sorted();
    // All of them, and nothing to add: in another order they take the same bytes.
    if (!budget.cut && outcome.code !== 2) return found(inPathOrder.join('\n'), budget.shown.length, files, false);
    // Sorting does not change which lines fit: re-budget the same lines in path order, for the closing line.
    const sorted = new LineBudget(ctx.limits.outputBytes);
    for (const line of inPathOrder) sorted.push(line);
    if (budget.cut) sorted.markCut(); // there were more matches than fit
    else sorted.push(unreadableNote(outcome.stderr));
    return found(sorted.text(() => cutMarker(ctx.limits.outputBytes, sorted.shown.length)), budget.shown.length, files, budget.cut);
  },
});

interface SearchPlace {
  /** Where ripgrep runs, and the path it walks from there. */
  cwd: string;
  rootArg: string;
  /** Flags for the walk (an ignore file). */
  args: string[];
  /** From a path ripgrep printed to the path under the search root (for the glob), and to the path shown. */
  underRoot(printed: string): string;
  display(printed: string): string;
}

/**
 * Where ripgrep runs: in the working directory, walking the search root; or,
 * for a path glob whose walk can start lower (@lug/tools glob-root.ts), in the
 * search root, walking the glob's literal directories, its paths shown under
 * the root. Undefined when nothing can match.
 */
async function searchPlace(root: string, rootArg: string, cwd: string, isDir: boolean, matcher: GlobMatcher | undefined, throughLink: boolean): Promise<SearchPlace | undefined> {
  const walk = matcher ? await globWalkRoot(root, matcher) : undefined;
  if (walk?.empty) return undefined;
  // A root reached through a symlink is searched where it led at the decision (ripgrep would follow the link as it
  // is when it opens it), its paths shown under the path the model gave.
  if (throughLink && (!walk || walk.dir === '')) {
    if (!isDir) return { cwd: path.dirname(root), rootArg: path.basename(root), args: [], underRoot: (printed) => printed, display: () => rootArg };
    return { cwd: root, rootArg: '.', args: [], underRoot: (printed) => printed, display: rootArg === '.' ? (printed) => printed : (printed) => path.posix.join(rootArg, printed) };
  }
  if (!walk || walk.dir === '') return { cwd, rootArg, args: [], underRoot: rootPrefix(rootArg, isDir), display: (printed) => printed };
  const from = globWalkArgs(walk);
  return {
    cwd: root,
    rootArg: from.path,
    args: from.args,
    underRoot: (printed) => printed,
    display: rootArg === '.' ? (printed) => printed : (printed) => path.posix.join(rootArg, printed),
  };
}

/**
 * The path shown for a match's file, from the path ripgrep printed, or undefined when the glob leaves the file out;
 * a name that holds a newline or a control character is shown quoted (printablePath). A file's matches come one
 * after another, so the glob is tested and the path made once a file, not once a line (a grep of 7,500 lines in
 * 1,500 files), and its lines share one string, which LinesByPath compares by identity.
 */
function shownPaths(place: SearchPlace, matcher: GlobMatcher | undefined): (printedPath: string) => string | undefined {
  let last: string | undefined;
  let lastShown: string | undefined;
  return (printedPath) => {
    if (printedPath === last) return lastShown;
    last = printedPath;
    const printed = printedPath.startsWith('./') ? printedPath.slice(2) : printedPath;
    lastShown = matcher && !matcher.test(place.underRoot(printed)) ? undefined : printablePath(place.display(printed));
    return lastShown;
  };
}

/**
 * Whether the rules refuse reading a printed file, asked once a file (its lines come one after another); never, without
 * rules. A match whose printed lines may name other paths (a name that holds a newline, or one made to look like a
 * notice and another file's path) is refused when any of them is.
 */
function refusedFiles(place: SearchPlace, refusedRead: ((path: string) => string | undefined) | undefined): (printed: string, alternatives?: string[]) => boolean {
  if (!refusedRead) return () => false;
  const refused = (printed: string) => refusedRead(path.resolve(place.cwd, printed)) !== undefined;
  let last: string | undefined;
  let lastRefused = false;
  return (printed, alternatives) => {
    if (alternatives) {
      last = undefined;
      return refused(printed) || alternatives.some(refused);
    }
    if (printed !== last) {
      last = printed;
      lastRefused = refused(printed);
    }
    return lastRefused;
  };
}

/** true for a directory, false for a file; a ToolError for anything else. (One stat: synchronous costs less than the thread pool's round trip.) */
async function searchRootKind(root: string, shownPath: string): Promise<boolean> {
  let info;
  try {
    info = statSync(root);
  } catch {
    throw new ToolError(await missingPathMessage(root, shownPath));
  }
  if (info.isDirectory()) return true;
  if (info.isFile()) return false;
  throw new ToolError(`${shownPath} is neither a file nor a directory; grep searches files and directories.`);
}

/**
 * Whether a file named as path starts like a binary one. Opened non-blocking (openRegularFile): a regular file may still block a read
 * until something happens (/proc/kmsg until the kernel logs), and a read blocked in node's thread pool cannot be
 * cancelled and keeps lug from exiting; such a file is left to ripgrep, which a cancel kills.
 */
async function startsBinary(file: string): Promise<boolean> {
  const { handle } = await openRegularFile(file, file);
  try {
    const buf = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return isBinary(buf.subarray(0, bytesRead));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return false;
    throw err;
  } finally {
    await handle.close();
  }
}

/** From a path ripgrep printed (relative to cwd) to the path under the search root, for the glob. */
function rootPrefix(rootArg: string, isDir: boolean): (shown: string) => string {
  if (!isDir || rootArg === '.') return (shown) => shown;
  const prefix = rootArg.endsWith('/') ? rootArg : `${rootArg}/`;
  return (shown) => (shown.startsWith(prefix) ? shown.slice(prefix.length) : path.basename(shown));
}

/** A missing ripgrep or a process that cannot start: the model gets the message, not a stack. */
async function asToolError<T>(work: Promise<T>, args: GrepArgs): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ToolError || !(err instanceof Error)) throw err;
    throw argumentsTooLong(err, args.pattern, args.glob) ?? new ToolError(err.message);
  }
}
