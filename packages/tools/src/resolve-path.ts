/**
 * The page's path argument: "relative to the working directory or absolute".
 * `~` is not expanded: a shell would expand it, but a tool argument is not a
 * shell word, and a file really named `~` must stay reachable.
 */
import path from 'node:path';

/** The absolute, normalised path `p` names, from `cwd`. An empty `p` means `cwd`. */
export function resolvePath(cwd: string, p: string | undefined): string {
  return path.resolve(cwd, p === undefined || p === '' ? '.' : p);
}

/**
 * How a tool shows an absolute path back to the model: relative to `cwd` when
 * it lies under it (so it can be passed straight back as an argument), the
 * absolute path otherwise (a chain of `../` says less than the path itself).
 * `cwd` itself is shown as `.`.
 */
export function displayPath(cwd: string, absPath: string): string {
  const rel = path.relative(cwd, absPath);
  if (rel === '') return '.';
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return absPath;
  return rel.split(path.sep).join('/');
}

/**
 * The `path` argument as the user's page gives it for every tool but bash:
 * one definition, so the five tools cannot drift apart.
 */
export const PATH_PARAMETER = Object.freeze({
  type: 'string',
  description: 'Path, relative to the working directory or absolute.',
  default: '.',
} as const);
