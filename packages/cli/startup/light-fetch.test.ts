import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { lightAgent } from './light-agents.js';
import { lightFetch } from './light-fetch.js';
import { LightHeaders } from './light-headers.js';

/** lightFetch's pools, as its requests find them. */
const lightAgents = { http: await lightAgent('http:'), https: await lightAgent('https:') };

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A real HTTP server on the loopback; each request is recorded, then answered by `answer`. */
async function serve(answer: (req: Seen, res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const one = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(one);
      answer(one, res);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const reason = async (p: Promise<unknown>) => p.then(() => undefined, (err: Error & { cause?: Error }) => err);

describe('lightFetch', () => {
  it('sends a JSON POST as fetch does (length, given headers) and reads the answer', async () => {
    const { url, seen } = await serve((_req, res) => res.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-twice': ['a', 'b'] }).end('{"ok":true}'));
    const res = await lightFetch(`${url}/v1/messages?beta=true`, { method: 'post', headers: { 'Content-Type': 'application/json', 'x-api-key': 'k' }, body: '{"é":1}' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/messages?beta=true', body: '{"é":1}' });
    expect(seen[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'x-api-key': 'k', 'content-length': '8', accept: '*/*' });
    expect(seen[0]!.headers['transfer-encoding']).toBeUndefined();
    expect([res.status, res.statusText, res.ok, res.url]).toEqual([201, 'Made', true, `${url}/v1/messages?beta=true`]);
    expect(res.headers.get('X-Twice')).toBe('a, b');
    expect(await res.json()).toEqual({ ok: true });
    expect(res.bodyUsed).toBe(true);
    await expect(res.text()).rejects.toThrow(/already been read/);
  });

  it('streams a body at the reader’s pace, chunk by chunk as the server sends it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      void held.then(() => res.end('data: two\n\n'));
    });
    const res = await lightFetch(url, { method: 'POST', body: '{}' });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    release();
    const second = await reader.read();
    expect(new TextDecoder().decode(second.value)).toBe('data: two\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('waits out a server silent for longer than the agent’s idle timeout, before the headers and within the body', async () => {
    // lightFetch's agents close idle sockets after 5 s (options.timeout), as Node's global ones; a request in flight must not be cut by it
    // (a local model may take longer than that to read a long prompt). The same mechanism, at 100 ms.
    const { url } = await serve((_req, res) => {
      setTimeout(() => {
        res.writeHead(200).write('slow ');
        setTimeout(() => res.end('but whole'), 300);
      }, 300);
    });
    const options = (lightAgents.http as unknown as { options: { timeout?: number } }).options;
    const before = options.timeout;
    options.timeout = 100;
    try {
      expect(await (await lightFetch(url, { method: 'POST', body: 'x' })).text()).toBe('slow but whole');
    } finally {
      options.timeout = before;
    }
  });

  it('gives an error answer whole: status, headers, body', async () => {
    const { url } = await serve((_req, res) => res.writeHead(429, { 'retry-after': '3', 'content-type': 'application/json' }).end('{"type":"error"}'));
    const res = await lightFetch(url, { method: 'POST', body: 'x' });
    expect([res.status, res.ok, res.headers.get('retry-after'), await res.text()]).toEqual([429, false, '3', '{"type":"error"}']);
  });

  it('fails to connect as undici does: TypeError "fetch failed" with the cause', async () => {
    const { url } = await serve(() => {});
    await new Promise((r) => servers.pop()!.close(r));
    const err = await reason(lightFetch(url, { method: 'POST', body: 'x' }));
    expect(err).toBeInstanceOf(TypeError);
    expect(err?.message).toBe('fetch failed');
    expect(err?.cause?.message).toMatch(/ECONNREFUSED/);
  });

  it('rejects with the signal’s reason when aborted before the answer, and the server sees the connection go', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((r) => (closed = r));
    const { url } = await serve((_req, res) => res.on('close', closed));
    const controller = new AbortController();
    const pending = lightFetch(url, { method: 'POST', body: 'x', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const err = await reason(pending);
    expect(err?.name).toBe('AbortError');
    await gone;
    const already = new AbortController();
    already.abort(new Error('mine'));
    expect((await reason(lightFetch(url, { signal: already.signal })))?.message).toBe('mine');
  });

  it('errors the body with the abort reason when aborted while reading', async () => {
    const { url } = await serve((_req, res) => res.writeHead(200).write('part'));
    const controller = new AbortController();
    const res = await lightFetch(url, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    expect((await reason(reader.read()))?.name).toBe('AbortError');
  });

  it('errors the body with TypeError "terminated" when the server cuts it short', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only this');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const res = await lightFetch(url);
    const err = await reason(res.text());
    expect(err).toBeInstanceOf(TypeError);
    expect(err?.message).toBe('terminated');
  });

  it('decompresses a body the server compressed unasked', async () => {
    const { url } = await serve((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('squeezed')));
    expect(await (await lightFetch(url)).text()).toBe('squeezed');
  });

  it('has no body for HEAD and 204, as fetch', async () => {
    const { url } = await serve((req, res) => res.writeHead(req.method === 'HEAD' ? 200 : 204).end());
    expect((await lightFetch(url, { method: 'HEAD' })).body).toBeNull();
    const empty = await lightFetch(url, { method: 'DELETE' });
    expect([empty.status, empty.body, await empty.text()]).toEqual([204, null, '']);
  });

  it('clones: both responses read the same bytes', async () => {
    const { url } = await serve((_req, res) => res.end('twice'));
    const res = await lightFetch(url);
    const copy = res.clone();
    expect([await res.text(), await copy.text()]).toEqual(['twice', 'twice']);
  });

  it('leaves a redirect to the global fetch, which follows it as the standard says', async () => {
    const target = await serve((req, res) => res.end(`landed ${req.method} ${req.body} ${req.headers['x-kept']}`));
    const { url, seen } = await serve((_req, res) => res.writeHead(307, { location: `${target.url}/there` }).end());
    // The SDKs' headers are LightHeaders: the global fetch takes them as the pairs they iterate.
    const res = await lightFetch(url, { method: 'POST', body: 'kept', headers: new LightHeaders({ 'X-Kept': 'yes' }) as unknown as Headers });
    expect([res.status, await res.text(), res.url]).toEqual([200, 'landed POST kept yes', `${target.url}/there`]);
    expect(seen).toHaveLength(2); // once here, once by the global fetch
  });

  it('leaves what is not a plain request to the global fetch', async () => {
    const { url, seen } = await serve((req, res) => res.end(req.body));
    const viaRequest = await lightFetch(new Request(url, { method: 'POST', body: 'from a Request' }));
    expect(await viaRequest.text()).toBe('from a Request');
    const streamed = await lightFetch(url, { method: 'POST', body: new Blob(['a blob']) });
    expect(await streamed.text()).toBe('a blob');
    expect(viaRequest).toBeInstanceOf(Response);
    expect(seen).toHaveLength(2);
  });

  describe('over https', () => {
    const cert = fixture('loopback-cert.pem');

    async function serveTls(): Promise<string> {
      const server = createTlsServer({ cert, key: fixture('loopback-key.pem') }, (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${req.method} ${Buffer.concat(chunks).toString()}\n\n`));
      });
      servers.push(server as unknown as Server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }

    it('sends and streams through TLS when the certificate is trusted', async () => {
      const url = await serveTls();
      const before = (lightAgents.https.options as { ca?: unknown }).ca;
      (lightAgents.https.options as { ca?: unknown }).ca = cert;
      try {
        const res = await lightFetch(url, { method: 'POST', body: 'secret' });
        expect([res.status, await res.text()]).toEqual([200, 'data: POST secret\n\n']);
      } finally {
        (lightAgents.https.options as { ca?: unknown }).ca = before;
        lightAgents.https.destroy();
      }
    });

    it('refuses a certificate it cannot trust, as fetch does: "fetch failed" with the TLS error as cause', async () => {
      const url = await serveTls();
      const err = await reason(lightFetch(url, { method: 'POST', body: 'secret' }));
      expect(err?.message).toBe('fetch failed');
      expect(err?.cause?.message).toMatch(/self[- ]signed certificate/i);
    });
  });
});
