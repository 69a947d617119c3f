// The SDK bundles lug ships (dist/vendor/*.cjs, built with sdk-globals.ts
// injected) against the scripted server's real event streams, each in a fresh
// process: the answer arrives whole, an error answer keeps its status and
// headers, and no request loads undici. Needs the package built.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { httpError, startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const vendor = (name: string) => fileURLToPath(new URL(`../dist/vendor/${name}.cjs`, import.meta.url));

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Runs `body` (CommonJS, `sdk` in scope) in a fresh node; prints its JSON result and whether undici was loaded. */
async function inFreshNode(bundle: string, body: string): Promise<{ result: unknown; undici: boolean }> {
  const script = `const sdk = require(${JSON.stringify(bundle)});
(async () => { let result; try { result = await (async () => { ${body} })(); } catch (err) { result = { rateLimit: err instanceof sdk.RateLimitError, status: err.status, retryAfter: err.headers?.get?.('retry-after'), message: String(err.message) }; }
  process.stdout.write(JSON.stringify({ result, undici: process.moduleLoadList.some((m) => m.includes('undici')) })); })();`;
  const { stdout } = await run(process.execPath, ['-e', script], { encoding: 'utf8' });
  return JSON.parse(stdout) as { result: unknown; undici: boolean };
}

describe('the SDK bundles send their requests without undici', () => {
  it('Anthropic: a streamed answer, then a 429 with its retry-after', async () => {
    server = await startScriptedServer([text('Hello from the stream.'), httpError(429, { retryAfter: 7 })]);
    const client = `const c = new sdk.Anthropic({ apiKey: 'k', baseURL: ${JSON.stringify(server.anthropicBaseUrl)}, maxRetries: 0 });`;
    const ask = `c.messages.create({ model: 'claude-x', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }], stream: true })`;
    const streamed = await inFreshNode(vendor('anthropic-sdk'), `${client} let t = ''; for await (const e of await ${ask}) if (e.type === 'content_block_delta') t += e.delta.text; return t;`);
    expect(streamed).toEqual({ result: 'Hello from the stream.', undici: false });
    const refused = await inFreshNode(vendor('anthropic-sdk'), `${client} await ${ask}; return 'no error';`);
    expect(refused).toMatchObject({ result: { rateLimit: true, status: 429, retryAfter: '7' }, undici: false });
    expect(server.modelRequests()[0]!.headers).toMatchObject({ authorization: 'Bearer k', 'content-type': 'application/json' });
  });

  it('OpenAI: a streamed answer over chat completions', async () => {
    server = await startScriptedServer([text('Hello from the other stream.')]);
    const body = `const c = new sdk.OpenAI({ apiKey: 'k', baseURL: ${JSON.stringify(server.openaiBaseUrl)}, maxRetries: 0 });
      let t = ''; for await (const e of await c.chat.completions.create({ model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }], stream: true })) t += e.choices[0]?.delta?.content ?? ''; return t;`;
    expect(await inFreshNode(vendor('openai'), body)).toEqual({ result: 'Hello from the other stream.', undici: false });
  });

  // Node compiles its web streams at the first look at globalThis.ReadableStream (~4 ms): the SDKs' check of the
  // JSON body (is it a stream?) did that before the request was sent; now the response's body does it, after.
  it.each([
    ['anthropic-sdk', (s: ScriptedServer) => `const c = new sdk.Anthropic({ apiKey: 'k', baseURL: ${JSON.stringify(s.anthropicBaseUrl)}, maxRetries: 0 });
      let t = ''; for await (const e of await c.messages.create({ model: 'claude-x', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }], stream: true })) if (e.type === 'content_block_delta') t += e.delta.text;`],
    ['openai', (s: ScriptedServer) => `const c = new sdk.OpenAI({ apiKey: 'k', baseURL: ${JSON.stringify(s.openaiBaseUrl)}, maxRetries: 0 });
      let t = ''; for await (const e of await c.chat.completions.create({ model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }], stream: true })) t += e.choices[0]?.delta?.content ?? '';`],
  ])('%s: the request goes out before Node loads its web streams, and a stream body is still one', async (bundle, ask) => {
    server = await startScriptedServer([text('Streamed.')]);
    const streams = `process.moduleLoadList.some((m) => m.includes('webstreams/readablestream'))`;
    const body = `const http = require('node:http'); const end = http.ClientRequest.prototype.end; let atSend;
      http.ClientRequest.prototype.end = function (...a) { atSend ??= ${streams}; return end.apply(this, a); };
      ${ask(server)}
      const stream = new ReadableStream({ start(c) { c.close(); } });
      return { text: t, streamsAtSend: atSend, streamsAfter: ${streams}, isStream: c.isStreamBody?.(stream) ?? true, plainIsStream: c.isStreamBody?.({ a: 1 }) ?? false };`;
    expect(await inFreshNode(vendor(bundle), body)).toEqual({ result: { text: 'Streamed.', streamsAtSend: false, streamsAfter: true, isStream: true, plainIsStream: false }, undici: false });
  });
});
