/** Where a string occurs in a text, and on which lines. */

/** Start indexes of the non-overlapping occurrences of `needle`, left to right. */
export function findOccurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/** The 1-based line of each index (indexes in ascending order), in one pass. */
export function lineNumbersAt(text: string, indexes: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (const index of indexes) {
    for (let nl = text.indexOf('\n', scanned); nl !== -1 && nl < index; nl = text.indexOf('\n', nl + 1)) {
      line++;
      scanned = nl + 1;
    }
    scanned = Math.max(scanned, Math.min(index, text.length));
    lines.push(line);
  }
  return lines;
}

/** "line 4", "lines 3, 9 and 20", or the first `max` lines and how many more. */
export function listLines(lines: readonly number[], max = 20): string {
  const unique = [...new Set(lines)];
  const shown = unique.slice(0, max);
  const more = unique.length - shown.length;
  if (more > 0) return `lines ${shown.join(', ')} and ${more} more`;
  if (shown.length === 1) return `line ${shown[0]}`;
  return `lines ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
