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

/** How a tool shows an absolute path back to the model (one definition, in @lug/core, shared with the approval dialog). */
export { displayPath } from '@lug/core';

/**
 * The `path` argument as the user's page gives it for every tool but bash:
 * one definition, so the five tools cannot drift apart.
 */
export const PATH_PARAMETER = Object.freeze({
  type: 'string',
  description: 'Path, relative to the working directory or absolute.',
  default: '.',
} as const);
