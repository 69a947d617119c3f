/**
 * Every file under a root that the grep tool would search, by running
 * `rg --files` with the grep tool's ignore flags: ls with a glob uses it, so
 * ls and grep agree on what "ignored" means by construction. (Measured on
 * the benchmark corpus against the Node walker: see the README.)
 */
import { compileGlob, type GlobMatcher } from '../glob/compile-glob.js';
import { ripgrepIgnoreArgs } from '../ignore/ripgrep-ignore-args.js';
import { runProcess } from '../process/run-process.js';
import { globPrefilterArgs } from './glob-prefilter.js';
import { globWalkArgs, globWalkRoot } from './glob-root.js';
import { locateRipgrep } from './locate-ripgrep.js';

export interface ListFilesOptions {
  /** Only files whose path (relative to root) matches; a glob string or a compiled one. */
  glob?: string | GlobMatcher;
  signal?: AbortSignal;
}

export class ListFilesError extends Error {
  override name = 'ListFilesError';
}

/** Files under the absolute directory `root`, relative to it with `/` separators, sorted. */
export async function listFiles(root: string, opts: ListFilesOptions = {}): Promise<string[]> {
  const matcher = typeof opts.glob === 'string' ? compileGlob(opts.glob) : opts.glob;
  const rg = await locateRipgrep();
  // A path glob's walk starts at its literal directories (glob-root.ts); ripgrep prints paths under the root still.
  const walk = await globWalkRoot(root, matcher);
  if (walk.empty) return [];
  const from = globWalkArgs(walk);
  const args = ['--files', '--null', ...(await ripgrepIgnoreArgs(root)), ...from.args, ...globPrefilterArgs(matcher), '--', from.path];
  const files: string[] = [];
  let partial = '';
  const result = await runProcess([rg, ...args], {
    cwd: root,
    signal: opts.signal,
    timeoutSecs: 0,
    maxBytes: 8192,
    startsNoProcesses: true, // --no-config (ripgrepIgnoreArgs), and no --pre or --search-zip
    onOutput(text, stream) {
      if (stream !== 'stdout') return;
      const parts = (partial + text).split('\0');
      partial = parts.pop()!;
      for (const p of parts) {
        const rel = p.startsWith('./') ? p.slice(2) : p;
        if (!matcher || matcher.test(rel)) files.push(rel);
      }
    },
  });
  if (result.cancelled) throw new ListFilesError('listing files was cancelled');
  // A signal lug did not send (ripgrep shares lug's process group): a part of the listing is never given as the whole.
  if (result.signal) throw new ListFilesError(`ripgrep was ended by ${result.signal} before it listed every file under ${root}; list again.`);
  // Exit 1 means "no files"; 2 with output means some directories could not be read.
  if (result.code === 2 && files.length === 0) throw new ListFilesError(`ripgrep failed to list ${root}: ${result.stderr.trim()}`);
  return files.sort();
}
