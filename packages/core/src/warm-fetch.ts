/**
 * One whole request through Node's `fetch`, made while lug is idle (the
 * interface calls it while the first prompt is typed), so that the first
 * model request does not run that code cold. Compiling undici is not enough
 * (warmHttpClient): its first request also starts the HTTP/1 client and its
 * parser (llhttp, WebAssembly), the web streams that carry the body and the
 * text decoding, all run for the first time. The interface's first turn
 * spent ~15 ms more of its main thread than later turns on that
 * (packages/tui/bench: main-thread CPU of the first turn 60.7 → 47.4 ms and
 * 68.4 → 48.7 ms in two alternating runs of three, later turns ~25 ms).
 *
 * The request goes to a server of lug's own on the loopback interface, on a
 * port the system picks, which answers this one request with a short
 * event stream (as a model's answer comes) and closes at once. Nothing
 * leaves the machine; a failure only means the first turn runs it cold.
 * `node:http` is loaded here, not with @lug/core: a lug that never warms
 * (the no-key screen, `lug -p`) does not load it.
 */
import type { AddressInfo } from 'node:net';

const EVENT_STREAM = 'event: ping\ndata: {"type":"ping"}\n\n';

/** Resolves once the request and its whole answer went through fetch and the server closed; never rejects. */
export async function warmFetch(): Promise<void> {
  let createServer: typeof import('node:http').createServer;
  try {
    ({ createServer } = await import('node:http'));
  } catch {
    return;
  }
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.end(EVENT_STREAM);
    });
    const done = () => {
      server.closeAllConnections();
      server.close(() => resolve());
    };
    server.on('error', () => resolve());
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      void readAnswer(`http://127.0.0.1:${port}/`).finally(done);
    });
    // Never keeps lug alive.
    server.unref();
  });
}

/** POST a small JSON body as an SDK does, and read the streamed answer to its end. */
async function readAnswer(url: string): Promise<void> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: '{"stream":true}' });
    if (!response.body) return;
    const decoder = new TextDecoder();
    for await (const chunk of response.body) decoder.decode(chunk as Uint8Array, { stream: true });
  } catch {
    // The first turn runs the same code; it reports what fails.
  }
}
