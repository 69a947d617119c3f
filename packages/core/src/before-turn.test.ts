/** The before_turn hook point: a turn waits for its hooks (the files' checkpoint) before its first request, and names its prompt's number. */
import { describe, expect, it } from 'vitest';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import type { BeforeTurnInput } from './hooks.js';
import { Session } from './session.js';
import { scriptedProvider } from '@lug/testing';

function setup() {
  const host = createHost({ cwd: '/project', env: {}, authorize: allowAll });
  const provider = scriptedProvider([[{ type: 'text_delta', text: 'one' }, { type: 'stop', reason: 'end_turn' }], [{ type: 'text_delta', text: 'two' }, { type: 'stop', reason: 'end_turn' }]]);
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m1');
  return { host, provider, session: new Session(host) };
}

describe('before_turn', () => {
  it('holds the turn until its hook is done: no request goes before', async () => {
    const { host, provider, session } = setup();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inHook = new Promise<void>((r) => (entered = r));
    host.hooks.on('before_turn', async () => {
      entered();
      await held;
    });
    const turn = session.submit('hello');
    await inHook;
    expect(provider.requests).toHaveLength(0);
    release();
    await turn;
    expect(provider.requests).toHaveLength(1);
  });

  it('names the prompt\'s number in the conversation and the session', async () => {
    const { host, session } = setup();
    const seen: BeforeTurnInput[] = [];
    host.hooks.on('before_turn', (input) => void seen.push(input));
    await session.submit('first');
    await session.submit('second');
    expect(seen).toEqual([
      { prompt: 'first', turn: 1, sessionId: session.id },
      { prompt: 'second', turn: 2, sessionId: session.id },
    ]);
  });

  it('reports a hook that returns something, and runs the turn anyway', async () => {
    const { host, session } = setup();
    const errors: string[] = [];
    host.events.on('error', (e) => errors.push(e.message));
    host.hooks.on('before_turn', (() => ({ skip: true })) as never, 'a test');
    const end = await session.submit('hello');
    expect(end.reason).toBe('done');
    expect(errors).toEqual(['the before_turn hook made at a test returned something that is not a result (before_turn takes no result: return nothing); it changed nothing']);
  });
});
