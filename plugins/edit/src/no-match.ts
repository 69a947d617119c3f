/**
 * The error for an old_string that does not occur: it must help the model
 * retry in one step, so it shows the file's real text where old_string almost
 * matched — where it matches with whitespace ignored, where a multi-line
 * old_string stops matching, or the line most like it. No fuzzy edit is ever
 * applied: exactness is the contract, the hint only points.
 */
import { cutLine, numberLine, numberLines, toLf } from '@lug/tools';

/** Lines of the file quoted in a hint, at most. */
const MAX_QUOTED_LINES = 12;
/** Lines compared when looking for the most similar one (keeps a hint fast on huge files). */
const MAX_COMPARED_LINES = 50_000;
const MAX_COMPARED_CHARS = 1_000;
const QUOTE_CHARS = 300;

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0xfeff || (code >= 0x2000 && code <= 0x200a);
}

/** The text without whitespace, and for each kept character its index in the text. */
function withoutWhitespace(text: string): { stripped: string; origin: Int32Array } {
  const origin = new Int32Array(text.length);
  let kept = '';
  let n = 0;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) {
      if (i > runStart) kept += text.slice(runStart, i);
      runStart = i + 1;
      continue;
    }
    origin[n++] = i;
  }
  kept += text.slice(runStart);
  return { stripped: kept, origin: origin.subarray(0, n) };
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl < index; nl = text.indexOf('\n', nl + 1)) line++;
  return line;
}

function quote(lines: string[], first: number, last: number, maxChars: number): string {
  const end = Math.min(last, first + MAX_QUOTED_LINES - 1);
  const quoted = numberLines(lines, first, end, maxChars);
  if (end < last) quoted.push(`[… ${last - end} more lines]`);
  return quoted.join('\n');
}

function whitespaceHint(text: string, fileLines: string[], old: string, maxChars: number): string | undefined {
  const needle = withoutWhitespace(old).stripped;
  if (needle === '') return undefined;
  const { stripped, origin } = withoutWhitespace(text);
  const at = stripped.indexOf(needle);
  if (at === -1) return undefined;
  const first = lineOf(text, origin[at]!);
  const last = lineOf(text, origin[at + needle.length - 1]!);
  const others = stripped.indexOf(needle, at + needle.length) === -1 ? '' : ' (and elsewhere too)';
  const where = first === last ? `at line ${first}` : `at lines ${first}-${last}`;
  return (
    `old_string matches if whitespace is ignored ${where}${others}, so it differs there only in spaces, tabs or line breaks. ` +
    `The file has:\n${quote(fileLines, first, last, maxChars)}\nCopy that text exactly, including its indentation and line breaks.`
  );
}

/** For a multi-line old_string: the longest run of its lines that matches the file, and where it breaks. */
function divergenceHint(fileLines: string[], oldLines: string[], maxChars: number): string | undefined {
  if (oldLines.length < 2) return undefined;
  const plain = fileLines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  let best = { start: 0, matched: 0 };
  const first = oldLines[0]!;
  const count = Math.min(plain.length, MAX_COMPARED_LINES);
  for (let i = 0; i < count; i++) {
    if (!plain[i]!.endsWith(first)) continue;
    let k = 1;
    while (k < oldLines.length - 1 && i + k < plain.length && plain[i + k] === oldLines[k]) k++;
    if (k > best.matched) best = { start: i + 1, matched: k };
  }
  if (best.matched === 0) return undefined;
  const differing = best.start + best.matched;
  const wanted = oldLines[best.matched]!;
  const fileHas = differing <= fileLines.length ? numberLines(fileLines, differing, differing, maxChars)[0] : '[the end of the file]';
  const matched = best.matched === 1 ? 'Its first line matches' : `Its first ${best.matched} lines match`;
  return (
    `${matched} at line ${best.start}, but then it differs: old_string has\n${cutLine(JSON.stringify(wanted), QUOTE_CHARS)}\n` +
    `where the file has\n${fileHas}`
  );
}

function bigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (let i = 0; i + 1 < text.length; i++) set.add(text.slice(i, i + 2));
  return set;
}

/** The file line most like `wanted`: the share of wanted's character pairs it holds. */
function closestLine(fileLines: string[], wanted: string): { line: number; score: number } | undefined {
  const target = bigrams(wanted.trim().slice(0, MAX_COMPARED_CHARS));
  if (target.size === 0) return undefined;
  let best: { line: number; score: number; lengthGap: number } | undefined;
  const count = Math.min(fileLines.length, MAX_COMPARED_LINES);
  for (let i = 0; i < count; i++) {
    const line = fileLines[i]!.trim().slice(0, MAX_COMPARED_CHARS);
    if (line.length < 2) continue;
    const have = bigrams(line);
    let hits = 0;
    for (const pair of target) if (have.has(pair)) hits++;
    const score = hits / target.size;
    const lengthGap = Math.abs(line.length - wanted.trim().length);
    if (!best || score > best.score || (score === best.score && lengthGap < best.lengthGap)) best = { line: i + 1, score, lengthGap };
  }
  return best && best.score >= 0.5 ? best : undefined;
}

function closestLineHint(fileLines: string[], oldLines: string[], maxChars: number): string {
  const wanted = oldLines.find((l) => l.trim().length >= 2) ?? oldLines[0]!;
  const found = closestLine(fileLines, wanted);
  if (!found) return 'No line of the file resembles it: read the file to see what it holds now.';
  const which = oldLines.length > 1 ? "old_string's first line" : 'old_string';
  return `The line most like ${which} is line ${found.line}:\n${numberLine(found.line, cutLine(stripCr(fileLines[found.line - 1]!), maxChars))}`;
}

const stripCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);

/**
 * Why old_string does not occur in the file, and where the closest text is.
 * `text` is the file; `old` what was searched for (already in the file's line endings).
 */
export function noMatchMessage(text: string, old: string, shownPath: string, maxChars: number): string {
  const head = `old_string does not occur in ${shownPath}.`;
  if (text === '') return `${head} The file is empty; to give it content, use write.`;
  const fileLines = text.split('\n');
  const oldLines = toLf(old).split('\n');
  const hint =
    whitespaceHint(text, fileLines, old, maxChars) ??
    divergenceHint(fileLines, oldLines, maxChars) ??
    closestLineHint(fileLines, oldLines, maxChars);
  return `${head} ${hint}\nRead the file if unsure, then retry with old_string copied exactly.`;
}
