/**
 * A path as a tool's output writes it. A file's name may hold any byte but
 * `/` and NUL, so a name with a newline could pass for two lines of a listing
 * or for a match in another file (`evil⏎README.md` holding "secret" read as
 * `README.md:1: secret`), and one with an escape sequence could drive the
 * terminal the output is shown on. Such a path is written as a JSON string,
 * `"sub/evil\nREADME.md"`, which the model can hand back in a tool call's
 * arguments as it is; so is one that begins with a quote, which would
 * otherwise read as quoted. Every other path is written as it is.
 */
import { escapeJsonForTerminal, hasControlCharacters } from '@lug/core';

/** `path` as it is, or as a JSON string when it holds a character that would break a line of output or drive a terminal. */
export function printablePath(path: string): string {
  return hasControlCharacters(path) || path.startsWith('"') ? escapeJsonForTerminal(JSON.stringify(path)) : path;
}
