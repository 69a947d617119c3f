/**
 * What edit returns: which file changed and how, then the changed lines with
 * a little context, numbered as read numbers them, so the model can check the
 * result and edit again without reading the file.
 */
import { numberLines, type Limits } from '@lug/tools';
import type { EditPlan } from './plan-edit.js';
import { lineNumbersAt } from './occurrences.js';

/** Unchanged lines shown before and after each change. */
const CONTEXT_LINES = 3;

interface LineRange {
  first: number;
  last: number;
}

/** The lines (1-based, inclusive) each replacement's new text occupies in `after`. */
export function changedLines(plan: Pick<EditPlan, 'after' | 'replacements'>): LineRange[] {
  const points: number[] = [];
  for (const r of plan.replacements) points.push(r.start, r.start + Math.max(0, r.length - 1));
  const lines = lineNumbersAt(plan.after, points);
  return plan.replacements.map((_, i) => ({ first: lines[2 * i]!, last: lines[2 * i + 1]! }));
}

function withContext(ranges: LineRange[], totalLines: number): LineRange[] {
  const merged: LineRange[] = [];
  for (const r of ranges) {
    const first = Math.max(1, r.first - CONTEXT_LINES);
    const last = Math.min(totalLines, r.last + CONTEXT_LINES);
    const previous = merged.at(-1);
    if (previous && first <= previous.last + 1) previous.last = Math.max(previous.last, last);
    else merged.push({ first, last });
  }
  return merged;
}

function span(r: LineRange): string {
  return r.first === r.last ? `line ${r.first}` : `lines ${r.first}-${r.last}`;
}

export function describeEdit(plan: EditPlan, shownPath: string, limits: Pick<Limits, 'outputBytes' | 'lineChars'>): string {
  const count = plan.replacements.length;
  const changed = changedLines(plan);
  const where = count === 1 ? ` (the new text is at ${span(changed[0]!)})` : '';
  const endings = plan.lineEnding === '\r\n' ? ' Line endings stay CRLF.' : '';
  const header = `Edited ${shownPath}: replaced ${count === 1 ? '1 occurrence' : `${count} occurrences`}${where}.${endings} It now reads:`;

  const lines = plan.after === '' ? [] : plan.after.split('\n');
  if (plan.after.endsWith('\n')) lines.pop();
  const regions = withContext(changed, lines.length);
  const out = [header];
  let used = Buffer.byteLength(header) + 1;
  // Room for the closing note, should regions have to be left out.
  const budget = limits.outputBytes - 120;
  for (let i = 0; i < regions.length; i++) {
    const block = numberLines(lines, regions[i]!.first, regions[i]!.last, limits.lineChars);
    if (i > 0) block.unshift('...');
    const size = block.reduce((sum, l) => sum + Buffer.byteLength(l) + 1, 0);
    if (used + size > budget) {
      out.push(`[${regions.length - i} more changed ${regions.length - i === 1 ? 'region is' : 'regions are'} not shown; read the file to see them]`);
      break;
    }
    out.push(...block);
    used += size;
  }
  if (lines.length === 0) out.push('[the file is now empty]');
  return out.join('\n');
}
