/**
 * `fetch` over `node:http` and `node:https`, for the requests the model SDKs
 * send (sdk-globals.ts hands it to their bundles where they name `fetch`).
 *
 * Why: Node 20's `fetch` is undici, compiled at its first use: the global
 * `Headers` ~25 ms, the first request ~35 ms more (its HTTP client, llhttp's
 * WebAssembly), most of what `lug -p` spent above `node -e 0` before its first
 * request reached the server. `node:http` does the same request in ~15 ms
 * (startup/README.md has the measurement).
 *
 * Only a plain request takes this path: a URL (string or `URL`) over http or
 * https, a body that is absent, a string or bytes, and no option but
 * `method`, `headers`, `body`, `signal` and `redirect: 'follow'`. Anything
 * else (a `Request`, a streamed body, a `dispatcher`, …) goes to the global
 * `fetch` unchanged, and so does a request answered by a redirect: undici
 * sends it again and follows the redirect as the standard says (who may see
 * which headers), so lug never decides that itself.
 *
 * What the caller sees is what `fetch` gives where the SDKs look: a response
 * with `status`, `statusText`, `ok`, `headers` (light-headers.ts), `url`, a
 * web `ReadableStream` body that keeps to the reader's pace, `text()`,
 * `json()`, `arrayBuffer()`, `blob()` and `clone()`; a failure to connect is
 * a `TypeError('fetch failed')` with the cause, an abort rejects (or errors
 * the body) with the signal's reason, a body cut short errors with
 * `TypeError('terminated')`, as undici's do. A compressed body (lug asks for
 * none) is decompressed.
 */
import type { IncomingMessage } from 'node:http';
import { lightAgent, preconnect } from './light-agents.js';
import { LightHeaders, type LightHeadersInit } from './light-headers.js';
import { LightResponse } from './light-response.js';

/** The options a plain request may carry; any other goes to the global fetch. */
const PLAIN_OPTIONS = new Set(['method', 'headers', 'body', 'signal', 'redirect']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose response has no body, whatever the server sends. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

interface PlainRequest {
  url: URL;
  method: string;
  headers: LightHeaders;
  body: Uint8Array | undefined;
  signal: AbortSignal | undefined;
}

function bodyBytes(body: unknown): Uint8Array | undefined | false {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return false;
}

/** The request as lug sends it itself, or undefined when the global fetch must take it. */
function plainRequest(input: unknown, init: RequestInit): PlainRequest | undefined {
  if (typeof input !== 'string' && !(input instanceof URL)) return undefined;
  if (Object.keys(init).some((key) => !PLAIN_OPTIONS.has(key) && (init as Record<string, unknown>)[key] !== undefined)) return undefined;
  if (init.redirect !== undefined && init.redirect !== 'follow') return undefined;
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    return undefined; // the global fetch says what is wrong with it
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
  const body = bodyBytes(init.body);
  if (body === false) return undefined;
  const method = (init.method ?? 'GET').toUpperCase();
  if (body && (method === 'GET' || method === 'HEAD')) return undefined;
  const headers = new LightHeaders(init.headers as LightHeadersInit | undefined);
  if (!headers.has('accept')) headers.set('accept', '*/*');
  if (!headers.has('user-agent')) headers.set('user-agent', 'node');
  if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
  if (body || method === 'POST' || method === 'PUT') headers.set('content-length', String(body?.byteLength ?? 0));
  return { url, method, headers, body, signal: init.signal ?? undefined };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** The response's body, decompressed when the server compressed it. */
async function decoded(res: IncomingMessage): Promise<NodeJS.ReadableStream & IncomingMessage> {
  const encoding = res.headers['content-encoding']?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return res;
  const zlib = await import('node:zlib');
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  res.on('error', (err) => decoder.destroy(err));
  return res.pipe(decoder) as unknown as NodeJS.ReadableStream & IncomingMessage;
}

/** A web stream of the response's bytes, read at the reader's pace; errors as undici's body errors. */
function bodyStream(source: NodeJS.ReadableStream, res: IncomingMessage, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (err: unknown) => {
          if (done) return;
          done = true;
          controller.error(err);
          res.destroy();
        };
        source.on('data', (chunk: Buffer) => {
          if (done) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) source.pause();
        });
        source.on('end', () => {
          if (done) return;
          done = true;
          controller.close();
        });
        source.on('error', (err: Error) => fail(signal?.aborted ? abortReason(signal) : new TypeError('terminated', { cause: err })));
        res.on('aborted', () => fail(signal?.aborted ? abortReason(signal) : new TypeError('terminated', { cause: new Error('the server closed the connection before the body ended') })));
        res.on('close', () => {
          if (!res.complete) fail(signal?.aborted ? abortReason(signal) : new TypeError('terminated', { cause: new Error('the connection closed before the body ended') }));
        });
        signal?.addEventListener('abort', () => fail(abortReason(signal)), { once: true });
      },
      pull() {
        source.resume();
      },
      cancel() {
        done = true;
        res.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}

/** `fetch(input, init)`, over node:http for a plain request (see above), else the global fetch. */
export async function lightFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const request = plainRequest(input, init ?? {});
  if (!request) return globalThis.fetch(input, init);
  const { url, method, headers, body, signal } = request;
  if (signal?.aborted) throw abortReason(signal);
  const { request: send } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const agent = await lightAgent(url.protocol as 'http:' | 'https:');
  const outgoing: Record<string, string | string[]> = {};
  for (const [name, value] of headers) {
    const had = outgoing[name];
    outgoing[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(url, { method, headers: outgoing, agent });
    const onAbort = () => {
      reject(abortReason(signal!));
      req.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: err }));
    });
    req.on('response', (answer) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(answer);
    });
    req.end(body);
  });
  if (REDIRECTS.has(res.statusCode ?? 0) && res.headers.location !== undefined) {
    res.resume();
    return globalThis.fetch(input, init);
  }
  const responseHeaders = new LightHeaders();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
    } catch {
      // a header the standard cannot hold is left out, as undici leaves it
    }
  }
  const status = res.statusCode ?? 0;
  const hasBody = method !== 'HEAD' && !NULL_BODY.has(status);
  if (!hasBody) res.resume();
  const stream = hasBody ? bodyStream(await decoded(res), res, signal) : null;
  return new LightResponse(stream, { status, statusText: res.statusMessage ?? '', headers: responseHeaders, url: url.href }) as unknown as Response;
}

/**
 * A connection opened ahead for lightFetch's next request to a URL's host
 * (light-agents.ts), under the registry symbol @lug/core's preconnectThrough
 * looks for on an SDK's fetch (a symbol, not an import: the SDK bundles this
 * file is injected into load nothing of lug's).
 */
Object.defineProperty(lightFetch, Symbol.for('lug.fetch.preconnect'), { value: preconnect });
