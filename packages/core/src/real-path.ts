/**
 * Where a path a call declares really is: resolved against the project
 * directory with every symlink followed, so `../../etc/x` or a link into /etc
 * cannot slip past a rule on `^/etc`. For a path that does not exist yet (a
 * file about to be written), the nearest existing ancestor is resolved and the
 * rest appended; a symlink whose target does not exist yet is followed there,
 * since writing through it creates that target. The core resolves every path
 * a tool describes here, once per call, when the call is decided; approvals
 * and interfaces read the result, and file tools check it again before they
 * change anything (`decidedPath` in @lug/tools), so a symlink made after the
 * decision cannot redirect the change.
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Linux gives up after 40 links (ELOOP); so do we. */
const MAX_LINKS = 40;

export function resolveRealPath(cwd: string, path: string): string {
  const absolute = resolve(cwd, path);
  const missing: string[] = [];
  let current = absolute;
  let links = 0;
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return missing.length ? join(real, ...missing.reverse()) : real;
    } catch {
      const target = links < MAX_LINKS ? danglingLinkTarget(current) : undefined;
      if (target !== undefined) {
        links += 1;
        current = target;
        continue;
      }
      const parent = dirname(current);
      if (parent === current) return absolute; // nothing exists, not even the root: keep the plain resolution
      missing.push(basename(current));
      current = parent;
    }
  }
}

/** Where a symlink that leads nowhere (yet) points, resolved from its real directory; undefined when `path` is not a symlink. */
function danglingLinkTarget(path: string): string | undefined {
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
    return resolve(realpathSync.native(dirname(path)), readlinkSync(path));
  } catch {
    return undefined;
  }
}
