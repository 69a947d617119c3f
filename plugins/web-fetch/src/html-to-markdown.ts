/**
 * HTML to Markdown with turndown (its own DOM, domino, parses the string in
 * Node: no browser, no native parts). Loaded on the first fetch of a page, so
 * enabling the plugin costs nothing until it is used.
 */
import type TurndownService from 'turndown';

let service: Promise<TurndownService> | undefined;

async function turndown(): Promise<TurndownService> {
  service ??= import('turndown').then(({ default: Turndown }) => {
    const t = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
    // What a page runs or styles itself with is not its text.
    t.remove(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'canvas', 'svg', 'head', 'title'] as TurndownService.Filter);
    return t;
  });
  return service;
}

/** The page's title (from <title>), if it has one. */
function titleOf(html: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = m?.[1].replace(/\s+/g, ' ').trim();
  return title ? decodeEntities(title) : undefined;
}

function decodeEntities(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" })[e] ?? _);
}

export async function htmlToMarkdown(html: string): Promise<{ title?: string; markdown: string }> {
  const markdown = (await turndown()).turndown(html).trim();
  return { title: titleOf(html), markdown };
}
