/**
 * ripgrep searches files in parallel and prints each file's matches
 * together, in whatever order the files finish. Sorting the shown lines by
 * path (keeping each file's lines in line order) makes the same search give
 * the same text every time, whenever the output was not cut.
 */

/**
 * The lines (the i-th from `paths[i]`) ordered by path in code-unit order (compareStrings'), stable within a path.
 * Lines go into one bucket a path and only the distinct paths are sorted, by the engine's own string order, which
 * is code-unit order: a comparator called from JavaScript for every comparison cost ~0.2 ms a grep of 200 lines.
 */
export function sortByPath(lines: readonly string[], paths: readonly string[]): string[] {
  const byPath = new Map<string, string[]>();
  for (let i = 0; i < lines.length; i++) {
    const bucket = byPath.get(paths[i]!);
    if (bucket) bucket.push(lines[i]!);
    else byPath.set(paths[i]!, [lines[i]!]);
  }
  const sorted: string[] = [];
  for (const path of [...byPath.keys()].sort()) for (const line of byPath.get(path)!) sorted.push(line);
  return sorted;
}
