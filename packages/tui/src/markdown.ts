/**
 * Markdown for the terminal: marked with marked-terminal (which highlights
 * fenced code with cli-highlight). Together they take 150–500 ms to import, so
 * nothing here is loaded until the first answer needs it: the first frame of
 * the TUI never pays for it. Until the import finishes, text shows as written.
 */

import { layoutTable, type Align } from './markdown-table.js';
import { wrapHanging, wrapRows } from './text-layout.js';

type RenderFn = (markdown: string) => string;

export interface MarkdownRenderer {
  ready(): boolean;
  /** Starts the import (once); resolves when `render` draws Markdown. */
  load(): Promise<void>;
  /** Terminal text for Markdown at a width; the text itself while not loaded. */
  render(markdown: string, width: number): string;
}

interface Modules {
  Marked: typeof import('marked').Marked;
  markedTerminal: (options?: Record<string, unknown>, highlightOptions?: Record<string, unknown>) => unknown;
}

/** Links as "text (url)": OSC 8 hyperlinks would be measured wrongly when ink wraps the line. */
function linkRenderer(this: { parser: { parseInline(tokens: unknown[]): string } }, token: { href: string; text: string; tokens?: unknown[] }): string {
  const text = token.tokens ? this.parser.parseInline(token.tokens) : token.text;
  const blue = (s: string) => `\x1b[34m${s}\x1b[39m`;
  const href = `\x1b[4m${blue(token.href)}\x1b[24m`;
  return text && text !== token.href ? `${blue(text)} (${href})` : href;
}

/**
 * marked-terminal prints a tight list item's text token as written, so `code`
 * and **bold** inside list items kept their markers; parse its inline tokens,
 * and fall back to marked-terminal (`false`) for plain text.
 */
function inlineText(this: { parser: { parseInline(tokens: unknown[]): string } }, token: { tokens?: unknown[] }): string | false {
  return typeof token === 'object' && token.tokens ? this.parser.parseInline(token.tokens) : false;
}

interface CellToken {
  tokens: unknown[];
}

/** What marked-terminal's renderers leave in inline text for its own table code to undo. */
function undoEscapes(text: string): string {
  return text
    .replace(/\*#COLON\|\*/g, ':')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Tables laid out to fit the width (markdown-table.ts) instead of marked-terminal's, sized to their unwrapped text. */
function tableRenderer(width: number) {
  return function table(
    this: { parser: { parseInline(tokens: unknown[]): string } },
    token: { header: CellToken[]; rows: CellToken[][]; align: Align[] },
  ): string {
    const cell = (c: CellToken) => undoEscapes(this.parser.parseInline(c.tokens));
    return `${layoutTable({ header: token.header.map(cell), rows: token.rows.map((row) => row.map(cell)), align: token.align }, width)}\n\n`;
  };
}

// A line indented past 120 columns, or 32 list or quote markers in a row: nesting that deep takes marked's
// list parser seconds (0.2 s at 100 levels, 4 s at 400, 84 s at 2,000: worse than quadratic), so a model's
// answer could freeze the interface. No answer means it; such text is shown as written. Fenced code counts
// too (a code line indented that far loses its colours): where a fence opens is marked's to say (not inside an
// HTML block, say), and a guess that differs from its own would let a deep list through.
const TOO_DEEP = /^[ \t]{120}|^[ \t]*(?:(?:[-*+>]|\d{1,9}[.)])[ \t]+){32}/m;

/** Markdown nested too deep to be parsed in reasonable time. */
export function tooDeep(markdown: string): boolean {
  return TOO_DEEP.test(markdown);
}

export function createMarkdownRenderer(): MarkdownRenderer {
  let modules: Modules | undefined;
  let loading: Promise<void> | undefined;
  const byWidth = new Map<number, RenderFn>();

  function rendererFor(width: number): RenderFn {
    let fn = byWidth.get(width);
    if (fn) return fn;
    const { Marked, markedTerminal } = modules!;
    const marked = new Marked();
    marked.use(markedTerminal({ width, reflowText: false, tab: 2, showSectionPrefix: false, emoji: false }) as never);
    marked.use({ renderer: { link: linkRenderer as never, text: inlineText as never, table: tableRenderer(width) as never } });
    fn = (md) => marked.parse(md, { async: false }) as string;
    byWidth.set(width, fn);
    return fn;
  }

  return {
    ready: () => modules !== undefined,
    load() {
      loading ??= Promise.all([import('marked'), import('marked-terminal')]).then(([m, t]) => {
        modules = { Marked: m.Marked, markedTerminal: t.markedTerminal as Modules['markedTerminal'] };
      });
      return loading;
    },
    render(markdown, width) {
      if (!modules) return markdown;
      const columns = Math.max(20, width);
      // Indentation cut to half the width: wrapping 10,000 lines of up to 20,000 spaces takes wrap-ansi minutes.
      if (tooDeep(markdown)) return wrapRows(markdown.replace(/^[ \t]+/gm, (ws) => ws.slice(0, columns >> 1)), columns);
      try {
        return wrapHanging(rendererFor(columns)(markdown).replace(/^\n+|\n+$/g, ''), columns);
      } catch {
        // A renderer bug must not lose the model's words.
        return markdown;
      }
    },
  };
}
