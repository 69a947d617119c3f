/**
 * One ripgrep search, read as it streams: each match goes to `onMatch`,
 * which returns false once the output is full; then ripgrep is killed
 * rather than read on.
 */
import path from 'node:path';
import { entryExists, locateRipgrep, ripgrepIgnoreArgs, runProcess } from '@lug/tools';
import { MatchReader, type Match } from './match-reader.js';

export interface RipgrepSearch {
  pattern: string;
  ignoreCase: boolean;
  /** Absolute search root (what ignore rules are computed from). */
  root: string;
  /** The root as passed to ripgrep, relative to `cwd` when under it. */
  rootArg: string;
  cwd: string;
  /** Extra flags (the glob prefilter). */
  extraArgs: string[];
  signal: AbortSignal;
  onMatch(m: Match): boolean;
}

export interface RipgrepOutcome {
  /** We stopped ripgrep because the output was full. */
  stoppedEarly: boolean;
  cancelled: boolean;
  /** ripgrep's exit code: 0 matches, 1 none, 2 an error (possibly with matches). */
  code: number | null;
  /** The signal that ended it, when one did (ours when stoppedEarly or cancelled, else someone else's). */
  signal: NodeJS.Signals | null;
  stderr: string;
}

export async function runRipgrep(s: RipgrepSearch): Promise<RipgrepOutcome> {
  const rg = await locateRipgrep();
  const args = [
    ...(await ripgrepIgnoreArgs(s.root)),
    '--no-heading',
    '--with-filename',
    '--line-number',
    '--null',
    '--color=never',
    s.ignoreCase ? '--ignore-case' : '--case-sensitive',
    ...s.extraArgs,
    '-e',
    s.pattern,
    '--',
    s.rootArg,
  ];
  const stop = new AbortController();
  let stoppedEarly = false;
  const reader = new MatchReader(
    (m) => {
      if (stoppedEarly) return;
      if (!s.onMatch(m)) {
        stoppedEarly = true;
        stop.abort();
      }
    },
    // A path ripgrep printed is relative to where it runs (or absolute); asked only where a path may hold a newline.
    (printed) => entryExists(path.resolve(s.cwd, printed)),
  );
  const result = await runProcess([rg, ...args], {
    cwd: s.cwd,
    signal: AbortSignal.any([s.signal, stop.signal]),
    timeoutSecs: 0, // a search runs until it ends, is full, or the turn is cancelled
    maxBytes: 16_384, // only stderr is read from the result
    killGraceMs: 500,
    startsNoProcesses: true, // --no-config (ripgrepIgnoreArgs), and no --pre or --search-zip
    onOutput(text, stream) {
      if (stream === 'stdout' && !stoppedEarly) reader.push(text);
    },
  });
  if (!stoppedEarly) reader.end();
  return { stoppedEarly, cancelled: s.signal.aborted, code: result.code, signal: result.signal, stderr: result.stderr };
}
