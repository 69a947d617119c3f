/** A subagent's requests count in the session's tokens and cost, and lug.opt.max_cost stops it before its next request. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProviderStep } from '@lug/testing';
import type { EventOf, LugEvent } from './events.js';
import type { ModelInfo, ProviderEvent } from './provider.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';
import { runSubagent } from './subagent.js';
import { hostWithSubagent } from './test-subagents.js';
import type { Tool } from './tool.js';

/** $1 a million input tokens, $0 output: a request of N million input tokens costs $N. */
const PRICED: ModelInfo = { pricing: { input: 1, output: 0 } };
const MILLION = 1_000_000;

const callTurn = (id: string, tool: string, args: object, inputTokens: number): ProviderEvent[] => [
  { type: 'tool_call', id, name: tool, argsText: JSON.stringify(args) },
  { type: 'usage', usage: { inputTokens, outputTokens: 0 } },
  { type: 'stop', reason: 'tool_use' },
];
const answer = (text: string, inputTokens: number): ProviderEvent[] => [
  { type: 'text_delta', text },
  { type: 'usage', usage: { inputTokens, outputTokens: 0 } },
  { type: 'stop', reason: 'end_turn' },
];

const noop: Tool = { name: 'noop', description: 'Does nothing.', parameters: { type: 'object', properties: {} }, ask: false, handler: () => 'nothing done' };

function setup(parentSteps: ProviderStep[], childSteps: ProviderStep[]) {
  const { host, parent, child } = hostWithSubagent(parentSteps, childSteps, { name: 'scout', tools: ['noop'], model: 'small/s1' }, [noop], PRICED);
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  const store = new SessionStore(mkdtempSync(join(tmpdir(), 'lug-subagent-cost-')));
  const session = new Session(host, { store, systemPrompt: 'SYSTEM' });
  return { host, parent, child, session, events, store };
}

describe("a subagent's cost", () => {
  it("adds to the session's tokens and cost, in its usage events, and in the session file", async () => {
    const { session, events, store } = setup(
      [callTurn('t1', 'task', { prompt: 'look' }, MILLION), answer('done', MILLION)],
      [callTurn('c1', 'noop', {}, 2 * MILLION), answer('looked', 3 * MILLION)],
    );
    const end = await session.submit('go');
    expect(end).toMatchObject({ reason: 'done', text: 'done' });
    // The parent's two requests ($1 each) and the subagent's two ($2, $3).
    expect(session.usage.inputTokens).toBe(7 * MILLION);
    expect(session.cost).toBeCloseTo(7);
    const usages = events.filter((e) => e.type === 'usage') as unknown as EventOf<'usage'>[];
    expect(usages.map((u) => [u.agent?.label ?? 'parent', u.requestCost, u.cost])).toEqual([
      ['parent', 1, 1],
      ['scout', 2, 3],
      ['scout', 3, 6],
      ['parent', 1, 7],
    ]);
    expect(store.load(session.id)).toMatchObject({ usage: { inputTokens: 7 * MILLION }, cost: 7 });
  });

  it('is held by lug.opt.max_cost: the subagent stops before its next request, saying why, and the parent stops after it', async () => {
    const { session, host, parent, child } = setup(
      [callTurn('t1', 'task', { prompt: 'look' }, MILLION), answer('never sent', 1)],
      [callTurn('c1', 'noop', {}, 2 * MILLION), answer('never sent', 1)],
    );
    host.options.set('max_cost', 2.5);
    const end = await session.submit('go');
    // $1 for the parent, then $2 for the subagent's first request: $3 is past the limit.
    expect(child.requests).toHaveLength(1);
    expect(parent.requests).toHaveLength(1);
    const result = session.messages.find((m) => m.role === 'tool' && m.results[0]?.callId === 't1');
    expect(result).toMatchObject({
      results: [
        {
          isError: true,
          content: 'it stopped before its next model request: this session, with its subagents, has cost $3.00, more than lug.opt.max_cost ($2.5); raise lug.opt.max_cost to go on',
        },
      ],
    });
    expect(end).toMatchObject({ reason: 'max_cost', message: 'stopped: this session has cost $3.00, more than lug.opt.max_cost ($2.5); raise lug.opt.max_cost to go on' });
  });

  it('stops a subagent started when the session is past the limit already, before its first request', async () => {
    const { host, child, session } = setup([], [answer('never sent', 1)]);
    host.spend.add({ inputTokens: 5 * MILLION, outputTokens: 0 }, PRICED.pricing);
    host.options.set('max_cost', 1);
    const r = await runSubagent(host, { name: 'scout', model: 'small/s1' }, 'look', { signal: new AbortController().signal });
    expect(r).toMatchObject({ reason: 'max_cost', error: expect.stringMatching(/^it stopped before its next model request: this session, with its subagents, has cost \$5\.00/) });
    expect(child.requests).toHaveLength(0);
    expect(session.cost).toBeCloseTo(5);
  });
});
