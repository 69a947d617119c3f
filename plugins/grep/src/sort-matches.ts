/**
 * ripgrep searches files in parallel and prints each file's matches
 * together, in whatever order the files finish. Sorting the shown lines by
 * path (keeping each file's lines in line order) makes the same search give
 * the same text every time, whenever the output was not cut.
 */
import { compareStrings } from '@lug/tools';

/** The lines (the i-th from `paths[i]`) ordered by path, stable within a path. */
export function sortByPath(lines: readonly string[], paths: readonly string[]): string[] {
  const order = lines.map((_, i) => i);
  order.sort((a, b) => compareStrings(paths[a]!, paths[b]!) || a - b);
  return order.map((i) => lines[i]!);
}
