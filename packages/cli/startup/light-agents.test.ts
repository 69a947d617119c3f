/**
 * Connections opened ahead (light-agents.ts), against real servers on the
 * loopback: the request takes the connection opened for it, over http and
 * https; one left unused is closed; one the server closed is not taken; a
 * host that refuses leaves only the request's own error.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECONNECT, preconnectThrough } from '@lug/core';
import { pollUntil } from '@lug/testing';
import { lightAgent, preconnect } from './light-agents.js';
import { lightFetch } from './light-fetch.js';

/** lightFetch's pools, as its requests find them. */
const lightAgents = { http: await lightAgent('http:'), https: await lightAgent('https:') };

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const cert = fixture('loopback-cert.pem');

interface Served {
  url: string;
  /** Every connection the server accepted, in order. */
  connections: Socket[];
  /** The connection each request came on. */
  requests: Socket[];
  /** While true, answers wait for release(). */
  hold: boolean;
  release(): void;
}

const servers: Server[] = [];
afterEach(async () => {
  lightAgents.http.destroy();
  lightAgents.https.destroy();
  lightAgents.http.ttlMs = lightAgents.https.ttlMs = 20_000;
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});

async function serve(tls = false): Promise<Served> {
  const held: Array<() => void> = [];
  const served: Served = { url: '', connections: [], requests: [], hold: false, release: () => held.splice(0).forEach((f) => f()) };
  const answer = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    served.requests.push(req.socket);
    req.resume();
    const send = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    req.on('end', () => (served.hold ? held.push(send) : send()));
  };
  const server = (tls ? createTlsServer({ cert, key: fixture('loopback-key.pem') }, answer) : createServer(answer)) as Server;
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => served.connections.push(socket));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  served.url = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return served;
}

// Generous: a whole test run on two cores once kept a loopback connect from being seen within 2 s.
const until = (check: () => boolean) => pollUntil(check, 10_000, 5);

describe('a connection opened ahead', () => {
  it('is the one the next request to that host goes on, and only one is opened however often it is asked for', async () => {
    const s = await serve();
    preconnect(`${s.url}/v1/messages`);
    preconnect(s.url);
    expect(await until(() => s.connections.length === 1)).toBe(true);
    const res = await lightFetch(`${s.url}/v1/messages`, { method: 'POST', body: 'x' });
    expect(await res.text()).toBe('ok');
    expect(s.connections).toHaveLength(1);
    expect(s.requests).toEqual([s.connections[0]]);
  });

  it('is taken over https too, its TLS handshake done before the request', async () => {
    const s = await serve(true);
    (lightAgents.https.options as { ca?: unknown }).ca = cert;
    try {
      preconnect(s.url);
      expect(await until(() => s.connections.length === 1)).toBe(true);
      const res = await lightFetch(s.url, { method: 'POST', body: 'x' });
      expect(await res.text()).toBe('ok');
      expect(s.connections).toHaveLength(1);
      expect(s.requests).toEqual([s.connections[0]]);
    } finally {
      delete (lightAgents.https.options as { ca?: unknown }).ca;
    }
  });

  it('is closed when no request comes for it in time', async () => {
    const s = await serve();
    lightAgents.http.ttlMs = 50;
    preconnect(s.url);
    expect(await until(() => s.connections.length === 1)).toBe(true);
    expect(await until(() => s.connections[0]!.destroyed || s.connections[0]!.readableEnded)).toBe(true);
    expect(lightAgents.http.ahead.size).toBe(0);
    // The request then connects as any other.
    expect(await (await lightFetch(s.url, { method: 'POST', body: 'x' })).text()).toBe('ok');
    expect(s.connections).toHaveLength(2);
  });

  it('is not taken once the server has closed it: the request opens its own', async () => {
    const s = await serve();
    preconnect(s.url);
    expect(await until(() => s.connections.length === 1)).toBe(true);
    s.connections[0]!.destroy();
    expect(await until(() => lightAgents.http.ahead.size === 0)).toBe(true);
    expect(await (await lightFetch(s.url, { method: 'POST', body: 'x' })).text()).toBe('ok');
    expect(s.requests).toEqual([s.connections[1]]);
  });

  it('to a host that refuses leaves no error of its own: the request fails as it would have', async () => {
    const s = await serve();
    const url = s.url;
    await new Promise((r) => servers.pop()!.close(r));
    preconnect(url);
    expect(await until(() => lightAgents.http.ahead.size === 0)).toBe(true);
    const err = await lightFetch(url, { method: 'POST', body: 'x' }).then(() => undefined, (e: Error & { cause?: { code?: string } }) => e);
    expect(err?.message).toBe('fetch failed');
    expect(err?.cause?.code).toBe('ECONNREFUSED');
  });

  it('is what @lug/core asks lightFetch for (preconnectThrough), and nothing else is asked of another fetch', async () => {
    const s = await serve();
    expect(typeof (lightFetch as unknown as Record<symbol, unknown>)[PRECONNECT]).toBe('function');
    preconnectThrough(lightFetch, s.url);
    expect(await until(() => s.connections.length === 1)).toBe(true);
    expect(() => preconnectThrough(globalThis.fetch, s.url)).not.toThrow();
    expect(() => preconnectThrough(undefined, s.url)).not.toThrow();
    expect(() => preconnect('not a url')).not.toThrow();
    expect(() => preconnect('ftp://127.0.0.1/')).not.toThrow();
  });

  it('holds no process open while it waits, and is held as any connection once a request takes it', async () => {
    const s = await serve();
    preconnect(s.url);
    expect(await until(() => s.connections.length === 1)).toBe(true);
    const [waiting] = [...lightAgents.http.ahead.values()];
    // A socket's own handle says whether it holds the event loop (Node keeps no public accessor for it).
    const holds = (socket: Socket) => (socket as unknown as { _handle: { hasRef(): boolean } })._handle.hasRef();
    expect(holds(waiting!.socket)).toBe(false);
    expect(waiting!.timer.hasRef()).toBe(false);
    // While the request is out (the server holds its answer), the process waits for it.
    s.hold = true;
    const res = lightFetch(s.url, { method: 'POST', body: 'x' });
    expect(await until(() => s.requests.length === 1)).toBe(true);
    expect(s.requests).toEqual([s.connections[0]]);
    expect(holds(waiting!.socket)).toBe(true);
    s.release();
    expect(await (await res).text()).toBe('ok');
  });
});
