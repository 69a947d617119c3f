/**
 * The requests a scripted server received, as it records them: read whole,
 * the body parsed as JSON when it is JSON, the wire format told by the path,
 * kept in order, and waited for by a test that drives a client running on its
 * own.
 */
import type http from 'node:http';
import type { RecordedRequest } from './scenario.js';

function formatOf(path: string): RecordedRequest['format'] {
  if (path === '/v1/messages') return 'anthropic';
  if (path === '/v1/chat/completions' || path === '/chat/completions') return 'openai';
  if (path === '/v1/responses' || path === '/responses') return 'openai-responses';
  return 'other';
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function headersOf(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export interface RequestLog {
  /** Every request received, in order, model requests or not. */
  readonly requests: RecordedRequest[];
  /** The model requests only, in order. */
  modelRequests(): RecordedRequest[];
  /** Resolve once `count` model requests have arrived, or reject after `timeoutMs` saying how many came. */
  waitForModelRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** Read a request whole and keep it (marked disconnected if its client goes before the answer is complete). */
  record(req: http.IncomingMessage, res: http.ServerResponse): Promise<RecordedRequest>;
}

export function requestLog(): RequestLog {
  const requests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  const modelRequests = () => requests.filter((r) => r.format !== 'other');

  function waitForModelRequests(count: number, timeoutMs = 10_000): Promise<RecordedRequest[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const got = modelRequests();
        if (got.length < count) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(got.slice(0, count));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`scripted server: waited ${timeoutMs} ms for ${count} model request(s), got ${modelRequests().length}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  async function record(req: http.IncomingMessage, res: http.ServerResponse): Promise<RecordedRequest> {
    const raw = await readBody(req);
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const request: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      path,
      query,
      headers: headersOf(req),
      body: parseBody(raw),
      format: formatOf(path),
      disconnected: false,
      receivedAt: Date.now(),
    };
    requests.push(request);
    for (const check of [...waiters]) check();
    res.on('close', () => {
      if (!res.writableFinished) request.disconnected = true;
    });
    return request;
  }

  return { requests, modelRequests, waitForModelRequests, record };
}
