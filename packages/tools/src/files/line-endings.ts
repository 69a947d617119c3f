/**
 * Line endings: find which one a file uses, and convert text to it, so that
 * text the model wrote with LF lands in a CRLF file with CRLF.
 */

export type LineEnding = '\n' | '\r\n';

export interface LineEndingCount {
  /** Line breaks written CR LF. */
  crlf: number;
  /** Line breaks written LF alone. */
  lf: number;
}

export function countLineEndings(text: string): LineEndingCount {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return { crlf, lf };
}

/**
 * The ending a file uses: CRLF when most of its line breaks are CRLF, LF
 * otherwise (also for text without any line break).
 */
export function detectLineEnding(text: string): LineEnding {
  const { crlf, lf } = countLineEndings(text);
  return crlf > lf ? '\r\n' : '\n';
}

/** Every CRLF written as LF. */
export function toLf(text: string): string {
  return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
}

/** Every line break written as `ending` (CRLF and LF alike). */
export function withLineEnding(text: string, ending: LineEnding): string {
  const lf = toLf(text);
  return ending === '\n' ? lf : lf.replace(/\n/g, '\r\n');
}

/**
 * A sentence about the line endings of a file that uses any CRLF, for tools
 * that show lines without their CR; undefined for an LF-only file.
 */
export function describeCrlf(count: LineEndingCount): string | undefined {
  if (count.crlf === 0) return undefined;
  if (count.lf === 0) return 'this file uses CRLF line endings';
  return `this file mixes line endings: ${count.crlf} lines end with CRLF and ${count.lf} with LF`;
}
