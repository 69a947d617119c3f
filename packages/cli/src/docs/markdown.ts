/** Just enough Markdown reading for the manual's tests: sections, tables, fenced blocks. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const DOCS_DIR = join(REPO_ROOT, 'docs');

/** A page of docs/, or a failure that says who writes it. */
export function readPage(name: string, writtenBy = 'its owner'): string {
  const file = join(DOCS_DIR, name);
  if (!existsSync(file)) throw new Error(`docs/${name} does not exist yet: ${writtenBy} writes it`);
  return readFileSync(file, 'utf8');
}

/** Lines outside fenced code blocks, with their heading context dropped. */
function linesOutsideFences(markdown: string): string[] {
  let fence = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      return false;
    }
    return !fence;
  });
}

/** The text under the first heading whose title matches, up to the next heading of the same or a higher level. */
export function section(markdown: string, title: RegExp): string {
  const lines = markdown.split('\n');
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*```/.test(lines[i]!)) fence = !fence;
    const m = !fence && /^(#{1,6})\s+(.*)$/.exec(lines[i]!);
    if (!m || !title.test(m[2]!)) continue;
    let end = lines.length;
    let inner = false;
    for (let j = i + 1; j < lines.length; j++) {
      if (/^\s*```/.test(lines[j]!)) inner = !inner;
      const h = !inner && /^(#{1,6})\s/.exec(lines[j]!);
      if (h && h[1]!.length <= m[1]!.length) {
        end = j;
        break;
      }
    }
    return lines.slice(i + 1, end).join('\n');
  }
  throw new Error(`no heading matching ${title} in the page`);
}

/** Every table row (not the header or the rule) as its cells, trimmed. */
export function tableRows(markdown: string): string[][] {
  const rows: string[][] = [];
  const lines = linesOutsideFences(markdown);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line.startsWith('|')) continue;
    if (/^\|[\s:|-]+\|$/.test(line)) continue;
    if (/^\|[\s:|-]+\|$/.test(lines[i + 1]?.trim() ?? '')) continue; // a header row
    rows.push(splitRow(line));
  }
  return rows;
}

function splitRow(line: string): string[] {
  // Split on pipes that are not inside backticks and not escaped.
  const cells: string[] = [];
  let cell = '';
  let code = false;
  for (let i = 1; i < line.length; i++) {
    const c = line[i]!;
    if (c === '`') code = !code;
    if (c === '|' && !code && line[i - 1] !== '\\') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  return cells;
}

export interface CodeBlock {
  lang: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w*)/.exec(lines[i]!);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(open[1]!.length));
    blocks.push({ lang: open[2]!, code: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

/** Backticked spans of a cell: "`Up` / `Down`" → ["Up", "Down"]. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}
