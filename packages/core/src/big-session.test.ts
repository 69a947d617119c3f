/** A big session resumes in the memory of what is sent: what lies before the standing compaction is read without its bulk, and read back when needed. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedProvider } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { COMPACTION_SYSTEM } from './compaction-prompt.js';
import { createHost } from './host.js';
import type { Message, ToolResultsMessage } from './messages.js';
import type { ModelRequest, ProviderEvent } from './provider.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';

const BIG = 'y'.repeat(50_000);

async function* model(request: ModelRequest): AsyncIterable<ProviderEvent> {
  const last = request.messages.at(-1)!;
  if (request.system !== COMPACTION_SYSTEM && last.role === 'user') {
    yield { type: 'tool_call', id: `c${request.messages.length}`, name: 'dump', argsText: '{}' };
    yield { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } };
    yield { type: 'stop', reason: 'tool_use' };
    return;
  }
  yield { type: 'text_delta', text: request.system === COMPACTION_SYSTEM ? '## Goal\nDump.' : 'dumped' };
  yield { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } };
  yield { type: 'stop', reason: 'end_turn' };
}

function lug(cwd: string, store: SessionStore, resume?: string) {
  const host = createHost({ cwd, env: {}, authorize: allowAll });
  host.providers.register({ name: 'test', create: () => scriptedProvider([], { afterScript: model, modelInfo: { contextWindow: 10_000_000 } }) });
  host.options.set('model', 'test/m');
  host.options.set('keep_turns', 1);
  host.options.set('clear_tool_output_at', false);
  host.tools.register({ name: 'dump', description: 'Dump.', parameters: { type: 'object', properties: {} }, ask: false, handler: () => BIG }, 'test');
  if (!resume) return new Session(host, { store });
  const s = store.load(resume);
  return new Session(host, { store, id: resume, messages: s.messages, usage: s.usage, compactions: s.compactions, branches: s.branches.length, hydrate: s.hydrate });
}

const contents = (messages: readonly Message[]) => messages.filter((m): m is ToolResultsMessage => m.role === 'tool').map((m) => m.results[0]!.content.length);

describe('a big session read back', () => {
  it('keeps the results before the compaction hollow, what is sent whole, and reads the rest back on a rewind or a fork', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'lug-big-'));
    const store = new SessionStore(join(cwd, 'sessions'));
    const first = lug(cwd, store);
    for (const p of ['one', 'two', 'three']) await first.submit(p);
    await first.compact();

    const whole = contents(first.messages)[0]!;
    expect(whole).toBeGreaterThan(10_000);
    const stored = store.load(first.id);
    expect(stored.compaction?.keptFrom).toBe(8);
    expect(contents(stored.messages)).toEqual([0, 0, whole]);

    const again = lug(cwd, store, first.id);
    const other = lug(cwd, store, first.id);
    expect(contents(again.messagesToSend())).toEqual([whole]);
    again.rewind(2);
    expect(contents(again.messagesToSend())).toEqual([whole]);

    other.fork();
    // The fork's file holds every result whole (reading it back leaves those before its compaction hollow again).
    const lines = readFileSync(store.pathOf(other.id), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(contents(lines.filter((l) => l.type === 'message').map((l) => l.message))).toEqual([whole, whole, whole]);
  });
});
