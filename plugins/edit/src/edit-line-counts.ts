/**
 * How many lines an edit added and removed: each replacement's whole lines in
 * the file before and after (replacements on the same lines taken together),
 * counted the way a diff counts one changed region. Worked out from the plan's
 * bytes: only the touched lines are decoded, never the whole file.
 */
import { changedLineCounts, type LineCounts } from '@lug/tools';
import type { EditPlan } from './plan-edit.js';

const LF = 0x0a;

type Counted = Pick<EditPlan, 'bytes' | 'starts' | 'oldLength' | 'replacement'>;

/** Where the line holding byte `at` starts. */
function lineStartAt(bytes: Buffer, at: number): number {
  // Buffer.lastIndexOf takes a negative offset as counted from the end: guard the first byte.
  return at === 0 ? 0 : bytes.lastIndexOf(LF, at - 1) + 1;
}

/** Where the line holding byte `at` ends (its line break, or the end of the file). */
function lineEndAt(bytes: Buffer, at: number): number {
  const nl = bytes.indexOf(LF, at);
  return nl === -1 ? bytes.length : nl;
}

export function editLineCounts(plan: Counted): LineCounts {
  const { bytes, starts, oldLength, replacement } = plan;
  const total: LineCounts = { added: 0, removed: 0 };
  for (let i = 0; i < starts.length; ) {
    const start = lineStartAt(bytes, starts[i]!);
    let end = lineEndAt(bytes, starts[i]! + oldLength);
    let j = i;
    while (j + 1 < starts.length && starts[j + 1]! <= end) {
      j++;
      end = Math.max(end, lineEndAt(bytes, starts[j]! + oldLength));
    }
    const pieces: Buffer[] = [];
    let at = start;
    for (let k = i; k <= j; k++) {
      pieces.push(bytes.subarray(at, starts[k]!), replacement);
      at = starts[k]! + oldLength;
    }
    pieces.push(bytes.subarray(at, end));
    const counts = changedLineCounts(bytes.subarray(start, end).toString('utf8'), Buffer.concat(pieces).toString('utf8'));
    total.added += counts.added;
    total.removed += counts.removed;
    i = j + 1;
  }
  return total;
}
