/** Paths as a person (or the model) reads them back. */
import path from 'node:path';

/**
 * An absolute path as shown: relative to `cwd` when it lies under it (so it
 * can be passed straight back as an argument), the absolute path otherwise (a
 * chain of `../` says less than the path itself). `cwd` itself is shown as `.`.
 */
export function displayPath(cwd: string, absPath: string): string {
  const rel = path.relative(cwd, absPath);
  if (rel === '') return '.';
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return absPath;
  return rel.split(path.sep).join('/');
}
