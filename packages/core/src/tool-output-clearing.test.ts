/** Old tool output is sent as one-line stubs past the first threshold; the session file keeps it whole. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedProvider, text, toolCall, turn } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import type { ToolResultsMessage } from './messages.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';
import type { Tool } from './tool.js';
import { clearedResultText } from './tool-output-clearing.js';

const FILE = Array.from({ length: 2_000 }, (_, i) => `line ${i + 1}`).join('\n');

const read: Tool<{ path: string }> = {
  name: 'read',
  description: 'Read a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
  ask: false,
  handler: () => FILE,
};

function setup(turns: number) {
  const cwd = mkdtempSync(join(tmpdir(), 'lug-clear-'));
  const host = createHost({ cwd, env: {}, authorize: allowAll });
  const steps = Array.from({ length: turns }, (_, i) => [turn(toolCall('read', { path: `src/f${i + 1}.ts` })), text('Read.')]).flat();
  const provider = scriptedProvider(steps, { modelInfo: { contextWindow: 20_000 } });
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m');
  host.options.set('compact_at', false);
  host.options.set('keep_turns', 2);
  host.tools.register(read, 'test');
  const store = new SessionStore(join(cwd, 'sessions'));
  return { host, provider, store, session: new Session(host, { store }) };
}

const resultsOf = (messages: readonly { role: string }[]) => messages.filter((m): m is ToolResultsMessage => m.role === 'tool').map((m) => m.results[0]!.content);

describe('clearing old tool output', () => {
  it('says what a cleared result was and how to get it again', () => {
    const stub = clearedResultText({ type: 'tool_result', callId: 'c', name: 'read', content: FILE, isError: false }, { type: 'tool_call', id: 'c', name: 'read', argsText: '{"path":"src/app.ts"}' });
    expect(stub).toBe('output of read src/app.ts, 2,000 lines, cleared to save context; call read again if you need it');
  });

  it('past lug.opt.clear_tool_output_at, sends results older than the last keep_turns turns as stubs, and the file keeps them whole', async () => {
    const { provider, session, store } = setup(4);
    for (let i = 1; i <= 4; i++) await session.submit(`read f${i}`);
    const last = provider.requests.at(-1)!;
    const sent = resultsOf(last.messages);
    expect(sent).toHaveLength(4);
    expect(sent[0]).toBe('output of read src/f1.ts, 2,000 lines, cleared to save context; call read again if you need it');
    expect(sent[1]).toMatch(/^output of read src\/f2\.ts, 2,000 lines, cleared/);
    expect(sent.slice(2)).toEqual([FILE, FILE]);
    expect(resultsOf(store.load(session.id).messages)).toEqual([FILE, FILE, FILE, FILE]);
    expect(resultsOf(session.messages)).toEqual([FILE, FILE, FILE, FILE]);
  });

  it('below the threshold, nothing is cleared', async () => {
    const { host, provider, session } = setup(4);
    host.options.set('clear_tool_output_at', false);
    for (let i = 1; i <= 4; i++) await session.submit(`read f${i}`);
    expect(resultsOf(provider.requests.at(-1)!.messages)).toEqual([FILE, FILE, FILE, FILE]);
  });
});
