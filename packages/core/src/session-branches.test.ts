/** :fork and :rewind: the branches they make, kept in the session files, and going back to one. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedProvider } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import type { Message } from './messages.js';
import type { ModelRequest, ProviderEvent } from './provider.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';

async function* model(request: ModelRequest): AsyncIterable<ProviderEvent> {
  const last = request.messages.at(-1)!;
  yield { type: 'text_delta', text: `re: ${last.role === 'user' ? last.content : '?'}` };
  yield { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } };
  yield { type: 'stop', reason: 'end_turn' };
}

function setup() {
  const cwd = mkdtempSync(join(tmpdir(), 'lug-branches-'));
  const host = createHost({ cwd, env: {}, authorize: allowAll });
  const provider = scriptedProvider([], { afterScript: model });
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m');
  const store = new SessionStore(join(cwd, 'sessions'));
  return { host, provider, store, session: new Session(host, { store }) };
}

const prompts = (messages: readonly Message[]) => messages.flatMap((m) => (m.role === 'user' ? [m.content] : []));

describe(':rewind', () => {
  it('lists the prompts and takes the conversation back to before one; the rest stays in the file as a branch', async () => {
    const { session, store, provider } = setup();
    for (const p of ['one', 'two', 'three']) await session.submit(p);
    expect(session.rewindPoints().map((p) => [p.turn, p.text])).toEqual([[1, 'one'], [2, 'two'], [3, 'three']]);
    const { prompt, branch } = session.rewind(2);
    expect(prompt).toMatchObject({ turn: 2, text: 'two' });
    expect(branch).toBe(1);
    expect(prompts(session.messages)).toEqual(['one']);
    await session.submit('two, differently');
    expect(prompts(provider.requests.at(-1)!.messages)).toEqual(['one', 'two, differently']);

    const stored = store.load(session.id);
    expect(prompts(stored.messages)).toEqual(['one', 'two, differently']);
    expect(stored.branches).toEqual([{ n: 1, at: 2, messages: 6, prompt: 'two' }]);
    // Every message ever written is still in the file.
    const lines = readFileSync(stored.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.type === 'message' && l.message.role === 'user').map((l) => l.message.content)).toEqual(['one', 'two', 'three', 'two, differently']);
  });

  it('a rewind to before a compaction drops it; going back to the branch brings it back', async () => {
    const { session, store, host } = setup();
    host.options.set('keep_turns', 1);
    for (const p of ['one', 'two', 'three']) await session.submit(p);
    await session.compact();
    session.rewind(2);
    // The summary covered prompts one and two; with two gone, what is sent is the first turn whole again.
    expect(session.messagesToSend()).toEqual(session.messages);
    expect(prompts(session.messagesToSend())).toEqual(['one']);
    expect(store.load(session.id).compaction).toBeUndefined();
    store.switchBranch(session.id, 1);
    const back = store.load(session.id);
    expect(prompts(back.messages)).toEqual(['one', 'two', 'three']);
    expect(back.compaction?.keptFrom).toBe(4);
    expect(back.branches).toEqual([{ n: 1, at: 2, messages: 2, prompt: '' }]);
  });

  it('says which prompts there are when asked for one that is not', async () => {
    const { session } = setup();
    await session.submit('one');
    expect(() => session.rewind(3)).toThrow('there is no prompt 3: this conversation has prompts 1 to 1');
  });
});

describe(':fork', () => {
  it('goes on in a new session from the current point and keeps the old one as it was', async () => {
    const { session, store } = setup();
    for (const p of ['one', 'two']) await session.submit(p);
    const old = session.fork();
    expect(session.id).not.toBe(old);
    await session.submit('three in the fork');
    expect(prompts(store.load(old).messages)).toEqual(['one', 'two']);
    const fork = store.load(session.id);
    expect(prompts(fork.messages)).toEqual(['one', 'two', 'three in the fork']);
    expect(fork.header.forkedFrom).toBe(old);
  });

  it('carries the compaction over', async () => {
    const { session, store, host } = setup();
    host.options.set('keep_turns', 1);
    for (const p of ['one', 'two']) await session.submit(p);
    await session.compact();
    session.fork();
    expect(store.load(session.id).compaction?.keptFrom).toBe(2);
  });

  it('a switch to a branch the file does not hold is refused, naming those it holds', async () => {
    const { session, store } = setup();
    for (const p of ['one', 'two']) await session.submit(p);
    session.rewind(2);
    expect(() => store.switchBranch(session.id, 4)).toThrow(/has no branch 4; its branches are #1/);
  });
});
