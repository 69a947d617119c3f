/**
 * One hash of everything under a directory (names, modes, contents, link
 * targets), for tests that show a directory was left exactly as it was (a
 * project's `.git` that lug's checkpoints must never write to).
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const p = join(at, name);
      const st = lstatSync(p);
      hash.update(`${p.slice(dir.length)}\0${st.mode}\0`);
      if (st.isDirectory()) walk(p);
      else if (st.isSymbolicLink()) hash.update(readlinkSync(p));
      else hash.update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}
