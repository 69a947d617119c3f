/**
 * The `glob` argument of grep and ls, with ripgrep's glob syntax (the Rust
 * `globset` crate, as `rg -g` uses it):
 *
 * - no slash: matched against the file name, at any depth (`*.rs`);
 * - a slash: matched against the path under the search root (`src/**\/*.ts`);
 *   a leading `/` only anchors, which a slash already does;
 * - `*` and `?` never match `/`; `**` as a whole component matches any number
 *   of directories (`**\/x`, `a/**\/b`, `a/**`); `**` elsewhere acts as `*`;
 * - `{a,b}` alternatives (may nest), `[abc]`, `[a-z]`, `[!x]` / `[^x]`;
 *   a backslash escapes the next character.
 *
 * One extension: a trailing slash (`src/`), which would match directories
 * only and so no file at all, means every file under that directory.
 *
 * It is applied by us, not by `rg -g`, because `-g` overrides ignore rules
 * (an ignored `a.log` would be searched with `-g '*.log'`).
 */

import { ToolError } from '@lug/core';
import { BoundedMap } from '../bounded-map.js';

/** An invalid glob. It is a ToolError, so a tool can let it through and the model reads its message as is. */
export class GlobError extends ToolError {
  override name = 'GlobError';
}

export interface GlobMatcher {
  readonly glob: string;
  /** True when the glob has a slash and is matched against the whole relative path. */
  readonly anchored: boolean;
  /**
   * Whether a file matches, given its path relative to the search root with
   * `/` separators and no leading `./`.
   */
  test(relPath: string): boolean;
  /**
   * A glob every matching file's name satisfies (the last component), for
   * ripgrep's `--type-add` prefilter, which keeps ignore rules; undefined when
   * there is none (`src/**`).
   */
  readonly fileNameGlob: string | undefined;
  /**
   * The directories every match lies under, named literally by the glob's
   * leading components (`test/built-ins/Array/**\/*.js` → test, built-ins,
   * Array), unescaped; empty for a glob without a slash or one that starts
   * with a wildcard. ripgrep can start its walk there (ripgrep/glob-root.ts).
   */
  readonly literalDirectories: readonly string[];
}

const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;
const escapeRegex = (s: string) => s.replace(REGEX_SYNTAX, '\\$&');

interface Parser {
  glob: string;
  i: number;
}

function fail(glob: string, what: string): never {
  throw new GlobError(
    `invalid glob ${JSON.stringify(glob)}: ${what}. ` +
      'Globs use ripgrep syntax: *, ?, ** (any depth), {a,b}, [abc]; escape a special character with \\ or [ ], e.g. [[] for a literal [.',
  );
}

/** `[...]` at p.i (on the `[`): a class that never matches `/`. */
function parseClass(p: Parser): string {
  const { glob } = p;
  let i = p.i + 1;
  let negated = false;
  if (glob[i] === '!' || glob[i] === '^') {
    negated = true;
    i++;
  }
  let body = '';
  let first = true;
  while (i < glob.length && (glob[i] !== ']' || first)) {
    const c = glob[i]!;
    if (c === '-' && !first && glob[i + 1] !== ']') body += '-';
    else body += c === '\\' || c === ']' || c === '[' || c === '^' || c === '-' ? `\\${c}` : c;
    first = false;
    i++;
  }
  if (i >= glob.length) fail(glob, 'a "[" has no closing "]"');
  p.i = i + 1;
  return negated ? `[^/${body}]` : `(?:(?!/)[${body}])`;
}

/** Is the `**` at index i a whole path component? */
function isWholeComponent(glob: string, i: number): boolean {
  const before = i === 0 || glob[i - 1] === '/' || glob[i - 1] === '{' || glob[i - 1] === ',';
  const after = i + 2 >= glob.length || glob[i + 2] === '/' || glob[i + 2] === '}' || glob[i + 2] === ',';
  return before && after;
}

/** Parse until the end, or (inside braces) until the closing `}` or a `,`. */
function parseSequence(p: Parser, depth: number): string {
  const { glob } = p;
  let out = '';
  while (p.i < glob.length) {
    const c = glob[p.i]!;
    if (depth > 0 && (c === '}' || c === ',')) return out;
    if (c === '\\') {
      if (p.i + 1 >= glob.length) fail(glob, 'it ends with a lone backslash');
      out += escapeRegex(glob[p.i + 1]!);
      p.i += 2;
    } else if (c === '*' && glob[p.i + 1] === '*' && isWholeComponent(glob, p.i)) {
      if (glob[p.i + 2] === '/') {
        out += '(?:[^]*/)?'; // `**/`: zero or more directories
        p.i += 3;
      } else {
        out += '[^]*'; // `/**` at the end, or the whole glob
        p.i += 2;
      }
    } else if (c === '*') {
      while (glob[p.i] === '*') p.i++;
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
      p.i++;
    } else if (c === '[') {
      out += parseClass(p);
    } else if (c === '{') {
      p.i++;
      const alternatives = [parseSequence(p, depth + 1)];
      while (glob[p.i] === ',') {
        p.i++;
        alternatives.push(parseSequence(p, depth + 1));
      }
      if (glob[p.i] !== '}') fail(glob, 'a "{" has no closing "}"');
      p.i++;
      out += `(?:${alternatives.join('|')})`;
    } else {
      out += escapeRegex(c);
      p.i++;
    }
  }
  if (depth > 0) fail(glob, 'a "{" has no closing "}"');
  return out;
}

/** Split at top-level slashes (not inside `{}` or `[]`, not escaped). */
function topLevelComponents(glob: string): string[] | undefined {
  const parts: string[] = [];
  let current = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\') {
      current += c + (glob[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) return undefined;
      const cls = glob.slice(i, close + 1);
      if (cls.includes('/')) return undefined;
      current += cls;
      i = close;
      continue;
    }
    if (c === '{') braces++;
    if (c === '}') braces--;
    if (c === '/' && braces > 0) return undefined; // a slash inside braces: no single last component
    if (c === '/' && braces === 0) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function fileNameGlobOf(glob: string, anchored: boolean): string | undefined {
  if (!anchored) return glob;
  const last = topLevelComponents(glob)?.at(-1);
  if (!last || last.includes('**')) return undefined;
  return last;
}

const WILDCARD = /[*?[{]/;

/** A component's text when it has no wildcard (escapes removed), else undefined. */
function literalComponent(component: string): string | undefined {
  let out = '';
  for (let i = 0; i < component.length; i++) {
    const c = component[i]!;
    if (c === '\\') out += component[++i] ?? '';
    else if (WILDCARD.test(c)) return undefined;
    else out += c;
  }
  return out;
}

function literalDirectoriesOf(pattern: string, anchored: boolean): string[] {
  if (!anchored) return [];
  const components = topLevelComponents(pattern);
  if (!components) return [];
  const dirs: string[] = [];
  for (const component of components.slice(0, -1)) {
    const literal = literalComponent(component);
    // `.`, `..` and empty components never match a path ripgrep prints: no rooting through them.
    if (literal === undefined || literal === '' || literal === '.' || literal === '..') break;
    dirs.push(literal);
  }
  return dirs;
}

export function compileGlob(glob: string): GlobMatcher {
  if (glob === '') fail(glob, 'it is empty');
  let pattern = glob;
  if (pattern.endsWith('/')) pattern += '**';
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  const source = parseSequence({ glob: pattern, i: 0 }, 0);
  const regex = new RegExp(`^${source}$`, 'u');
  const fileNameGlob = fileNameGlobOf(pattern, anchored);
  return Object.freeze({
    glob,
    anchored,
    fileNameGlob,
    literalDirectories: Object.freeze(literalDirectoriesOf(pattern, anchored)),
    test: anchored
      ? (relPath: string) => regex.test(relPath)
      : (relPath: string) => regex.test(relPath.slice(relPath.lastIndexOf('/') + 1)),
  });
}

/**
 * The `glob` arguments compiled lately: a model repeats its globs call after
 * call, and a compile cost ~70 µs of each grep (a matcher never changes). Kept
 * here, not in compileGlob, whose other callers (ignore rules) keep their own.
 */
const compiledArguments = new BoundedMap<string, GlobMatcher>(128);

/** The `glob` argument as grep and ls take it: absent or empty filters nothing; an invalid one throws a GlobError. */
export function compileGlobArgument(glob: string | undefined): GlobMatcher | undefined {
  if (glob === undefined || glob === '') return undefined;
  let matcher = compiledArguments.get(glob);
  if (!matcher) {
    checkGlobArgument(glob);
    compiledArguments.set(glob, (matcher = compileGlob(glob)));
  }
  return matcher;
}

/**
 * What a `glob` argument cannot mean, said instead of a search that matches
 * nothing (or node's error about ripgrep's arguments): a NUL byte, and a
 * component `..`, since a glob matches paths under `path` (`../*` never
 * matches; the directory goes in `path`). A leading `!` is no negation here
 * (ripgrep's `--glob '!x'` is one): it would match names starting with `!`.
 */
function checkGlobArgument(glob: string): void {
  if (glob.includes('\0')) fail(glob, 'it holds a NUL byte, which no path can hold');
  if (glob.split('/').includes('..')) fail(glob, 'it has a ".." component, and a glob matches paths under path: pass the directory as path (e.g. path "../lib", glob "*.ts")');
  if (glob.startsWith('!')) fail(glob, 'a leading "!" is not a negation here: the glob selects the files to keep (to leave some out, pass a narrower glob or path; for a name that starts with "!", escape it: \\!)');
}
