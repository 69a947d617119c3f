/**
 * A count with thousands separators, as `n.toLocaleString('en-US')` writes
 * it (30,000), without ICU: the first `toLocaleString` of a process starts
 * ICU's number formatting, ~15 ms (issue 15), and the first tool call that
 * says how much it cut paid it. Counts are integers; anything else falls
 * back to `toLocaleString`.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = (end > 3 ? ',' : '') + digits.slice(Math.max(0, end - 3), end) + out;
  return n < 0 ? `-${out}` : out;
}
