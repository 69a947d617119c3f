import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowAll, createHost, loadPlugin, parseArgs } from '@lug/core';
import { describeTool, runTool } from '@lug/testing';
import { followable } from './fetch-bounded.js';
import plugin, { MAX_BODY_BYTES, webFetchTool } from './index.js';
import { startTestServer, type TestServer } from './test-server.js';

const PAGE = `<!doctype html><html><head><title>The &amp; page</title><style>body{color:red}</style><script>alert("x")</script></head>
<body><h1>Hello</h1><p>Some <strong>bold</strong> text and <a href="/next">a link</a>.</p><ul><li>one</li><li>two</li></ul>
<pre><code>let x = 1;</code></pre><script>track()</script></body></html>`;

let server: TestServer;
/** Another origin (another port): what a redirect off the site asked for would reach. */
let other: TestServer;
/** Requests `other` has answered. */
let otherHits = 0;
/** Bytes the endless route managed to write before the client hung up. */
let hugeWritten = 0;
let hugeClosed: Promise<void>;

beforeAll(async () => {
  let closed!: () => void;
  hugeClosed = new Promise((r) => (closed = r));
  other = await startTestServer({
    '/secret': (_req, res) => {
      otherHits++;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('internal only');
    },
  });
  server = await startTestServer({
    '/away': (_req, res) => res.writeHead(302, { location: other.url('/secret') }).end(),
    // The same port on another host name: another origin too.
    '/away-host': (req, res) => res.writeHead(301, { location: `http://localhost:${req.socket.localPort}/page` }).end(),
    '/moved-then-away': (_req, res) => res.writeHead(307, { location: '/away' }).end(),
    '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
    '/moved': (_req, res) => res.writeHead(302, { location: '/page' }).end(),
    '/loop': (_req, res) => res.writeHead(301, { location: '/loop' }).end(),
    '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    '/data.json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"a": [1, 2]}'),
    '/image.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])),
    '/latin1': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
    '/silent': () => undefined,
    '/huge': (_req, res) => {
      // An endless HTML body: the tool must stop reading at its bound and hang up.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.from(`<p>${'word '.repeat(2000)}</p>\n`);
      const write = () => {
        while (!res.destroyed && res.write(chunk)) hugeWritten += chunk.length;
        if (!res.destroyed) res.once('drain', write);
      };
      res.on('close', closed);
      write();
    },
  });
});
afterAll(() => Promise.all([server.close(), other.close()]));

describe('the web_fetch tool', () => {
  it('turns an HTML page into Markdown, without its scripts and styles', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/page') });
    expect(r.isError).toBe(false);
    expect(r.content).toContain(`${server.url('/page')}\nHTTP 200 OK · text/html`);
    expect(r.content).toContain('title: The & page');
    expect(r.content).toContain('# Hello\n\nSome **bold** text and [a link](/next).');
    expect(r.content).toMatch(/-\s+one\n-\s+two/);
    expect(r.content).toContain('```\nlet x = 1;\n```');
    expect(r.content).not.toMatch(/alert|track\(\)|color:red/);
    expect(r.content.split('\n\n')[1]).toBe('# Hello');
  });

  it('follows a redirect and says where it came from', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/moved') });
    expect(r.content).toContain(`${server.url('/page')}\nHTTP 200`);
    expect(r.content).toContain(`redirected from ${server.url('/moved')}`);
    expect(r.content).toContain('# Hello');
  });

  it('does not follow a redirect to another site: it says where it points, and that site is never asked', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/away') });
    expect(r.isError).toBe(false);
    expect(r.content).toBe(
      `${server.url('/away')}\nHTTP 302 Found · a redirect to another site, not followed\n\n` +
        `${server.url('/away')} redirects to ${other.url('/secret')} (${new URL(other.url('/')).origin}). ` +
        `web_fetch follows redirects only within the site it was asked for; to read that page, fetch "${other.url('/secret')}".`,
    );
    expect(otherHits).toBe(0);
    // Fetched as a call of its own (asked for like any other), it is read.
    expect((await runTool(webFetchTool, { url: other.url('/secret') })).content).toContain('internal only');
  });

  it('does not follow a redirect to another host name on the same port, nor one after a redirect within the site', async () => {
    const host = await runTool(webFetchTool, { url: server.url('/away-host') });
    expect(host.content).toContain(`redirects to http://localhost:${new URL(server.url('/')).port}/page`);
    expect(host.content).not.toContain('# Hello');
    const hits = otherHits;
    const twice = await runTool(webFetchTool, { url: server.url('/moved-then-away') });
    expect(twice.content).toContain(`${server.url('/away')}\nHTTP 302 Found · a redirect to another site, not followed\nredirected from ${server.url('/moved-then-away')}`);
    expect(otherHits).toBe(hits);
  });

  it('follows a redirect on the same origin, or from http to https on the same host and default ports, and nothing else', () => {
    const ok = (a: string, b: string) => followable(new URL(a), new URL(b));
    expect(ok('https://docs.example.com/a', 'https://docs.example.com/b?x=1')).toBe(true);
    expect(ok('http://docs.example.com/a', 'https://docs.example.com/a')).toBe(true);
    expect(ok('https://docs.example.com/a', 'http://docs.example.com/a')).toBe(false);
    expect(ok('https://docs.example.com/a', 'https://evil.example.com/a')).toBe(false);
    expect(ok('https://docs.example.com/a', 'https://docs.example.com:8443/a')).toBe(false);
    expect(ok('http://docs.example.com:8080/a', 'https://docs.example.com:8443/a')).toBe(false);
    expect(ok('https://docs.example.com/a', 'http://169.254.169.254/latest/meta-data/')).toBe(false);
  });

  it('gives up after 5 redirects', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/loop') });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('more than 5 redirects');
  });

  it('refuses a redirect to anything but http or https', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/to-file') });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('only http and https URLs can be fetched, got file');
    expect(r.content).toContain('a redirect from');
  });

  it.each([
    ['file:///etc/passwd', 'only http and https URLs can be fetched, got file: "file:///etc/passwd"'],
    ['ftp://example.com/x', 'only http and https URLs can be fetched, got ftp'],
    ['not a url', 'url is not a valid URL: "not a url"'],
    ['', 'url must be an http or https URL'],
  ])('refuses %j with a clear error', async (url, message) => {
    const r = await runTool(webFetchTool, { url });
    expect(r.isError).toBe(true);
    expect(r.content).toContain(message);
  });

  it('stops reading a huge body at its bound and keeps to the output cap, saying what was cut', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/huge') });
    await hugeClosed;
    expect(r.isError).toBe(false);
    expect(Buffer.byteLength(r.content)).toBeLessThanOrEqual(30_000);
    expect(r.content).toContain(`only the first ${MAX_BODY_BYTES} bytes of the body were read`);
    expect(r.content).toMatch(/\[output cut: [\d,]+ of [\d,]+ bytes not shown after this point; fetch a more specific URL for the rest\]$/);
    // The server could not have written much more than the bound plus what the sockets buffer.
    expect(hugeWritten).toBeLessThan(MAX_BODY_BYTES * 4);
  });

  it('returns other text as it is, in its charset', async () => {
    expect((await runTool(webFetchTool, { url: server.url('/data.json') })).content).toMatch(/application\/json · 13 bytes\n\n\{"a": \[1, 2\]\}$/);
    expect((await runTool(webFetchTool, { url: server.url('/latin1') })).content).toMatch(/\n\ncafé$/);
  });

  it('refuses a binary type, naming it', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/image.png') });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('answered with image/png (7 bytes), which is not text');
  });

  it('returns a 404 as an error with the page it sent', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/missing') });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('HTTP 404 Not Found · text/html');
    expect(r.content).toContain('# 404\n\nNo such page.');
  });

  it('gives up when the server does not answer within timeout_secs', async () => {
    const r = await runTool(webFetchTool, { url: server.url('/silent'), timeout_secs: 1 });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('no complete answer from http://127.0.0.1');
    expect(r.content).toContain('within 1 s');
  });

  it('stops when the turn is cancelled', async () => {
    const turn = new AbortController();
    const run = runTool(webFetchTool, { url: server.url('/silent') }, { signal: turn.signal });
    setTimeout(() => turn.abort(), 50);
    const r = await run;
    expect(r.isError).toBe(true);
    expect(r.content).toContain('the fetch was cancelled');
  });

  it('says when a server cannot be reached', async () => {
    const gone = await startTestServer({});
    const url = gone.url('/');
    await gone.close();
    const r = await runTool(webFetchTool, { url });
    expect(r.isError).toBe(true);
    expect(r.content).toContain(`could not fetch ${url}: ECONNREFUSED`);
  });
});

describe('the web-fetch plugin', () => {
  it('loads through the public plugin contract, asking by default', async () => {
    const host = createHost({ cwd: process.cwd(), authorize: allowAll });
    await loadPlugin(host, { default: plugin }, '@lug/plugin-web-fetch');
    expect(host.tools.get('web_fetch')).toMatchObject({ name: 'web_fetch', ask: true, keep: 'start' });
    expect(host.tools.source('web_fetch')).toBe('web-fetch');
  });

  it('describes a call as a fetch of its URL', () => {
    expect(describeTool(webFetchTool, { url: 'https://example.com/a b' })).toMatchObject({ title: 'https://example.com/a%20b', kind: 'fetch' });
  });

  it('checks its arguments', () => {
    expect(() => parseArgs('{"url": 3}', webFetchTool.parameters)).toThrow(/url must be a string/);
    expect(() => parseArgs('{"url": "x", "timeout_secs": 0}', webFetchTool.parameters)).toThrow(/timeout_secs/);
    expect(() => parseArgs('{"url": "x", "method": "POST"}', webFetchTool.parameters)).toThrow(/method is not an argument/);
  });
});
