/** Plugins' state in the session (host.state): saved as state records, read back on resume, empty after :clear. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedProvider } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import type { ModelRequest, ProviderEvent } from './provider.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';
import { SessionState } from './session-state.js';

const systems: string[] = [];
async function* model(request: ModelRequest): AsyncIterable<ProviderEvent> {
  systems.push(request.system ?? '');
  yield { type: 'text_delta', text: 'ok' };
  yield { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } };
  yield { type: 'stop', reason: 'end_turn' };
}

function setup(dir = mkdtempSync(join(tmpdir(), 'lug-state-'))) {
  const host = createHost({ cwd: dir, env: {}, authorize: allowAll });
  host.providers.register({ name: 'test', create: () => scriptedProvider([], { afterScript: model }) });
  host.options.set('model', 'test/m');
  const store = new SessionStore(join(dir, 'sessions'));
  return { dir, host, store };
}

const stateLines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((r) => r.type === 'state');

describe('session state', () => {
  it('a change once the file exists is a state record; the last one of a key wins on load', async () => {
    const { host, store } = setup();
    const session = new Session(host, { store });
    await session.submit('hi');
    host.state.set('todo', [{ text: 'a', state: 'pending' }]);
    host.state.set('todo', [{ text: 'a', state: 'done' }]);
    host.state.set('gone', 1);
    host.state.set('gone', null);
    const stored = store.load(session.id);
    expect(stored.state).toEqual([['todo', [{ text: 'a', state: 'done' }]]]);
    expect(stateLines(stored.path).map((r) => r.key)).toEqual(['todo', 'todo', 'gone', 'gone']);
  });

  it('a state set before the model first answered is written when the file is made', async () => {
    const { host, store } = setup();
    const session = new Session(host, { store });
    host.state.set('mode', 'plan');
    expect(store.list()).toEqual([]);
    await session.submit('hi');
    expect(store.load(session.id).state).toEqual([['mode', 'plan']]);
  });

  it('a session resumed from its file fills the host state; :clear empties it; :resume brings it back', async () => {
    const { dir, host, store } = setup();
    const first = new Session(host, { store });
    await first.submit('hi');
    host.state.set('todo', ['x']);
    const again = setup(dir);
    const stored = again.store.load(first.id);
    const resumed = new Session(again.host, { store: again.store, id: first.id, messages: stored.messages, state: stored.state });
    expect(again.host.state.get('todo')).toEqual(['x']);
    resumed.reset();
    expect(again.host.state.entries()).toEqual([]);
    resumed.resume(first.id, stored.messages, undefined, undefined, undefined, 0, undefined, stored.state);
    expect(again.host.state.get('todo')).toEqual(['x']);
  });

  it(':fork copies the state into the new file', async () => {
    const { host, store } = setup();
    const session = new Session(host, { store });
    await session.submit('hi');
    host.state.set('todo', ['x']);
    session.fork();
    expect(store.load(session.id).state).toEqual([['todo', ['x']]]);
  });

  it('a session without a file leaves the host state alone', () => {
    const { host } = setup();
    host.state.set('todo', ['x']);
    new Session(host);
    expect(host.state.get('todo')).toEqual(['x']);
  });

  it('refuses what JSON cannot hold, saying where', () => {
    const state = new SessionState();
    expect(() => state.set('k', { a: [1, () => 0] } as never)).toThrow('session state "k": the value.a.2 is a function, which is not JSON');
    expect(() => state.set('k', Number.NaN)).toThrow('session state "k": the value is NaN, which JSON cannot hold');
    expect(() => state.set('', 1)).toThrow(/a session state key is 1 to 100 letters/);
  });
});

describe('prompt sections', () => {
  it('each request ends its system prompt with the sections as they are then', async () => {
    const { host } = setup();
    const session = new Session(host);
    let n = 0;
    host.prompt.add('skills', () => `render ${++n}`);
    systems.length = 0;
    await session.submit('one');
    await session.submit('two');
    const sent = systems.map((s) => s.split('\n\n# skills\n\n')[1]);
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toBe(sent[1]);
    expect(sent[1]).toBe(`render ${n}`);
  });
});

describe('session state and :rewind', () => {
  it('rewinding to a prompt brings back the state as that prompt found it, tells the listeners, and the file loads it so', async () => {
    const { host, store } = setup();
    const session = new Session(host, { store });
    host.state.set('todo', ['first list']);
    await session.submit('one');
    host.state.set('todo', ['second list']);
    host.state.set('extra', 1);
    await session.submit('two');
    host.state.set('todo', ['third list']);
    await session.submit('three');
    const heard: unknown[] = [];
    host.state.subscribe((change) => heard.push(change));
    const rewinds: unknown[] = [];
    host.events.on('rewind', (e) => rewinds.push(e));
    session.rewind(2);
    expect(host.state.entries()).toEqual([['todo', ['second list']], ['extra', 1]]);
    expect(heard).toEqual([{ replaced: true }]);
    expect(rewinds).toEqual([{ type: 'rewind', sessionId: session.id, turn: 2, branch: 1 }]);
    session.rewind(1);
    expect(host.state.entries()).toEqual([['todo', ['first list']]]);
    const stored = store.load(session.id);
    expect(stored.messages).toEqual([]);
    expect(stored.state).toEqual([['todo', ['first list']]]);
  });

  it('rewinding after a resume reads the state of the earlier prompts from the file', async () => {
    const { host, store } = setup();
    const first = new Session(host, { store });
    await first.submit('one');
    host.state.set('todo', ['then']);
    await first.submit('two');
    host.state.set('todo', ['now']);
    const stored = store.load(first.id);
    const again = new Session(host, { store, id: first.id, messages: stored.messages, state: stored.state });
    expect(host.state.get('todo')).toEqual(['now']);
    again.rewind(2);
    expect(host.state.get('todo')).toEqual(['then']);
    expect(store.load(first.id).state).toEqual([['todo', ['then']]]);
  });
});

describe('session state and :fork', () => {
  it('a forked file keeps the state each prompt found, so a rewind in it brings it back', async () => {
    const { host, store } = setup();
    const session = new Session(host, { store });
    await session.submit('one');
    host.state.set('todo', ['then']);
    await session.submit('two');
    host.state.set('todo', ['now']);
    session.fork();
    expect(store.load(session.id).state).toEqual([['todo', ['now']]]);
    session.rewind(2);
    expect(host.state.get('todo')).toEqual(['then']);
    session.rewind(1);
    expect(host.state.entries()).toEqual([]);
  });
});
