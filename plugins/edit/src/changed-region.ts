/**
 * What edit returns: which file changed and how, then the changed lines with
 * a little context, numbered as read numbers them, so the model can check the
 * result and edit again without reading the file.
 *
 * Worked out from the plan's bytes: line numbers by counting line breaks, and
 * only the lines shown are decoded, so a large file is never split into lines
 * or held as the new text.
 */
import { cutLine, numberLine, type Limits } from '@lug/tools';
import { countNewlines, lineNumbersAtBytes, lineStart, linesBack, linesForward } from './byte-lines.js';
import { newFileChunks, type EditPlan } from './plan-edit.js';

/** Unchanged lines shown before and after each change. */
const CONTEXT_LINES = 3;
const LF = 0x0a;

interface LineRange {
  first: number;
  last: number;
}

/** A run of lines shown together: its lines in the new file, and the replacements (indexes into plan.starts) it holds. */
interface Region extends LineRange {
  from: number;
  to: number;
}

/** The lines (1-based, inclusive) each replacement's new text occupies in the new file. */
export function changedLines(plan: EditPlan): LineRange[] {
  const before = lineNumbersAtBytes(plan.bytes, plan.starts, plan.textStart);
  const shift = countNewlines(plan.replacement) - countNewlines(plan.bytes, plan.starts[0]!, plan.starts[0]! + plan.oldLength);
  const span = countNewlines(plan.replacement, 0, Math.max(0, plan.replacement.length - 1));
  return before.map((line, i) => ({ first: line + i * shift, last: line + i * shift + span }));
}

/** The last byte of the new file, or undefined when it is empty. */
function lastByte(plan: EditPlan): number | undefined {
  const chunks = newFileChunks(plan);
  for (let i = chunks.length - 1; i >= 0; i--) {
    const c = chunks[i]!;
    if (c.length > (i === 0 ? plan.textStart : 0)) return c[c.length - 1];
  }
  return undefined;
}

/** How many lines the new file has, as `split('\n')` counts them without a final empty one. */
function lineCount(plan: EditPlan): number {
  const last = lastByte(plan);
  if (last === undefined) return 0;
  const n = plan.starts.length;
  const breaks = countNewlines(plan.bytes, plan.textStart) + n * (countNewlines(plan.replacement) - countNewlines(plan.bytes, plan.starts[0]!, plan.starts[0]! + plan.oldLength));
  return breaks + 1 - (last === LF ? 1 : 0);
}

function withContext(plan: EditPlan, ranges: LineRange[], totalLines: number): Region[] {
  const merged: Region[] = [];
  ranges.forEach((r, i) => {
    const first = Math.max(1, r.first - CONTEXT_LINES);
    const last = Math.min(totalLines, r.last + CONTEXT_LINES);
    const previous = merged.at(-1);
    if (previous && first <= previous.last + 1) {
      previous.last = Math.max(previous.last, last);
      previous.to = i;
    } else merged.push({ first, last, from: i, to: i });
  });
  return merged;
}

/**
 * The new file's lines of a region, decoded from the old bytes around its
 * replacements. Lines before its first replacement and after its last are old
 * lines (a replacement that near would be in the region), so the window is
 * the old bytes from `first` to `last` with the region's replacements in.
 */
function regionLines(plan: EditPlan, region: Region, changed: LineRange[]): string[] {
  const { bytes, starts, oldLength, replacement } = plan;
  const firstStart = starts[region.from]!;
  const windowStart = linesBack(bytes, Math.max(plan.textStart, lineStart(bytes, firstStart)), changed[region.from]!.first - region.first, plan.textStart);
  const lastEnd = starts[region.to]! + oldLength;
  const linesAfter = region.last - changed[region.to]!.last;
  const endsLine = replacement.length > 0 && replacement[replacement.length - 1] === LF;
  const windowEnd = endsLine && linesAfter === 0 ? lastEnd : linesForward(bytes, lastEnd, endsLine ? linesAfter - 1 : linesAfter);
  const parts: Buffer[] = [];
  let at = windowStart;
  for (let i = region.from; i <= region.to; i++) {
    parts.push(bytes.subarray(at, starts[i]!), replacement);
    at = starts[i]! + oldLength;
  }
  parts.push(bytes.subarray(at, Math.max(at, windowEnd)));
  return Buffer.concat(parts).toString('utf8').split('\n').slice(0, region.last - region.first + 1);
}

function span(r: LineRange): string {
  return r.first === r.last ? `line ${r.first}` : `lines ${r.first}-${r.last}`;
}

export function describeEdit(plan: EditPlan, shownPath: string, limits: Pick<Limits, 'outputBytes' | 'lineChars'>): string {
  const count = plan.starts.length;
  const changed = changedLines(plan);
  const where = count === 1 ? ` (the new text is at ${span(changed[0]!)})` : '';
  const endings = plan.lineEnding === '\r\n' ? ' Line endings stay CRLF.' : '';
  const header = `Edited ${shownPath}: replaced ${count === 1 ? '1 occurrence' : `${count} occurrences`}${where}.${endings} It now reads:`;

  const totalLines = lineCount(plan);
  const regions = withContext(plan, changed, totalLines);
  const out = [header];
  let used = Buffer.byteLength(header) + 1;
  // Room for the closing note, should regions have to be left out.
  const budget = limits.outputBytes - 120;
  for (let i = 0; i < regions.length; i++) {
    const region = regions[i]!;
    if (region.first > region.last) continue; // the new file is empty
    const block = regionLines(plan, region, changed).map((line, k) =>
      numberLine(region.first + k, cutLine(line.endsWith('\r') ? line.slice(0, -1) : line, limits.lineChars)),
    );
    if (i > 0) block.unshift('...');
    const size = block.reduce((sum, l) => sum + Buffer.byteLength(l) + 1, 0);
    if (used + size > budget) {
      out.push(`[${regions.length - i} more changed ${regions.length - i === 1 ? 'region is' : 'regions are'} not shown; read the file to see them]`);
      break;
    }
    out.push(...block);
    used += size;
  }
  if (totalLines === 0) out.push('[the file is now empty]');
  return out.join('\n');
}
