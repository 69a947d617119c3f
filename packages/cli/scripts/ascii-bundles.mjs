// Rewrites each CommonJS bundle of dist/ as ASCII: every character past
// U+007F becomes a \uXXXX escape (two, a surrogate pair, past U+FFFF).
//
// Why: start.ts decodes a bundle as latin1 when it is ASCII, a copy into a
// one-byte string, and as UTF-8 otherwise, into a two-byte string twice the
// size, held as long as the process runs. esbuild escapes strings, templates
// and names itself; what it leaves are regular expressions and the comments
// it keeps, and one `‘` or `×` was enough to make a bundle two-byte. Decoding
// lug.cjs (1.7 MB) took 3.7 ms as UTF-8 against 0.8 as latin1, the Anthropic
// SDK's (1.4 MB) 3.7-4.4 against 0.8 (fresh node, quiet machine).
//
// An escape means what its character meant in every place esbuild leaves one:
// in a comment it is text; in a regular expression `\uXXXX` matches that code
// unit, and a pair of them the code point, with or without the u and v flags.
// The escapes are written only where a character past U+007F stood, so a
// bundle that is ASCII already is left as it was (and its code cache stays).
// It can go when esbuild escapes regular expressions and comments too.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `text` with every UTF-16 code unit past U+007F written as `\uXXXX`. A
 * backslash before such a character (`/\‘/`, an identity escape) would turn
 * into an escaped backslash, so it is refused, naming the place.
 */
export function escapeNonAscii(text, name = 'the text') {
  const escaped = /\\[^\x00-\x7f]/.exec(text);
  if (escaped) throw new Error(`${name}: a backslash before a non-ASCII character at offset ${escaped.index} (${JSON.stringify(text.slice(escaped.index - 20, escaped.index + 20))}); escaping it would change its meaning`);
  return text.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The bundles start.ts runs through vm.Script: dist/*.cjs, the shared packages' copies (dist/shared/*.cjs:
 * approvals, lua-bridge and tools held a few characters past U+007F, so they were decoded as UTF-8 into
 * two-byte strings) and dist/vendor/*.cjs.
 */
export function bundlesIn(dist) {
  const cjs = (dir) => readdirSync(dir).filter((name) => name.endsWith('.cjs')).map((name) => join(dir, name));
  return [...cjs(dist), ...cjs(join(dist, 'shared')), ...cjs(join(dist, 'vendor'))];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of bundlesIn(fileURLToPath(new URL('../dist', import.meta.url)))) {
    const text = readFileSync(file, 'utf8');
    const ascii = escapeNonAscii(text, file);
    if (ascii !== text) writeFileSync(file, ascii);
  }
}
