/**
 * Requests made while lug is idle (the interface makes them while the first
 * prompt is typed), so that the first model request does not run cold the
 * code every request runs. Compiling undici is not enough:
 * its first request also starts the HTTP/1 client and its
 * parser (llhttp, WebAssembly), the web streams that carry the body and the
 * text decoding, all run for the first time. The interface's first turn
 * spent ~15 ms more of its main thread than later turns on that
 * (packages/tui/bench: main-thread CPU of the first turn 60.7 → 47.4 ms and
 * 68.4 → 48.7 ms in two alternating runs of three, later turns ~25 ms).
 * A provider goes further with `answerOnLoopback`: its `warm()` sends one
 * request through its own SDK and reads the answer as a model's.
 *
 * The request goes to a server of lug's own on the loopback interface, on a
 * port the system picks, which answers this one request with the answer
 * given (an event stream, as a model's answer comes) and closes at once.
 * Nothing leaves the machine; a failure only means the first turn runs it
 * cold. `node:http` is loaded here, not with @lug/core: a lug that never
 * warms (the no-key screen, `lug -p`) does not load it.
 */
import type { AddressInfo } from 'node:net';
import type { ModelRequest } from './provider.js';

/** What the loopback server answers: a body of a content type, status 200. */
export interface LoopbackAnswer {
  contentType: string;
  body: string;
}

/** One Server-Sent Event: `data` as JSON (a string as it is), under `event` when given. */
export function sseEvent(data: object | string, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** An answer of event-stream frames, as a model's answer comes. */
export const eventStream = (...frames: string[]): LoopbackAnswer => ({ contentType: 'text/event-stream', body: frames.join('') });

/**
 * The request a provider's `warm()` sends: a little of everything a turn's
 * holds (a system prompt, a prompt, a tool with a schema), for `model`.
 */
export function warmUpRequest(model: string): ModelRequest {
  return {
    model,
    system: 'warm-up',
    messages: [{ role: 'user', content: 'warm-up' }],
    tools: [{ name: 'warm_up', description: 'warm-up', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }],
    maxTokens: 16,
  };
}

const PING_STREAM = eventStream(sseEvent({ type: 'ping' }, 'ping'));

/**
 * Serve `answer` on 127.0.0.1, on a port the system picks, while
 * `use(baseUrl)` runs; then close the server and every connection to it.
 * Resolves once both are done; never rejects (`use` failing only ends it).
 */
export async function answerOnLoopback(answer: LoopbackAnswer, use: (baseUrl: string) => Promise<void>): Promise<void> {
  let createServer: typeof import('node:http').createServer;
  try {
    ({ createServer } = await import('node:http'));
  } catch {
    return;
  }
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': answer.contentType, 'cache-control': 'no-cache' });
      res.end(answer.body);
    });
    const done = () => {
      server.closeAllConnections();
      server.close(() => resolve());
    };
    server.on('error', () => resolve());
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      use(`http://127.0.0.1:${port}`).then(done, done);
    });
    // Never keeps lug alive.
    server.unref();
  });
}

/** One request through Node's `fetch` (for a provider without `warm`): resolves once its whole answer was read; never rejects. */
export function warmFetch(): Promise<void> {
  return answerOnLoopback(PING_STREAM, (baseUrl) => readAnswer(`${baseUrl}/`));
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
