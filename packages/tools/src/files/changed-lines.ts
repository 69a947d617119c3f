/**
 * How many lines a change added and removed, as a diff would count them for
 * one changed region: the lines both texts share at the start and at the end
 * are unchanged, the rest of the old text was removed and the rest of the new
 * one added. Exact for one region (an edit, a write that changes one place);
 * a write that changes several places far apart counts what lies between them.
 */
export interface LineCounts {
  added: number;
  removed: number;
}

function lines(text: string): string[] {
  if (text === '') return [];
  const out = text.split('\n');
  if (text.endsWith('\n')) out.pop();
  return out;
}

export function changedLineCounts(before: string, after: string): LineCounts {
  const a = lines(before);
  const b = lines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { added: endB - start, removed: endA - start };
}
