/**
 * "did you mean": the known names nearest to a mistyped one (":atuo" → auto,
 * "bsh" → bash), by edit distance, for messages that name what is allowed.
 */

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      // Two neighbours swapped ("atuo") cost one edit, not two.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, diagonal);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** Up to `max` of `names` within a third of the name's length in edits (at least 1), nearest first. */
export function closestNames(name: string, names: Iterable<string>, max = 3): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  return [...new Set(names)]
    .map((n) => ({ n, d: distance(lower, n.toLowerCase()) }))
    .filter(({ d }) => d <= limit)
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, max)
    .map(({ n }) => n);
}
