/**
 * The decision is bound to what runs: a file tool changes exactly the path its
 * call was approved on. The core resolved each declared path (symlinks
 * followed, `resolveRealPath`) when approvals judged the call; before it
 * changes anything, the tool resolves the path again the same way, and a path
 * that leads elsewhere now (a symlink made, removed or changed in between) is
 * refused with an error saying so, instead of being followed.
 */
import { resolveRealPath, type ToolContext } from '@lug/core';
import { FileError } from './file-error.js';

/**
 * The absolute path to change for `declared` (the path as the call's
 * `describe` declared it): the one approvals judged, if it still leads there.
 * Without a description (a handler called outside the scheduler, a preview)
 * it is where the path leads now. `undone` says in the error what the tool
 * did not do ("changed"; "read", "listed" and "searched" for read, ls and grep).
 */
export function decidedPath(ctx: Pick<ToolContext, 'cwd' | 'description'>, declared: string, undone = 'changed'): string {
  const now = resolveRealPath(ctx.cwd, declared);
  const decided = ctx.description?.paths.find((p) => p.path === declared)?.absPath;
  if (decided === undefined || decided === now) return now;
  throw new FileError(
    'path_changed',
    `${declared} led to ${decided} when this call was approved, and leads to ${now} now (a symlink changed in between), so nothing was ${undone}. ` +
      'Make the call again if you mean the new place: it will be judged there.',
  );
}
