/** Compaction: on its own before the window overflows, on a context-overflow error, and on :compact; what is sent after it. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedProvider } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { COMPACTION_SYSTEM } from './compaction-prompt.js';
import type { LugEvent } from './events.js';
import { createHost } from './host.js';
import type { ModelRequest, ProviderEvent } from './provider.js';
import { ProviderError } from './provider.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';
import { estimateTokens, messagesTokens, toolSpecsTokens } from './token-estimate.js';
import type { Tool } from './tool.js';

const WINDOW = 8_000;
const FIRST_PROMPT = 'Build the parser. Never touch vendor/, and keep every line under 100 columns.';

const look: Tool<{ path: string }> = {
  name: 'look',
  description: 'Look at a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
  ask: false,
  handler: (a) => `${a.path}:\n${'x'.repeat(60)}\n`.repeat(25),
};

/** What the provider counts for a request: the same estimate lug makes, so the test knows when it overflows. */
function requestTokens(r: ModelRequest): number {
  return estimateTokens(r.system) + toolSpecsTokens(r.tools) + messagesTokens(r.messages);
}

/**
 * A model with a small window: a summary request gets a summary; a request
 * past the window gets a context_window stop (as the providers end it); the
 * first request of a prompt calls `look`, the next one answers.
 */
function smallModel(opts: { overflowAt?: number } = {}) {
  const overflows: number[] = [];
  const answer = async function* (request: ModelRequest): AsyncIterable<ProviderEvent> {
    const tokens = requestTokens(request);
    if (request.system === COMPACTION_SYSTEM) {
      yield { type: 'text_delta', text: '## Goal\nBuild the parser.\n## Done\nSteps so far.' };
      yield { type: 'usage', usage: { inputTokens: tokens, outputTokens: 20 } };
      yield { type: 'stop', reason: 'end_turn' };
      return;
    }
    if (tokens > (opts.overflowAt ?? WINDOW)) {
      overflows.push(tokens);
      yield { type: 'stop', reason: 'context_window', detail: 'prompt is too long' };
      return;
    }
    const last = request.messages.at(-1)!;
    yield { type: 'usage', usage: { inputTokens: tokens, outputTokens: 10 } };
    if (last.role === 'user') {
      yield { type: 'tool_call', id: `c${Math.random().toString(36).slice(2)}`, name: 'look', argsText: JSON.stringify({ path: 'src/parser.ts' }) };
      yield { type: 'stop', reason: 'tool_use' };
    } else {
      yield { type: 'text_delta', text: 'Looked; it is fine.' };
      yield { type: 'stop', reason: 'end_turn' };
    }
  };
  const provider = scriptedProvider([], { afterScript: answer, modelInfo: { contextWindow: WINDOW } });
  return { provider, overflows };
}

function setup(model = smallModel(), files: Record<string, string> = {}) {
  const cwd = mkdtempSync(join(tmpdir(), 'lug-compact-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  const host = createHost({ cwd, env: {}, authorize: allowAll });
  host.providers.register({ name: 'small', create: () => model.provider });
  host.options.set('model', 'small/m');
  host.tools.register(look, 'test');
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  const store = new SessionStore(join(cwd, 'sessions'));
  const session = new Session(host, { store });
  return { cwd, host, session, store, events, ...model };
}

const summaryRequests = (requests: ModelRequest[]) => requests.filter((r) => r.system === COMPACTION_SYSTEM);

describe('compaction on its own', () => {
  it('a 300-turn session with a small window compacts before it overflows, and no turn fails', async () => {
    const s = setup(smallModel(), { 'AGENTS.md': 'Use tabs.' });
    for (let turn = 1; turn <= 300; turn++) {
      if (turn === 150) writeFileSync(join(s.cwd, 'AGENTS.md'), 'Use spaces now.');
      const end = await s.session.submit(turn === 1 ? FIRST_PROMPT : `step ${turn}: look at the parser again and say what changed`);
      expect(end.reason, `turn ${turn}`).toBe('done');
    }
    expect(s.overflows).toEqual([]);
    const compactions = s.events.filter((e) => e.type === 'after_compact');
    expect(compactions.length).toBeGreaterThan(2);
    // The first prompt's instructions are in every summary, word for word.
    for (const c of compactions) expect(c.type === 'after_compact' && c.summary).toContain(FIRST_PROMPT);
    // The request after a compaction carries a system prompt built afresh: AGENTS.md as it is now.
    const work = s.provider.requests.filter((r) => r.system !== COMPACTION_SYSTEM);
    expect(work.at(-1)!.system).toContain('Use spaces now.');
    expect(work.at(-1)!.messages[0]).toMatchObject({ role: 'user', content: expect.stringContaining(FIRST_PROMPT) });
    for (const r of work) expect(requestTokens(r)).toBeLessThanOrEqual(WINDOW);
  }, 120_000);

  it('keeps the last lug.opt.keep_turns turns whole and the file keeps every message', async () => {
    const s = setup();
    s.host.options.set('keep_turns', 2);
    s.host.options.set('clear_tool_output_at', false);
    const keptAtCompaction: string[][] = [];
    s.host.events.on('after_compact', () => {
      const sent = s.session.messagesToSend();
      keptAtCompaction.push(sent.flatMap((m) => (m.role === 'user' ? [m.content.split('\n').at(-1)!] : [])));
    });
    for (let turn = 1; turn <= 30; turn++) await s.session.submit(turn === 1 ? FIRST_PROMPT : `step ${turn}`);
    const compaction = s.events.filter((e) => e.type === 'after_compact').at(-1);
    expect(compaction).toBeDefined();
    // Right after each compaction, what is sent holds two prompts whole (the summary in front of the first).
    for (const prompts of keptAtCompaction) expect(prompts).toHaveLength(2);
    const stored = s.store.load(s.session.id);
    expect(stored.messages).toHaveLength(s.session.messages.length);
    expect(stored.messages.filter((m) => m.role === 'user')).toHaveLength(30);
    expect(stored.compaction?.keptFrom).toBeGreaterThan(0);
    const lines = readFileSync(stored.path, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.some((l) => l.type === 'compaction')).toBe(true);
  }, 60_000);

  it('lug.opt.compact_at = false never compacts on its own', async () => {
    const s = setup(smallModel({ overflowAt: 1e9 }));
    s.host.options.set('compact_at', false);
    for (let turn = 1; turn <= 40; turn++) await s.session.submit(`step ${turn}`);
    expect(summaryRequests(s.provider.requests)).toEqual([]);
  }, 60_000);
});

describe('one long turn', () => {
  it('a prompt answered by 300 requests compacts within the turn, keeping its last steps, and never overflows', async () => {
    let calls = 0;
    const provider = scriptedProvider([], {
      modelInfo: { contextWindow: WINDOW },
      afterScript: async function* (request) {
        const tokens = requestTokens(request);
        if (request.system === COMPACTION_SYSTEM) {
          yield { type: 'text_delta', text: '## Goal\nRead every file.' };
        } else if (tokens > WINDOW) {
          yield { type: 'stop', reason: 'context_window' };
          return;
        } else if (++calls < 300) {
          yield { type: 'tool_call', id: `c${calls}`, name: 'look', argsText: JSON.stringify({ path: `src/f${calls}.ts` }) };
          yield { type: 'usage', usage: { inputTokens: tokens, outputTokens: 10 } };
          yield { type: 'stop', reason: 'tool_use' };
          return;
        } else yield { type: 'text_delta', text: 'All read.' };
        yield { type: 'usage', usage: { inputTokens: tokens, outputTokens: 10 } };
        yield { type: 'stop', reason: 'end_turn' };
      },
    });
    const s = setup({ provider, overflows: [] });
    s.host.options.set('max_turns', 1000);
    const end = await s.session.submit(FIRST_PROMPT);
    expect(end.reason).toBe('done');
    expect(end.text).toBe('All read.');
    const compactions = s.events.filter((e) => e.type === 'after_compact');
    expect(compactions.length).toBeGreaterThanOrEqual(1);
    // The turn's own prompt was summarised: its words are in the summary, verbatim.
    for (const c of compactions) expect(c.type === 'after_compact' && c.summary).toContain(FIRST_PROMPT);
    for (const r of provider.requests) expect(requestTokens(r)).toBeLessThanOrEqual(WINDOW);
  }, 120_000);
});

describe('a context-overflow error', () => {
  it('is answered by one compaction and the request made again', async () => {
    const s = setup(smallModel({ overflowAt: 3_000 }));
    s.host.options.set('compact_at', false);
    let end;
    for (let turn = 1; turn <= 12; turn++) end = await s.session.submit(turn === 1 ? FIRST_PROMPT : `step ${turn}`);
    expect(end!.reason).toBe('done');
    expect(s.overflows.length).toBeGreaterThan(0);
    expect(s.events.filter((e) => e.type === 'after_compact' && e.reason === 'overflow').length).toBe(s.overflows.length);
    expect(s.events.some((e) => e.type === 'turn_end' && e.reason !== 'done')).toBe(false);
  }, 60_000);

  it('a provider error saying the prompt is too long compacts and retries once', async () => {
    const base = smallModel();
    let failed = 0;
    const provider = scriptedProvider([], {
      modelInfo: { contextWindow: WINDOW },
      afterScript: async function* (request, signal) {
        if (request.system !== COMPACTION_SYSTEM && failed === 0 && request.messages.filter((m) => m.role === 'user').length >= 4) {
          failed++;
          throw new ProviderError('anthropic: prompt is too long: 210000 tokens > 200000 maximum', 'bad_request', 400);
        }
        yield* (base.provider.stream as (r: ModelRequest, s: AbortSignal) => AsyncIterable<ProviderEvent>)(request, signal);
      },
    });
    const s = setup({ provider, overflows: [] });
    for (let turn = 1; turn <= 4; turn++) expect((await s.session.submit(`step ${turn}`)).reason).toBe('done');
    expect(failed).toBe(1);
    expect(s.events.filter((e) => e.type === 'after_compact')).toMatchObject([{ reason: 'overflow' }]);
  });
});

describe(':compact', () => {
  it('compacts at any time with a focus the summary request carries, and shows the summary', async () => {
    const s = setup();
    for (let turn = 1; turn <= 5; turn++) await s.session.submit(turn === 1 ? FIRST_PROMPT : `step ${turn}`);
    await s.session.compact('the parser errors');
    const request = summaryRequests(s.provider.requests).at(-1)!;
    expect(request.messages[0]!.role === 'user' && request.messages[0]!.content).toContain('Focus the summary on: the parser errors');
    expect(s.events.filter((e) => e.type === 'after_compact')).toMatchObject([{ reason: 'command', focus: 'the parser errors', summary: expect.stringContaining('## Goal') }]);
    const next = s.session.messagesToSend();
    expect(next[0]).toMatchObject({ role: 'user', content: expect.stringContaining('lug compacted the earlier part') });
  });

  it('says so when there is nothing old enough to compact', async () => {
    const s = setup();
    await expect(s.session.compact()).rejects.toThrow(/nothing old enough to compact/);
  });
});
