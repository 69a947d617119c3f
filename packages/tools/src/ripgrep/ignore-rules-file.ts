/**
 * The file ripgrep reads rebased ignore rules from (`--ignore-file`,
 * glob-root.ts): named by a hash of its text in lug's cache directory
 * (`$XDG_CACHE_HOME/lug/ignore/`), so the same rules are written once, a
 * killed lug leaves no temporary file behind, and nothing needs removing
 * after the call. (Standard input cannot carry them: Node's pipes are
 * sockets, which `/dev/stdin` cannot open.)
 */
import { createHash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { cacheDir, type Env } from '@lug/core';
import { BoundedMap } from '../bounded-map.js';
import { writeFileAtomic } from '../files/atomic-write.js';

/** The files this process wrote or found, by directory and rules: a repeated call only checks the file is still there. */
const known = new BoundedMap<string, string>(256);

/** The path of a file holding exactly `rules`; undefined when it cannot be written (then the caller must not root lower). */
export async function ignoreRulesFile(rules: string, env: Env = process.env): Promise<string | undefined> {
  try {
    const dir = path.join(cacheDir(env), 'ignore');
    const key = `${dir}\0${rules}`;
    const seen = known.get(key);
    if (seen !== undefined && lstatSync(seen, { throwIfNoEntry: false })?.isFile()) return seen;
    const file = path.join(dir, `${createHash('sha256').update(rules).digest('hex').slice(0, 32)}.gitignore`);
    if (!(await lstat(file).catch(() => undefined))?.isFile()) {
      await mkdir(dir, { recursive: true });
      await writeFileAtomic(file, rules);
    }
    known.set(key, file);
    return file;
  } catch {
    return undefined;
  }
}
