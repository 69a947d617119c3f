/** How a turn ends when the model stops without finishing, and how reasoning and pause_turn flow through the loop. */
import { describe, expect, it } from 'vitest';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import type { LugEvent } from './events.js';
import type { ProviderEvent } from './provider.js';
import { Session } from './session.js';
import { scriptedProvider, type ProviderStep as ScriptStep } from '@lug/testing';
import type { Tool } from './tool.js';

const ran: string[] = [];
const write: Tool<{ path: string; content: string }> = {
  name: 'write',
  description: 'Write a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
  ask: false,
  handler: (a) => (ran.push(a.path), 'written'),
};

function setup(steps: ScriptStep[]) {
  const host = createHost({ cwd: '/project', env: {}, authorize: allowAll });
  const provider = scriptedProvider(steps);
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m1');
  host.tools.register(write, 'test');
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  const session = new Session(host, { systemPrompt: 'SYSTEM' });
  return { host, provider, session, events };
}

const stopAfter = (reason: Extract<ProviderEvent, { type: 'stop' }>['reason'], ...events: ProviderEvent[]): ProviderEvent[] => [
  ...events,
  { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
  { type: 'stop', reason },
];

describe('an answer cut by the output cap', () => {
  it('ends the turn as max_tokens, saying to raise lug.opt.max_tokens', async () => {
    const { session, events } = setup([stopAfter('max_tokens', { type: 'text_delta', text: 'The story goes on and' })]);
    const end = await session.submit('tell me a long story');
    expect(end.reason).toBe('max_tokens');
    expect(end.text).toBe('The story goes on and');
    const notice = events.find((e) => e.type === 'notify');
    expect(notice).toMatchObject({ level: 'warn', message: expect.stringMatching(/output limit of 16384 tokens; raise lug\.opt\.max_tokens/) });
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'max_tokens' });
  });

  it('does not run a call cut by the cap, and tells the model to make smaller calls', async () => {
    ran.length = 0;
    const { session, provider } = setup([stopAfter('max_tokens', { type: 'tool_call', id: 'w1', name: 'write', argsText: '{"path":"big.txt","content":"aaaa' })]);
    const end = await session.submit('write a big file');
    expect(end.reason).toBe('max_tokens');
    expect(ran).toEqual([]);
    expect(provider.requests).toHaveLength(1);
    const results = session.messages.at(-1);
    expect(results).toMatchObject({ role: 'tool', results: [{ callId: 'w1', isError: true }] });
    const content = (results as { results: Array<{ content: string }> }).results[0]!.content;
    expect(content).toMatch(/^not run: the answer was cut by the output limit \(16384 tokens\)/);
    expect(content).toMatch(/make smaller calls/);
  });
});

describe.each([
  ['refusal', /declined to go on with this request \(cyber: not this\); its call \(write\) did not run; rephrase it/],
  ['content_filter', /content filter stopped the answer \(cyber: not this\); its call \(write\) did not run; rephrase the request/],
  ['context_window', /filled the model's context window, so the answer was cut; its call \(write\) did not run; start a new conversation \(or compact this one\)/],
] as const)('an answer that stopped with %s', (reason, words) => {
  it('ends the turn with that reason and plain words, and runs none of its calls', async () => {
    ran.length = 0;
    const { session, events } = setup([
      [
        { type: 'text_delta', text: 'Partial' },
        { type: 'tool_call', id: 'c1', name: 'write', argsText: '{"path":"a","content":"b"}' },
        { type: 'stop', reason, detail: 'cyber: not this' },
      ],
    ]);
    const end = await session.submit('go');
    expect(end.reason).toBe(reason);
    expect(ran).toEqual([]);
    expect(events.find((e) => e.type === 'notify')).toMatchObject({ message: expect.stringMatching(words) });
    expect(session.messages.at(-1)).toMatchObject({ role: 'tool', results: [{ callId: 'c1', isError: true, content: expect.stringMatching(/^not run: /) }] });
  });
});

describe('a paused turn', () => {
  it('is continued by sending the conversation again, the paused answer last', async () => {
    const { session, provider, events } = setup([stopAfter('pause_turn', { type: 'text_delta', text: 'Searching…' }), stopAfter('end_turn', { type: 'text_delta', text: ' Found it.' })]);
    const end = await session.submit('find it');
    expect(end).toEqual({ reason: 'done', text: ' Found it.' });
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]!.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Searching…' }] });
    expect(events.filter((e) => e.type === 'notify')).toEqual([]);
  });
});

describe('reasoning', () => {
  it('streams as reasoning_delta events, apart from the text, and is kept in its place in the message', async () => {
    const part = { type: 'reasoning' as const, text: 'Let me think.', source: 'anthropic', signature: 'sig==' };
    const { session, events } = setup([
      stopAfter('end_turn', { type: 'reasoning_delta', text: 'Let me ' }, { type: 'reasoning_delta', text: 'think.' }, { type: 'reasoning', part }, { type: 'text_delta', text: 'Four.' }),
    ]);
    const end = await session.submit('2+2?');
    expect(end.text).toBe('Four.');
    expect(events.filter((e) => e.type === 'reasoning_delta').map((e) => (e as { text: string }).text)).toEqual(['Let me ', 'think.']);
    expect(events.filter((e) => e.type === 'text_delta').map((e) => (e as { text: string }).text)).toEqual(['Four.']);
    expect(session.messages.at(-1)).toEqual({ role: 'assistant', content: [part, { type: 'text', text: 'Four.' }] });
  });

  it('is asked for at the level of lug.opt.thinking, the same for the whole turn', async () => {
    let host!: ReturnType<typeof setup>['host'];
    const call = { type: 'tool_call' as const, id: 'c', name: 'write', argsText: '{"path":"a","content":"b"}' };
    const s = setup([
      async function* () {
        host.options.set('thinking', 'low'); // changed while the turn runs
        yield call;
        yield { type: 'stop' as const, reason: 'tool_use' as const };
      },
      stopAfter('end_turn', { type: 'text_delta', text: 'ok' }),
      stopAfter('end_turn', { type: 'text_delta', text: 'ok' }),
    ]);
    host = s.host;
    host.options.set('thinking', 'high');
    await s.session.submit('one');
    expect(s.provider.requests.map((r) => r.thinking)).toEqual(['high', 'high']);
    await s.session.submit('two');
    expect(s.provider.requests[2]!.thinking).toBe('low');
    host.options.set('thinking', 'off');
  });

  it('is not asked for when lug.opt.thinking is off', async () => {
    const { session, provider } = setup([stopAfter('end_turn', { type: 'text_delta', text: 'ok' })]);
    await session.submit('hi');
    expect('thinking' in provider.requests[0]!).toBe(false);
  });
});
