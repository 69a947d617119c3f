/**
 * The few Markdown notices the interface writes before any answer (the
 * no-model message above all), drawn without marked: paragraphs, `- ` lists,
 * `**bold**`, `` `code` `` and bare links, exactly as marked-terminal draws
 * them with lug's renderer options (markdown-light.test.ts holds the two
 * equal). So the screen of a lug without a key loads no Markdown renderer and
 * is as fast and as small as a keyed one (issue 15). Anything else is not
 * light: undefined, and the text waits for the real renderer.
 */
import { wrapHanging } from './text-layout.js';

const RESET = '\x1b[0m';
const code = (s: string) => `\x1b[33m${s}\x1b[39m`;
const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;
const link = (url: string) => `\x1b[4m\x1b[34m${url}\x1b[39m\x1b[24m`;

/** Characters that would make marked read more than this file draws. */
const SPECIAL = /[_[\]<>#|\\~&!]|\*(?!\*)|^\s*\d+[.)]\s|^\s*[>+*]/m;
const URL = /https?:\/\/[^\s<`*]*[^\s<`*.,:;"')\]]/g;

function plain(text: string): string | undefined {
  const parts = text.split('**');
  if (parts.length % 2 === 0) return undefined; // an unclosed **
  return parts.map((p, i) => (i % 2 ? bold(p.replace(URL, link)) : p.replace(URL, link))).join('');
}

function inline(text: string): string | undefined {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return undefined; // an unclosed code span
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    if (i % 2) {
      if (parts[i] === '' || /^\s|\s$/.test(parts[i]!)) return undefined;
      out += code(parts[i]!);
      continue;
    }
    if (SPECIAL.test(parts[i]!.replace(/\*\*/g, ''))) return undefined;
    const drawn = plain(parts[i]!);
    if (drawn === undefined) return undefined;
    out += drawn;
  }
  return out;
}

function list(lines: string[]): string | undefined {
  const items = lines.map((l) => inline(l.slice(2)));
  return items.every((i) => i !== undefined) ? items.map((i) => `  * ${RESET}${i}${RESET}`).join('\n') : undefined;
}

/** A one-line paragraph, a list, or a one-line paragraph the list follows directly (a list may interrupt one). */
function block(text: string): string | undefined {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.startsWith('- '));
  if (first > 1 || lines.some((l, i) => /^\s/.test(l) || (i > first && first >= 0 && !l.startsWith('- ')))) return undefined;
  if (first === 0) return list(lines);
  if (lines.length > 1 && first === -1) return undefined; // a paragraph of several lines: left to marked
  const drawn = inline(lines[0]!);
  if (drawn === undefined) return undefined;
  const paragraph = `${RESET}${drawn}${RESET}`;
  if (first === -1) return paragraph;
  const items = list(lines.slice(1));
  return items === undefined ? undefined : `${paragraph}\n\n${items}`;
}

/** How many notices' drawings are kept: the interface writes few Markdown notices, each drawn again at every frame. */
const KEPT = 32;
const drawings = new Map<string, string | null>();

/**
 * Light Markdown drawn, before it is wrapped to a width: null when it is not
 * light. Kept for the text, so the check for lightness (`isLightMarkdown`)
 * and each frame's drawing make it once: the screen without a key made it
 * three times for its first frame, and wrapped it three times.
 */
function drawn(markdown: string): string | null {
  let text = drawings.get(markdown);
  if (text === undefined) {
    const blocks = markdown.replace(/^\n+|\n+$/g, '').split(/\n\n+/).map(block);
    text = blocks.some((d) => d === undefined) ? null : blocks.join('\n\n');
    if (drawings.size >= KEPT) drawings.clear();
    drawings.set(markdown, text);
  }
  return text;
}

/** Whether this file draws `markdown` (renderLightMarkdown gives text), without drawing it at a width. */
export function isLightMarkdown(markdown: string): boolean {
  return drawn(markdown) !== null;
}

/** Terminal text for light Markdown at a width, as the real renderer draws it; undefined when it is not light. */
export function renderLightMarkdown(markdown: string, width: number): string | undefined {
  const text = drawn(markdown);
  return text === null ? undefined : wrapHanging(text, Math.max(20, width));
}
