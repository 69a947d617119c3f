/**
 * Narrowing ripgrep's walk to the files a glob can match without `-g`,
 * which would override ignore rules: a file type (`--type-add`) matches file
 * names only and comes after the ignore rules, so an ignored file stays
 * ignored. The exact test is still the glob matcher, applied to ripgrep's
 * output; this only saves ripgrep from reading files that cannot match.
 */
import type { GlobMatcher } from '../glob/compile-glob.js';

const TYPE_NAME = 'lugglob';

export function globPrefilterArgs(matcher: GlobMatcher | undefined): string[] {
  const name = matcher?.fileNameGlob;
  // `**` inside a name is read differently by globset; `include:` is a type-add directive.
  if (!name || name.includes('**') || name.startsWith('include:')) return [];
  return ['--type-add', `${TYPE_NAME}:${name}`, '--type', TYPE_NAME];
}
