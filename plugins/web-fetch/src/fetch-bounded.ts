/**
 * One bounded HTTP GET: http and https only (every hop of a redirect is
 * checked again), a bounded number of redirects, all on the site asked for
 * (a redirect elsewhere is not followed: see `followable`), one deadline for
 * the whole exchange, and the body read chunk by chunk up to a byte bound
 * (the rest is never read). Node's own fetch (undici) does the wire work.
 */
import { ToolError } from '@lug/tools';

export interface FetchBounds {
  /** Milliseconds for the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Bytes of body kept; reading stops there. */
  maxBodyBytes: number;
  /** Redirects followed before giving up. */
  maxRedirects: number;
  /** The turn's signal: cancelling the turn stops the fetch. */
  signal?: AbortSignal;
}

export interface FetchedPage {
  /** The URL asked for and the one that answered (after redirects). */
  url: string;
  finalUrl: string;
  redirects: string[];
  status: number;
  statusText: string;
  /** The media type, lower case, without parameters ('' when the server sent none). */
  mediaType: string;
  charset: string | undefined;
  body: Buffer;
  /** True when the body was longer than maxBodyBytes and reading stopped. */
  cut: boolean;
  /** Where a redirect pointed when it left the site asked for (not followed; the body is then empty). */
  elsewhere?: string;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * Whether a redirect to `next` is followed for a fetch asked for `asked`: on
 * the same origin, or the same host moved from http to https on the default
 * ports. What is approved (the dialog's `GET <url>`, a rule matching
 * `args.url`) is the URL asked for: a redirect to another host, such as an
 * open redirect on an allowed site pointing at a service on the local
 * network, must not be fetched in its name. The model gets the address
 * instead, and fetching it is a call of its own, asked for like any other.
 */
export function followable(asked: URL, next: URL): boolean {
  if (next.origin === asked.origin) return true;
  return asked.protocol === 'http:' && next.protocol === 'https:' && asked.hostname === next.hostname && asked.port === '' && next.port === '';
}

/** The URL, parsed, when it is http or https; else a ToolError that says what is allowed. */
export function httpUrl(raw: unknown, base?: string): URL {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new ToolError(`url must be an http or https URL like "https://example.com/page", got ${JSON.stringify(raw)}`);
  }
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    throw new ToolError(`url is not a valid URL: ${JSON.stringify(raw)}; give an absolute http or https URL like "https://example.com/page"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const where = base ? ` (a redirect from ${base} pointed there)` : '';
    throw new ToolError(`only http and https URLs can be fetched, got ${url.protocol.replace(/:$/, '')}: ${JSON.stringify(url.href)}${where}`);
  }
  if (url.username || url.password) {
    throw new ToolError(`url must not carry a user name or password: ${JSON.stringify(url.origin + url.pathname)}`);
  }
  return url;
}

export async function fetchBounded(raw: string, bounds: FetchBounds): Promise<FetchedPage> {
  const start = httpUrl(raw);
  const timeout = AbortSignal.timeout(bounds.timeoutMs);
  const signal = bounds.signal ? AbortSignal.any([bounds.signal, timeout]) : timeout;
  const failed = (err: unknown, url: URL): never => {
    if (bounds.signal?.aborted) throw new ToolError('the fetch was cancelled');
    if (timeout.aborted) throw new ToolError(`no complete answer from ${url.origin} within ${bounds.timeoutMs / 1000} s`);
    const cause = (err as { cause?: { message?: string; code?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (err as Error).message;
    throw new ToolError(`could not fetch ${url.href}: ${why}`);
  };

  const redirects: string[] = [];
  let url = start;
  for (;;) {
    let res: Response;
    try {
      res = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'text/html, text/markdown, text/plain, application/xhtml+xml;q=0.9, */*;q=0.5', 'user-agent': 'lug-web-fetch' },
      });
    } catch (err) {
      return failed(err, url);
    }
    const location = res.headers.get('location');
    if (REDIRECT.has(res.status) && location !== null) {
      await res.body?.cancel().catch(() => undefined);
      if (redirects.length >= bounds.maxRedirects) {
        throw new ToolError(`more than ${bounds.maxRedirects} redirects, starting at ${start.href} (the last pointed to ${location})`);
      }
      const next = httpUrl(location, url.href);
      if (!followable(start, next)) {
        return { url: start.href, finalUrl: url.href, redirects, status: res.status, statusText: res.statusText, mediaType: '', charset: undefined, body: Buffer.alloc(0), cut: false, elsewhere: next.href };
      }
      url = next;
      redirects.push(url.href);
      continue;
    }
    const [mediaType, ...params] = (res.headers.get('content-type') ?? '').split(';').map((s) => s.trim());
    const charset = params.find((p) => /^charset=/i.test(p))?.slice('charset='.length).replace(/^"|"$/g, '');
    let read: { body: Buffer; cut: boolean };
    try {
      read = await readBounded(res, bounds.maxBodyBytes);
    } catch (err) {
      return failed(err, url);
    }
    return { url: start.href, finalUrl: url.href, redirects, status: res.status, statusText: res.statusText, mediaType: mediaType.toLowerCase(), charset, ...read };
  }
}

/** At most `max` bytes of the body; the stream is cancelled once the bound is reached. */
async function readBounded(res: Response, max: number): Promise<{ body: Buffer; cut: boolean }> {
  if (!res.body) return { body: Buffer.alloc(0), cut: false };
  const reader = res.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { body: Buffer.concat(chunks), cut: false };
    const room = max - size;
    if (value.byteLength >= room) {
      chunks.push(Buffer.from(value.buffer, value.byteOffset, room));
      // More than the bound, or exactly the bound with more to come: either way stop reading here.
      const next = value.byteLength > room ? { done: false } : await reader.read();
      await reader.cancel().catch(() => undefined);
      return { body: Buffer.concat(chunks), cut: !next.done };
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    size += value.byteLength;
  }
}
