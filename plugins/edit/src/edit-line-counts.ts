/**
 * How many lines an edit added and removed: each replacement's lines in the
 * file before and after (replacements on the same lines taken together),
 * counted the way a diff counts one changed region.
 */
import { changedLineCounts, type LineCounts } from '@lug/tools';
import type { EditPlan } from './plan-edit.js';

interface Region {
  start: number;
  end: number;
  replacements: number;
}

/** The whole lines of `before` each replacement touched, merged where they meet. */
function regionsBefore(plan: Pick<EditPlan, 'before' | 'replacements' | 'replacedLength'>): Region[] {
  const delta = (plan.replacements[0]?.length ?? 0) - plan.replacedLength;
  const regions: Region[] = [];
  plan.replacements.forEach((r, i) => {
    const from = r.start - i * delta;
    const to = from + plan.replacedLength;
    const start = plan.before.lastIndexOf('\n', from - 1) + 1;
    const nl = plan.before.indexOf('\n', to);
    const end = nl === -1 ? plan.before.length : nl;
    const last = regions.at(-1);
    if (last && start <= last.end) {
      last.end = Math.max(last.end, end);
      last.replacements++;
    } else regions.push({ start, end, replacements: 1 });
  });
  return regions;
}

export function editLineCounts(plan: Pick<EditPlan, 'before' | 'after' | 'replacements' | 'replacedLength'>): LineCounts {
  const delta = (plan.replacements[0]?.length ?? 0) - plan.replacedLength;
  let shift = 0;
  const total: LineCounts = { added: 0, removed: 0 };
  for (const region of regionsBefore(plan)) {
    const grown = region.replacements * delta;
    const counts = changedLineCounts(plan.before.slice(region.start, region.end), plan.after.slice(region.start + shift, region.end + shift + grown));
    total.added += counts.added;
    total.removed += counts.removed;
    shift += grown;
  }
  return total;
}
