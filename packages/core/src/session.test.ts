import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import { ProviderError } from './provider.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';
import { scriptedProvider, type ProviderStep } from '@lug/testing';
import type { Tool } from './tool.js';

function setup(steps: ProviderStep[], tools: Tool[] = []) {
  const host = createHost({ cwd: '/project', env: {}, authorize: allowAll });
  const provider = scriptedProvider(steps);
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m1');
  for (const t of tools) host.tools.register(t, 'test');
  const store = new SessionStore(mkdtempSync(join(tmpdir(), 'lug-sessions-')));
  const session = new Session(host, { store, systemPrompt: 'SYSTEM' });
  return { host, provider, store, session };
}

const echo: Tool<{ text: string }> = {
  name: 'echo',
  description: 'Echo the text.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  handler: (a) => a.text,
};

describe('a session', () => {
  it('runs the loop until the model stops, feeding tool results back', async () => {
    const { session, provider, store } = setup(
      [
        [
          { type: 'text_delta', text: 'Let me ' },
          { type: 'text_delta', text: 'check.' },
          { type: 'tool_call', id: 'c1', name: 'echo', argsText: '{"text":"one"}' },
          { type: 'tool_call', id: 'c2', name: 'echo', argsText: '{"text":"two"}' },
          { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
          { type: 'stop', reason: 'tool_use' },
        ],
        [{ type: 'text_delta', text: 'Done.' }, { type: 'usage', usage: { inputTokens: 20, outputTokens: 2 } }, { type: 'stop', reason: 'end_turn' }],
      ],
      [echo],
    );
    const end = await session.submit('hello');
    expect(end).toEqual({ reason: 'done', text: 'Done.' });
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[0]!.system).toBe('SYSTEM');
    expect(provider.requests[0]!.tools.map((t) => t.name)).toEqual(['echo']);
    expect(provider.requests[1]!.messages.at(-1)).toEqual({
      role: 'tool',
      results: [
        { type: 'tool_result', callId: 'c1', name: 'echo', content: 'one', isError: false },
        { type: 'tool_result', callId: 'c2', name: 'echo', content: 'two', isError: false },
      ],
    });
    expect(session.usage).toEqual({ inputTokens: 30, outputTokens: 7 });
    const stored = store.load(session.id);
    expect(stored.messages).toEqual(session.messages);
    expect(stored.header.cwd).toBe('/project');
  });

  it('stops at the turn limit', async () => {
    const loop = () => [{ type: 'tool_call' as const, id: 'x', name: 'echo', argsText: '{"text":"a"}' }];
    const { session, host } = setup([loop(), loop(), loop()], [echo]);
    host.options.set('max_turns', 2);
    expect((await session.submit('go')).reason).toBe('max_turns');
  });

  it('ends with an error when the stream is cut, keeping a valid history', async () => {
    const { session, store } = setup([
      async function* () {
        yield { type: 'text_delta' as const, text: 'partial' };
        throw new ProviderError('the model\'s answer was cut off: socket hang up', 'cut');
      },
    ]);
    const end = await session.submit('go');
    expect(end).toMatchObject({ reason: 'error', error: "the model's answer was cut off: socket hang up" });
    const lines = readFileSync(store.pathOf(session.id), 'utf8').trim().split('\n');
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    expect(session.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'partial' }] });
  });

  it('says when each answer begins: response_start once a request, after request_start and before its first text', async () => {
    const { session, host } = setup(
      [
        [{ type: 'text_delta', text: 'Let me check.' }, { type: 'tool_call', id: 'c1', name: 'echo', argsText: '{"text":"one"}' }, { type: 'stop', reason: 'tool_use' }],
        [{ type: 'text_delta', text: 'Done.' }, { type: 'stop', reason: 'end_turn' }],
      ],
      [echo],
    );
    const seen: string[] = [];
    host.events.onAny((e) => {
      if (e.type === 'request_start' || e.type === 'response_start') seen.push(`${e.type} ${e.step}`);
      if (e.type === 'text_delta') seen.push(`text ${e.text}`);
    });
    await session.submit('hello');
    expect(seen).toEqual(['request_start 1', 'response_start 1', 'text Let me check.', 'request_start 2', 'response_start 2', 'text Done.']);
  });

  it('has no response_start for a request that failed before its answer began', async () => {
    const { session, host } = setup([
      // eslint-disable-next-line require-yield
      async function* () {
        throw new ProviderError('the model server refused the connection', 'connection');
      },
    ]);
    const starts: number[] = [];
    host.events.on('response_start', (e) => void starts.push(e.step));
    expect((await session.submit('go')).reason).toBe('error');
    expect(starts).toEqual([]);
  });

  it('cancels a turn: the stream stops and running calls get "cancelled by the user"', async () => {
    const hang: Tool = { name: 'hang', description: 'd', parameters: { type: 'object' }, handler: () => new Promise(() => {}) };
    const { session } = setup([[{ type: 'tool_call', id: 'h', name: 'hang', argsText: '{}' }, { type: 'stop', reason: 'tool_use' }]], [hang]);
    const p = session.submit('go');
    await new Promise((r) => setTimeout(r, 20));
    session.cancel();
    const end = await p;
    expect(end.reason).toBe('cancelled');
    expect(session.messages.at(-1)).toEqual({ role: 'tool', results: [{ type: 'tool_result', callId: 'h', name: 'hang', content: 'cancelled by the user', isError: true }] });
  });

  it('names the variables to set when no model is configured', async () => {
    const host = createHost({ cwd: '/p', env: {}, authorize: allowAll });
    const end = await new Session(host).submit('hi');
    expect(end.error).toMatch(/set ANTHROPIC_API_KEY .* OPENAI_API_KEY .* OPENAI_BASE_URL/);
  });

  it('names the known providers for an unknown one', async () => {
    const { session, host } = setup([]);
    host.options.set('model', 'mistral/large');
    expect((await session.submit('hi')).error).toBe('unknown provider "mistral" in model "mistral/large"; the providers are: test');
  });

  it('resumes from the store with a repaired history', async () => {
    const { store } = setup([]);
    store.create('s1', '/project');
    store.append('s1', { type: 'message', message: { role: 'user', content: 'hi' } });
    store.append('s1', { type: 'message', message: { role: 'assistant', content: [{ type: 'tool_call', id: 'k', name: 'bash', argsText: '{}' }] } });
    const loaded = store.load('s1');
    expect(loaded.messages.at(-1)).toMatchObject({ role: 'tool', results: [{ callId: 'k', isError: true }] });
    expect(store.latest('/project')).toBe('s1');
    expect(store.latest('/elsewhere')).toBeUndefined();
  });

  describe('starting again (reset) and resuming', () => {
    afterEach(() => vi.useRealTimers());

    function inProject(steps: number) {
      const dir = mkdtempSync(join(tmpdir(), 'lug-project-'));
      const host = createHost({ cwd: dir, env: {}, authorize: allowAll });
      const provider = scriptedProvider(Array.from({ length: steps }, () => [{ type: 'text_delta' as const, text: 'ok' }, { type: 'stop' as const, reason: 'end_turn' as const }]));
      host.providers.register({ name: 'test', create: () => provider });
      host.options.set('model', 'test/m1');
      return { dir, provider, session: new Session(host) };
    }

    it('builds the system prompt again on reset: AGENTS.md as it is now, and today\'s date', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-01-31T23:00:00Z'));
      const { dir, provider, session } = inProject(2);
      writeFileSync(join(dir, 'AGENTS.md'), 'Use tabs.');
      await session.submit('one');
      writeFileSync(join(dir, 'AGENTS.md'), 'Use spaces.');
      vi.setSystemTime(new Date('2030-02-01T09:00:00Z'));
      session.reset();
      await session.submit('two');
      const [first, second] = provider.requests.map((r) => r.system);
      expect(first).toContain('Date: 2030-01-31');
      expect(first).toContain('Use tabs.');
      expect(second).toContain('Date: 2030-02-01');
      expect(second).toContain('Use spaces.');
      expect(second).not.toContain('Use tabs.');
    });

    it('keeps the system prompt of a turn for the turns after it, until reset', async () => {
      const { dir, provider, session } = inProject(2);
      writeFileSync(join(dir, 'AGENTS.md'), 'Use tabs.');
      await session.submit('one');
      writeFileSync(join(dir, 'AGENTS.md'), 'Use spaces.');
      await session.submit('two');
      expect(provider.requests.map((r) => r.system.includes('Use tabs.'))).toEqual([true, true]);
    });

    it('builds the system prompt again when switching to a stored conversation', async () => {
      const { dir, provider, session } = inProject(2);
      writeFileSync(join(dir, 'AGENTS.md'), 'Use tabs.');
      await session.submit('one');
      writeFileSync(join(dir, 'AGENTS.md'), 'Use spaces.');
      session.resume('s-old', [{ role: 'user', content: 'earlier' }, { role: 'assistant', content: [{ type: 'text', text: 'yes' }] }]);
      await session.submit('two');
      expect(provider.requests[1]!.system).toContain('Use spaces.');
    });
  });
});

describe('a session and what tools say about their results', () => {
  it('stores a result\'s details with it, so a resumed session has them', async () => {
    const counted: Tool<{ text: string }> = {
      ...echo,
      handler: (a) => ({ content: a.text, details: { kind: 'listing', entries: 1, shown: 1 } }),
    };
    const { session, store } = setup(
      [
        [{ type: 'tool_call', id: 'c1', name: 'echo', argsText: '{"text":"one"}' }, { type: 'stop', reason: 'tool_use' }],
        [{ type: 'text_delta', text: 'Done.' }, { type: 'stop', reason: 'end_turn' }],
      ],
      [counted],
    );
    await session.submit('hello');
    const stored = store.load(session.id).messages.find((m) => m.role === 'tool');
    expect(stored).toEqual({ role: 'tool', results: [{ type: 'tool_result', callId: 'c1', name: 'echo', content: 'one', isError: false, details: { kind: 'listing', entries: 1, shown: 1 } }] });
  });
});
