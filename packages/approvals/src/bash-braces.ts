/**
 * bash's brace expansion of a static word: `{rm,-rf,x}` is the three words
 * `rm -rf x`, `a{1..3}` is `a1 a2 a3`. Quoted braces and commas are text.
 */

/** A piece of a word's value, and whether it was quoted (quoted braces do not expand). */
export interface Chunk {
  text: string;
  quoted: boolean;
}

/** Brace expansion past this many words is treated as not static. */
const MAX_BRACE_WORDS = 256;

interface Char {
  c: string;
  quoted: boolean;
}

/** bash's brace expansion of a static word (`{rm,-rf,x}` is three words), or undefined past the limit. */
export function braceExpand(chunks: Chunk[]): string[] | undefined {
  const chars: Char[] = [];
  for (const chunk of chunks) for (const c of chunk.text) chars.push({ c, quoted: chunk.quoted });
  const words = expandChars(chars, 0);
  if (!words || words.length > MAX_BRACE_WORDS) return undefined;
  return words.map((w) => w.map((ch) => ch.c).join(''));
}

function expandChars(chars: Char[], depth: number): Char[][] | undefined {
  if (depth > 20) return undefined;
  for (let open = 0; open < chars.length; open++) {
    if (chars[open].quoted || chars[open].c !== '{' || (open > 0 && chars[open - 1].c === '$' && !chars[open - 1].quoted)) continue;
    const found = braceBody(chars, open);
    if (!found) continue;
    const preamble = chars.slice(0, open);
    const postscript = chars.slice(found.close + 1);
    const results: Char[][] = [];
    for (const alternative of found.alternatives) {
      const expanded = expandChars([...preamble, ...alternative, ...postscript], depth + 1);
      if (!expanded) return undefined;
      results.push(...expanded);
      if (results.length > MAX_BRACE_WORDS) return undefined;
    }
    return results;
  }
  return [chars];
}

/** The alternatives of the brace expression opening at `open`, or undefined if it is not one. */
function braceBody(chars: Char[], open: number): { close: number; alternatives: Char[][] } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < chars.length; i++) {
    const { c, quoted } = chars[i];
    if (quoted) continue;
    if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        if (commas.length) {
          const bounds = [open, ...commas, i];
          return { close: i, alternatives: bounds.slice(1).map((b, k) => chars.slice(bounds[k] + 1, b)) };
        }
        const sequence = braceSequence(chars.slice(open + 1, i));
        return sequence ? { close: i, alternatives: sequence } : undefined;
      }
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  return undefined;
}

/** `{1..5}`, `{a..e}`, `{01..10..3}`. */
function braceSequence(body: Char[]): Char[][] | undefined {
  if (body.some((ch) => ch.quoted)) return undefined;
  const text = body.map((ch) => ch.c).join('');
  const numeric = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(text);
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(text);
  const toChars = (s: string): Char[] => [...s].map((c) => ({ c, quoted: true }));
  if (numeric) {
    const [from, to] = [Number(numeric[1]), Number(numeric[2])];
    const step = Math.abs(Number(numeric[3] ?? 1)) || 1;
    const count = Math.floor(Math.abs(to - from) / step) + 1;
    if (count > MAX_BRACE_WORDS) return undefined;
    const width = /^-?0\d/.test(numeric[1]) || /^-?0\d/.test(numeric[2]) ? Math.max(numeric[1].length, numeric[2].length) : 0;
    return Array.from({ length: count }, (_, k) => toChars(String(from + (to >= from ? k : -k) * step).padStart(width, '0')));
  }
  if (letters) {
    const [from, to] = [letters[1].charCodeAt(0), letters[2].charCodeAt(0)];
    const step = Math.abs(Number(letters[3] ?? 1)) || 1;
    const count = Math.floor(Math.abs(to - from) / step) + 1;
    return Array.from({ length: count }, (_, k) => toChars(String.fromCharCode(from + (to >= from ? k : -k) * step)));
  }
  return undefined;
}
