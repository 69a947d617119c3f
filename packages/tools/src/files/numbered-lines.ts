/**
 * The `cat -n` form in which read shows lines and edit shows what it changed,
 * so the model sees one format and can copy line numbers from either.
 */
import { cutLine } from '@lug/core';

/** The line number right-aligned in 6 columns, a tab, then the line. */
export function numberLine(lineNo: number, text: string): string {
  return `${String(lineNo).padStart(6, ' ')}\t${text}`;
}

/**
 * Lines `first`..`last` (1-based, inclusive) of `lines`, numbered, each cut
 * at `maxChars` characters with a visible mark, CRs of CRLF endings dropped.
 */
export function numberLines(lines: readonly string[], first: number, last: number, maxChars: number): string[] {
  const out: string[] = [];
  for (let n = first; n <= last && n <= lines.length; n++) {
    const line = lines[n - 1]!;
    out.push(numberLine(n, cutLine(line.endsWith('\r') ? line.slice(0, -1) : line, maxChars)));
  }
  return out;
}
