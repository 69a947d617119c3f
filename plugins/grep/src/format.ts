/** The lines grep writes besides the matches. */
import { cutLine, formatCount } from '@lug/tools';
import type { Match } from './match-reader.js';

const bytes = formatCount;

/** `path:line: text`, the text cut at `maxChars` characters with a visible mark. */
export function formatMatch(path: string, m: Match, maxChars: number): string {
  if (m.droppedChars === 0) return `${path}:${m.line}: ${cutLine(m.text, maxChars)}`;
  const chars = Array.from(m.text);
  const more = chars.length - maxChars + m.droppedChars;
  return `${path}:${m.line}: ${chars.slice(0, maxChars).join('')}… [line cut: about ${more} more characters]`;
}

export interface SearchDescription {
  pattern: string;
  shownPath: string;
  glob?: string;
  ignoreCase: boolean;
}

function where(d: SearchDescription): string {
  return `${d.shownPath}${d.glob ? ` (files matching ${d.glob})` : ''}`;
}

export function noMatches(d: SearchDescription): string {
  return (
    `No matches for the pattern /${d.pattern}/${d.ignoreCase ? ' (ignoring case)' : ''} in ${where(d)} ` +
    '(.git, binary files and files ignored by .gitignore are not searched).'
  );
}

export function cutMarker(maxBytes: number, shownLines: number): string {
  return (
    `[output cut at ${bytes(maxBytes)} bytes: only the first ${bytes(shownLines)} matching lines are shown and there are more. ` +
    'Narrow the search: a more specific pattern, a path, or a glob such as *.ts]'
  );
}

export function binaryFile(shownPath: string): string {
  return `No matches: ${shownPath} is a binary file (it has a NUL byte near its start), and grep skips binary files.`;
}

/** ripgrep found matches but could not read some files (permissions, vanished files). */
export function unreadableNote(stderr: string): string {
  const first = stderr.trim().split('\n')[0]?.replace(/^rg: /, '') ?? '';
  return `[some files could not be searched; ripgrep says: ${first.slice(0, 300)}]`;
}
