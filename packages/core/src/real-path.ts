/**
 * Where a path a call declares really is: resolved against the project
 * directory with every symlink followed, so `../../etc/x` or a link into /etc
 * cannot slip past a rule on `^/etc`. For a path that does not exist yet (a
 * file about to be written), the nearest existing ancestor is resolved and the
 * rest appended. The core resolves every path a tool describes here, once per
 * call; approvals and interfaces read the result.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export function resolveRealPath(cwd: string, path: string): string {
  const absolute = resolve(cwd, path);
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return missing.length ? join(real, ...missing.reverse()) : real;
    } catch {
      const parent = dirname(current);
      if (parent === current) return absolute; // nothing exists, not even the root: keep the plain resolution
      missing.push(basename(current));
      current = parent;
    }
  }
}
