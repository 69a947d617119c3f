/**
 * The web_fetch tool: GET one http(s) URL and give the model its text, HTML
 * turned into Markdown, capped at the output limit with what was cut said.
 * It asks before it runs under the default policy (kind "fetch").
 */
import { TextDecoder } from 'node:util';
import { defineTool, isBinary, ToolError, truncateOutput, type Tool, type ToolContext } from '@lug/tools';
import { fetchBounded, httpUrl, type FetchedPage } from './fetch-bounded.js';
import { htmlToMarkdown } from './html-to-markdown.js';

export interface WebFetchArgs {
  url: string;
  timeout_secs?: number;
}

/** Bytes of body read at most (the output cap applies after conversion). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
export const DEFAULT_TIMEOUT_SECS = 30;
export const MAX_TIMEOUT_SECS = 120;

const HTML = new Set(['text/html', 'application/xhtml+xml']);
const TEXT = /^(text\/[\w.+-]+|application\/([\w.-]+\+)?(json|xml)|application\/(javascript|ecmascript|x-sh|x-yaml|yaml|toml|x-ndjson))$/;

export const webFetchTool: Tool<WebFetchArgs> = defineTool<WebFetchArgs>({
  name: 'web_fetch',
  description:
    'Fetch a web page by its http or https URL and return its text: HTML is converted to Markdown, other text (plain, JSON, XML…) is returned as is; images and other binary content are refused. Follows up to 5 redirects within the site asked for; a redirect to another site is returned, not followed.',
  parameters: {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'The absolute http or https URL to fetch.' },
      timeout_secs: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_TIMEOUT_SECS,
        default: DEFAULT_TIMEOUT_SECS,
        description: 'Seconds before the fetch is given up.',
      },
    },
    required: ['url'],
    additionalProperties: false,
  },
  ask: true,
  keep: 'start',
  async handler(args, ctx) {
    const timeoutSecs = checkTimeout(args.timeout_secs);
    const page = await fetchBounded(args.url, { timeoutMs: timeoutSecs * 1000, maxBodyBytes: MAX_BODY_BYTES, maxRedirects: MAX_REDIRECTS, signal: ctx.signal });
    return pageOutput(page, ctx);
  },
  describe: (args) => {
    let title = typeof args.url === 'string' ? args.url : String(args.url);
    try {
      title = httpUrl(args.url).href;
    } catch {
      // The handler says what is wrong with it; the dialog shows it as given.
    }
    return { title, kind: 'fetch' };
  },
  async preview(args) {
    return { kind: 'text', text: `GET ${String(args.url)}` };
  },
});

function checkTimeout(value: number | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECS;
  if (!Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT_SECS) {
    throw new ToolError(`timeout_secs must be an integer from 1 to ${MAX_TIMEOUT_SECS}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function decode(page: FetchedPage): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(page.charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(page.body);
}

/** Text we can show: a text type, or no type and not binary as git and ripgrep tell it (no NUL in its first 8 KiB). */
function isText(page: FetchedPage): boolean {
  if (HTML.has(page.mediaType) || TEXT.test(page.mediaType)) return true;
  return page.mediaType === '' && !isBinary(page.body);
}

function looksLikeHtml(page: FetchedPage, text: string): boolean {
  return HTML.has(page.mediaType) || (page.mediaType === '' && /^\s*(<!doctype html|<html[\s>])/i.test(text));
}

/** A redirect off the site asked for: where it points, for the model to fetch as a call of its own. */
function elsewhereOutput(page: FetchedPage, status: string, elsewhere: string): string {
  const head = [page.finalUrl, `${status} · a redirect to another site, not followed`];
  if (page.redirects.length > 0) head.push(`redirected from ${page.url}`);
  const to = new URL(elsewhere).origin;
  return `${head.join('\n')}\n\n${page.finalUrl} redirects to ${elsewhere} (${to}). web_fetch follows redirects only within the site it was asked for; to read that page, fetch ${JSON.stringify(elsewhere)}.`;
}

async function pageOutput(page: FetchedPage, ctx: ToolContext): Promise<{ content: string; isError?: boolean }> {
  const size = `${page.body.length}${page.cut ? '+' : ''} bytes`;
  const type = page.mediaType || 'no content type';
  const status = `HTTP ${page.status}${page.statusText ? ` ${page.statusText}` : ''}`;
  if (page.elsewhere !== undefined) return { content: elsewhereOutput(page, status, page.elsewhere) };
  const head = [`${page.finalUrl}`, `${status} · ${type} · ${size}`];
  if (page.redirects.length > 0) head.push(`redirected from ${page.url}`);
  if (!isText(page)) {
    throw new ToolError(`${page.finalUrl} answered with ${type} (${size}), which is not text: web_fetch returns HTML (as Markdown) and text only`);
  }
  const text = decode(page);
  let body = text;
  if (looksLikeHtml(page, text)) {
    const { title, markdown } = await htmlToMarkdown(text);
    if (title) head.push(`title: ${title}`);
    body = markdown;
  }
  if (page.cut) head.push(`only the first ${MAX_BODY_BYTES} bytes of the body were read`);
  const isError = page.status >= 400;
  const all = `${head.join('\n')}\n\n${body}`;
  const { text: content } = truncateOutput(all, ctx.limits.outputBytes, 'start', 'fetch a more specific URL for the rest');
  return isError ? { content, isError } : { content };
}
