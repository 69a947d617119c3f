/** How the lines of several occurrences are named in an error. */

/** "line 4", "lines 3, 9 and 20", or the first `max` lines and how many more. */
export function listLines(lines: readonly number[], max = 20): string {
  const unique = [...new Set(lines)];
  const shown = unique.slice(0, max);
  const more = unique.length - shown.length;
  if (more > 0) return `lines ${shown.join(', ')} and ${more} more`;
  if (shown.length === 1) return `line ${shown[0]}`;
  return `lines ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
