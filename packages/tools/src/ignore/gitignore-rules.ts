/**
 * The lines of a `.gitignore` file read the way ripgrep's `ignore` crate
 * reads them, for the two things rooting a walk lower needs
 * (ripgrep/glob-root.ts): whether a rule may ignore a directory on the way
 * down, and the same rules moved to a base directory above their own, so
 * that ripgrep can be handed them with `--ignore-file`.
 *
 * As in the crate: `#` starts a comment, trailing spaces go unless escaped,
 * `!` whitelists, `\!` and `\#` are literal, a leading `/` or a slash inside
 * anchors the rule at its file's directory, a trailing `/` matches
 * directories only; an unanchored rule matches a name at any depth (`**\/`).
 */
import { compileGlob, type GlobMatcher } from '../glob/compile-glob.js';

export interface GitignoreRule {
  /** `!rule`: re-includes what an earlier rule ignored. */
  readonly whitelist: boolean;
  /** Matched against the whole path under its file's directory (else against any depth). */
  readonly anchored: boolean;
  readonly directoryOnly: boolean;
  /** The glob, without `!`, the leading `/` or the trailing `/`; escapes kept. */
  readonly glob: string;
}

/** The rules of a `.gitignore` file's text, in order. */
export function parseGitignore(text: string): GitignoreRule[] {
  const rules: GitignoreRule[] = [];
  for (const raw of text.split('\n')) {
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.startsWith('#')) continue;
    if (!line.endsWith('\\ ')) line = line.trimEnd();
    if (line === '') continue;
    let whitelist = false;
    if (line.startsWith('!')) {
      whitelist = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) {
      line = line.slice(1);
    }
    let anchored = false;
    if (line.startsWith('/')) {
      anchored = true;
      line = line.slice(1);
    }
    let directoryOnly = false;
    if (line.endsWith('/') && !line.endsWith('\\/')) {
      directoryOnly = true;
      line = line.slice(0, -1);
    }
    if (line === '') continue;
    rules.push({ whitelist, anchored: anchored || line.includes('/'), directoryOnly, glob: line });
  }
  return rules;
}

/** A glob's special characters escaped, for a directory name put in front of a rule. */
const escapeGlob = (s: string) => s.replace(/[\\*?[\]{}!#]/g, '\\$&');

/**
 * The rules as lines of an ignore file whose base is `up` directories higher:
 * `dir` is the rules' directory relative to that base (`/`-separated, '' for
 * the base itself). An anchored rule gets `dir/` in front, an unanchored one
 * `dir/**\/`; a leading `!` and a trailing `/` stay.
 */
export function rebaseGitignore(rules: readonly GitignoreRule[], dir: string): string[] {
  const base = dir === '' ? '' : `${dir.split('/').map(escapeGlob).join('/')}/`;
  return rules.map((r) => {
    const glob = r.anchored ? `${base}${r.glob}` : base ? `${base}**/${r.glob}` : r.glob;
    // A leading `/` anchors at the base (a rebased unanchored rule too: at its own directory).
    const anchor = r.anchored || base ? '/' : '';
    return `${r.whitelist ? '!' : ''}${anchor}${glob}${r.directoryOnly ? '/' : ''}`;
  });
}

/**
 * A rule's matcher of directories, given as paths relative to the rule's
 * directory; undefined when its glob is one our matcher cannot read (the
 * caller must then assume it may ignore anything).
 */
export function directoryMatcher(rule: GitignoreRule): GlobMatcher | undefined {
  // A leading `/` makes compileGlob match the whole path even when the glob has no other slash.
  let glob = rule.anchored ? `/${rule.glob}` : `**/${rule.glob}`;
  // As in the crate: `dir/**` matches what is inside dir, not dir itself.
  if (glob.endsWith('/**')) glob += '/*';
  try {
    return compileGlob(glob);
  } catch {
    return undefined;
  }
}
