/** Nothing is lost on disk: a compaction is a record, and a resumed session goes on from the compacted state. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedProvider } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { COMPACTION_SYSTEM } from './compaction-prompt.js';
import { createHost } from './host.js';
import type { ModelRequest, ProviderEvent } from './provider.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';

async function* model(request: ModelRequest): AsyncIterable<ProviderEvent> {
  yield { type: 'text_delta', text: request.system === COMPACTION_SYSTEM ? '## Goal\nShip the parser.' : `answer ${request.messages.length}` };
  yield { type: 'usage', usage: { inputTokens: 100, outputTokens: 5 } };
  yield { type: 'stop', reason: 'end_turn' };
}

function lug(cwd: string, store: SessionStore, resume?: string) {
  const host = createHost({ cwd, env: {}, authorize: allowAll });
  const provider = scriptedProvider([], { afterScript: model });
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m');
  host.options.set('keep_turns', 1);
  if (!resume) return { provider, session: new Session(host, { store }) };
  const stored = store.load(resume);
  return { provider, session: new Session(host, { store, id: resume, messages: stored.messages, usage: stored.usage, compaction: stored.compaction }) };
}

describe('a compacted session on disk', () => {
  it('continues from the compacted state, and the file still holds every original message', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'lug-compact-resume-'));
    const store = new SessionStore(join(cwd, 'sessions'));
    const first = lug(cwd, store);
    for (const p of ['one', 'two', 'three']) await first.session.submit(p);
    await first.session.compact();
    const id = first.session.id;

    const again = lug(cwd, store, id);
    await again.session.submit('four');
    const sent = again.provider.requests[0]!.messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent[0]).toMatchObject({ content: expect.stringContaining('## Goal\nShip the parser.') });
    expect(sent[0]).toMatchObject({ content: expect.stringMatching(/three$/) });
    expect(sent[2]).toEqual({ role: 'user', content: 'four' });

    const records = readFileSync(store.pathOf(id), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const prompts = records.filter((r) => r.type === 'message' && r.message.role === 'user').map((r) => r.message.content);
    expect(prompts).toEqual(['one', 'two', 'three', 'four']);
    expect(records.filter((r) => r.type === 'compaction')).toMatchObject([{ kept: 2, compaction: { reason: 'command', summary: expect.stringContaining('Ship the parser.') } }]);
    expect(store.load(id).messages).toHaveLength(8);
  });

  it('a session compacted twice continues from the second compaction', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'lug-compact-resume-'));
    const store = new SessionStore(join(cwd, 'sessions'));
    const first = lug(cwd, store);
    for (const p of ['one', 'two']) await first.session.submit(p);
    await first.session.compact();
    for (const p of ['three', 'four']) await first.session.submit(p);
    await first.session.compact();
    const stored = store.load(first.session.id);
    expect(stored.compaction?.keptFrom).toBe(6);
    expect(stored.compaction?.userPrompts).toEqual(['one', 'two', 'three']);
  });
});
