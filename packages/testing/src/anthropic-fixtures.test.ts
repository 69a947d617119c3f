import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANTHROPIC_FIXTURES_DIR, anthropicFixture } from './anthropic-fixtures.js';
import { anthropicStream } from './anthropic-wire.js';
import { parseRawResponse as parseHttpFixture } from './raw-replay.js';
import { raw } from './scenario.js';
import { rawPieces } from './raw-replay.js';
import { scriptedServers } from './scripted-server.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

describe('Anthropic fixtures', () => {
  it('parse into notes, status, headers and the exact body', () => {
    const f = parseHttpFixture('# where from\n# and why\nHTTP/1.1 529 \ncontent-type: application/json\nX-Should-Retry: true\n\n{"a":1}\n');
    expect(f).toEqual({ notes: ['where from', 'and why'], status: 529, headers: { 'content-type': 'application/json', 'x-should-retry': 'true' }, body: '{"a":1}\n' });
  });

  it('say what is wrong with a file that is not one', () => {
    expect(() => parseHttpFixture('# note\n{"a":1}', 'x.http')).toThrow('x.http: expected a status line such as "HTTP/1.1 200 OK" after the notes, got "{\\"a\\":1}"');
  });

  it('each Anthropic fixture says where its shape comes from, and every data line of a stream is an event the API names', () => {
    const names = readdirSync(ANTHROPIC_FIXTURES_DIR).filter((n) => n.endsWith('.http'));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const f = parseHttpFixture(readFileSync(join(ANTHROPIC_FIXTURES_DIR, name), 'utf8'), name);
      expect(f.notes.join(' ').length, name).toBeGreaterThan(40);
      if (!f.headers['content-type']?.startsWith('text/event-stream')) continue;
      for (const m of f.body.matchAll(/^event: (\S+)\ndata: /gm)) expect(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping', 'error'], name).toContain(m[1]);
    }
  });
});

describe('a raw step', () => {
  it('is replayed exactly, an event stream one event at a time', async () => {
    const s = await servers.start([anthropicFixture('thinking-text')]);
    const res = await fetch(`${s.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ stream: true }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('request-id')).toBe('req_fixture_thinking_text');
    const body = parseHttpFixture(readFileSync(join(ANTHROPIC_FIXTURES_DIR, 'thinking-text.http'), 'utf8')).body;
    expect(await res.text()).toBe(body);
  });

  it('replays an error response with its status and headers', async () => {
    const s = await servers.start([anthropicFixture('overloaded-529')]);
    const res = await fetch(`${s.url}/v1/messages`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(529);
    expect(res.headers.get('x-should-retry')).toBe('true');
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
  });

  it('sends a body that is not a stream as JSON by default', () => {
    expect(raw('{"message":"no"}', { status: 400 })).toEqual({ kind: 'raw', response: { status: 400, headers: { 'content-type': 'application/json' }, body: '{"message":"no"}', notes: [] } });
  });
});

describe('anthropicStream', () => {
  it('writes thinking with its signature last, redacted thinking whole, and any stop reason', () => {
    const step = anthropicStream([{ type: 'thinking', thinking: 'hmm', signature: 'sig' }, { type: 'redacted_thinking', data: 'opaque' }, { type: 'text', text: 'no' }], { stop: 'refusal' });
    const events = rawPieces(step.response.body).map((c) => JSON.parse(c.split('\ndata: ')[1]!));
    expect(events.map((e) => e.delta?.type ?? e.content_block?.type ?? e.type)).toEqual([
      'message_start',
      'thinking',
      'thinking_delta',
      'signature_delta',
      'content_block_stop',
      'redacted_thinking',
      'content_block_stop',
      'text',
      'text_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.at(-2).delta.stop_reason).toBe('refusal');
  });
});
