/**
 * "did you mean": the known names nearest to a mistyped one (":atuo" → auto,
 * "bsh" → bash), by edit distance, for messages that name what is allowed.
 */

/**
 * Edits (insert, delete, replace, or swap two neighbours: "atuo" is one from
 * "auto") that turn `a` into `b`. With a `limit`, it gives up once the answer
 * is past it and returns limit + 1.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, before[j - 2]! + 1);
      best = Math.min(best, row[j]!);
    }
    // No cell of a later row can be smaller than the smallest of this one.
    if (best > limit) return limit + 1;
    before = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, limit + 1);
}

/** Up to `max` of `names` within a third of the name's length in edits (at least 1), nearest first. */
export function closestNames(name: string, names: Iterable<string>, max = 3): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  return [...new Set(names)]
    .map((n) => ({ n, d: editDistance(lower, n.toLowerCase(), limit) }))
    .filter(({ d }) => d <= limit)
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, max)
    .map(({ n }) => n);
}
