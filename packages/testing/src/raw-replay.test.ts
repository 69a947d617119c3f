import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRawResponse, parseRawResponse, rawPieces, replay } from './raw-replay.js';
import { scriptedServers } from './scripted-server.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

const FIXTURE = `# A two-event stream
# shape: made up for this test
HTTP/1.1 200 OK
content-type: text/event-stream
x-request-id: req_1

data: {"n":1}

data: [DONE]

`;

describe('a fixture file', () => {
  it('is notes, a status line, headers and the body verbatim', () => {
    const r = parseRawResponse(FIXTURE);
    expect(r.notes).toEqual(['A two-event stream', 'shape: made up for this test']);
    expect(r.status).toBe(200);
    expect(r.headers).toEqual({ 'content-type': 'text/event-stream', 'x-request-id': 'req_1' });
    expect(r.body).toBe('data: {"n":1}\n\ndata: [DONE]\n\n');
  });

  it('without a status line is an error that says what was expected', () => {
    expect(() => parseRawResponse('# only notes\ndata: {}\n', 'x.http')).toThrow('x.http: expected a status line such as "HTTP/1.1 200 OK" after the notes, got "data: {}"');
  });

  it('is read from disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lug-raw-'));
    writeFileSync(join(dir, 'a.http'), FIXTURE);
    expect(loadRawResponse(join(dir, 'a.http')).status).toBe(200);
  });
});

describe('replay', () => {
  it('sends the response exactly, one event at a time, and records the request as a model request', async () => {
    expect(rawPieces('data: 1\n\ndata: 2\n\n')).toEqual(['data: 1\n\n', 'data: 2\n\n']);
    const s = await servers.start([replay(parseRawResponse(FIXTURE))]);
    const res = await fetch(`${s.openaiBaseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ stream: true }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req_1');
    expect(await res.text()).toBe('data: {"n":1}\n\ndata: [DONE]\n\n');
    expect(s.modelRequests()).toHaveLength(1);
  });

  it('answers an error body with its own status', async () => {
    const s = await servers.start([replay(parseRawResponse('HTTP/1.1 422 Unprocessable Entity\ncontent-type: application/json\n\n{"object":"error"}'))]);
    const res = await fetch(`${s.openaiBaseUrl}/chat/completions`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ object: 'error' });
  });

  it('cuts the connection after the events asked for', async () => {
    const s = await servers.start([replay(parseRawResponse(FIXTURE), { cutAfterEvents: 1 })]);
    const res = await fetch(`${s.openaiBaseUrl}/chat/completions`, { method: 'POST', body: '{}' });
    await expect(res.text()).rejects.toThrow();
  });
});

describe('extra routes', () => {
  it('answer with JSON without using a step, and a function sees the request', async () => {
    const s = await servers.start([], { routes: { 'GET /props': { n_ctx: 8192 }, 'POST /api/show': (r) => ({ asked: r.body.model }) } });
    expect(await (await fetch(`${s.url}/props`)).json()).toEqual({ n_ctx: 8192 });
    expect(await (await fetch(`${s.url}/api/show`, { method: 'POST', body: '{"model":"qwen3"}' })).json()).toEqual({ asked: 'qwen3' });
    expect(s.modelRequests()).toHaveLength(0);
    expect(s.requests.map((r) => r.path)).toEqual(['/props', '/api/show']);
  });
});
