/**
 * Git's global excludes file, found the way ripgrep finds it, so that grep
 * (ripgrep) and the walker agree: `core.excludesFile` from `~/.gitconfig`,
 * else from `$XDG_CONFIG_HOME/git/config` (or `~/.config/git/config`), else
 * the default `$XDG_CONFIG_HOME/git/ignore` (or `~/.config/git/ignore`).
 * Like ripgrep, the config is scanned for the key rather than fully parsed.
 * `$XDG_CONFIG_HOME` goes through core's resolver, so a relative value is
 * ignored as the XDG spec says (ripgrep would read it relative to where it
 * runs: the project, whose files nobody should be able to make global rules).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { xdgFromEnv, type Env } from '@lug/core';

const EXCLUDES_FILE = /^[ \t]*excludesfile[ \t]*=[ \t]*(.+?)[ \t]*$/im;

// Looked up at every grep and ls with a path glob (ripgrep/glob-root.ts), where most of these files do not exist: a stat
// that says so costs a fraction of the exception a failed read throws.
function readText(file: string): string | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ? readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function expandTilde(p: string, home: string | undefined): string {
  return home && p.startsWith('~/') ? path.join(home, p.slice(2)) : p;
}

function configuredExcludes(configFile: string, home: string | undefined): string | undefined {
  const match = readText(configFile)?.match(EXCLUDES_FILE);
  return match ? expandTilde(match[1]!, home) : undefined;
}

/** The path of the global excludes file (which may not exist), or undefined. */
export function globalExcludesFile(env: Env = process.env): string | undefined {
  const home = env.HOME || undefined;
  // Without HOME or an absolute XDG_CONFIG_HOME there is nowhere to look (never the account's real home).
  const xdg = xdgFromEnv(env, 'config') ?? (home ? path.join(home, '.config') : undefined);
  const fromHome = home ? configuredExcludes(path.join(home, '.gitconfig'), home) : undefined;
  if (fromHome) return fromHome;
  const fromXdg = xdg ? configuredExcludes(path.join(xdg, 'git', 'config'), home) : undefined;
  if (fromXdg) return fromXdg;
  return xdg ? path.join(xdg, 'git', 'ignore') : undefined;
}
