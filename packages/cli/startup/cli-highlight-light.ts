/**
 * cli-highlight without parse5: what marked-terminal's bundle gets where it
 * imports `cli-highlight` (`cliHighlightWithoutParse5`, build-plugins.ts,
 * makes that module of lightCliHighlight over highlight.js and cli-highlight's
 * theme).
 *
 * Why: cli-highlight turns highlight.js's HTML into terminal colours by
 * parsing it with parse5 and its htmlparser2 tree adapter, which load with
 * the Markdown renderer: ~11 ms of its ~25 ms load in a first turn (CPU
 * profiles of first turns sent with their Enter), and a third of its bundle.
 * highlight.js writes nothing but `<span class="...">`, `</span>` and text
 * with `&`, `<`, `>`, `"` and `'` escaped, so a scanner of those does the
 * same. The colours are cli-highlight's own theme (its `theme` module, which
 * needs only chalk), applied as its `colorizeNode` applies them; a test holds
 * the output equal to cli-highlight's on code of every language lug warms,
 * embedded languages and automatic detection. It can go when cli-highlight
 * colours highlight.js's output without an HTML parser.
 */
import { DEFAULT_THEME, plain, type Theme } from 'cli-highlight/dist/theme.js';

/**
 * What is used of highlight.js (the bundle's is highlight-languages.ts's
 * stand-in). Not imported here: highlight.js's types bring in the DOM's
 * (`/// <reference lib="dom" />`), whose `Headers` and `fetch` would be the
 * whole package's.
 */
export interface HighlightJs {
  highlight(code: string, options: { language: string; ignoreIllegals?: boolean }): { value: string };
  highlightAuto(code: string, languageSubset?: string[]): { value: string };
  listLanguages(): string[];
  getLanguage(name: string): unknown;
}

export interface HighlightOptions {
  language?: string;
  ignoreIllegals?: boolean;
  languageSubset?: string[];
  theme?: Theme;
}

type Style = (text: string) => string;

/** An element of highlight.js's output: a span (its class) and what it holds. */
interface Span {
  className: string;
  children: Array<Span | string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };

/** A text run as parse5 hands it on: its five escapes read, line ends as LF (the HTML input stream's), NULs dropped. */
function textOf(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!).replace(/\r\n?/g, '\n').replace(/\0/g, '');
}

/** highlight.js's HTML as a tree of spans and texts; anything else in it is an error (the caller falls back). */
function parseSpans(html: string): Array<Span | string> {
  const root: Span = { className: '', children: [] };
  const open: Span[] = [root];
  const token = /<span class="([^"<>]*)">|<\/span>|[^<]+/g;
  let at = 0;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    if (m.index !== at) throw new Error(`highlight.js wrote markup lug does not read at ${at}`);
    at = token.lastIndex;
    const top = open[open.length - 1]!;
    if (m[1] !== undefined) {
      const span: Span = { className: m[1], children: [] };
      top.children.push(span);
      open.push(span);
    } else if (m[0] === '</span>') {
      if (open.length === 1) throw new Error('highlight.js closed a span it never opened');
      open.pop();
    } else {
      const text = textOf(m[0]);
      if (text) top.children.push(text);
    }
  }
  if (at !== html.length) throw new Error(`highlight.js wrote markup lug does not read at ${at}`);
  return root.children;
}

/** cli-highlight's colorizeNode: a text outside any token span in the default style, a token span's whole text in its token's. */
function colorizeNode(node: Span | string, theme: Theme, context?: string): string {
  const themed = theme as Record<string, Style | undefined>;
  const defaults = DEFAULT_THEME as Record<string, Style | undefined>;
  if (typeof node === 'string') return context === undefined ? (themed.default || defaults.default || plain)(node) : node;
  const token = /hljs-(\w+)/.exec(node.className)?.[1];
  if (token === undefined) return node.children.map((child) => colorizeNode(child, theme)).join('');
  const text = node.children.map((child) => colorizeNode(child, theme, token)).join('');
  return (themed[token] || defaults[token] || plain)(text);
}

/** Terminal colours for highlight.js's HTML, as cli-highlight's `colorize`. */
export function colorize(html: string, theme: Theme = {}): string {
  return parseSpans(html)
    .map((node) => colorizeNode(node, theme))
    .join('');
}

/** cli-highlight's module over `hljs`: `highlight` (`code` in colour, its language given or detected), `listLanguages`, `supportsLanguage`. */
export function lightCliHighlight(hljs: HighlightJs) {
  const highlight = (code: string, options: HighlightOptions = {}): string => {
    const html = options.language
      ? hljs.highlight(code, { language: options.language, ignoreIllegals: options.ignoreIllegals }).value
      : hljs.highlightAuto(code, options.languageSubset).value;
    return colorize(html, options.theme);
  };
  return { highlight, listLanguages: () => hljs.listLanguages(), supportsLanguage: (name: string) => !!hljs.getLanguage(name) };
}
