/**
 * One XDG resolver: no source file but core's state-paths.ts reads an
 * XDG_*_HOME variable or the account's home directory itself, so a relative
 * XDG value is ignored everywhere (core's rule) and no package disagrees.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const RESOLVER = 'packages/core/src/state-paths.ts';

/** What in `text` reads an XDG base directory variable or the home directory, other than through core's resolver. */
export function ownXdgReads(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(/\.XDG_(?:CONFIG|STATE|CACHE|DATA)_HOME\b|\[['"]XDG_(?:CONFIG|STATE|CACHE|DATA)_HOME['"]\]|\bhomedir\s*\(/g)].map((m) => m[0]);
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const file = join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) && !/test-support/.test(file)) out.push(file);
  }
  return out;
}

describe('the XDG directories', () => {
  it('are resolved by core alone: no other source file reads XDG_*_HOME or the home directory', () => {
    const roots = ['packages', 'plugins'].map((d) => join(ROOT, d));
    const found: string[] = [];
    for (const file of roots.flatMap((r) => sourceFiles(r))) {
      const rel = relative(ROOT, file);
      if (rel === RESOLVER || rel.includes('/src/e2e/') || rel.includes('/bench/') || rel.includes('/scripts/')) continue;
      for (const read of ownXdgReads(readFileSync(file, 'utf8'))) found.push(`${rel}: ${read}`);
    }
    expect(found).toEqual([]);
  });

  it('the check sees a resolver of a package\'s own, and not a comment about one', () => {
    expect(ownXdgReads("const base = env.XDG_STATE_HOME || join(os.homedir(), '.local/state');")).toEqual(['.XDG_STATE_HOME', 'homedir(']);
    expect(ownXdgReads("const c = process.env['XDG_CACHE_HOME'];")).toEqual(["['XDG_CACHE_HOME']"]);
    expect(ownXdgReads('/** `$XDG_STATE_HOME/lug`, like env.XDG_STATE_HOME */\n// or homedir()\nconst x = stateDir(env);')).toEqual([]);
  });
});
