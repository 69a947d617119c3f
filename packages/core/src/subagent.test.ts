import { describe, expect, it } from 'vitest';
import { scriptedProvider, text, toolCall, turn, type ProviderStep } from '@lug/testing';
import type { AuthorizeRequest } from './authorizer.js';
import type { EventOf, LugEvent, LugEventType } from './events.js';
import { createHost, type LugHost } from './host.js';
import { Session } from './session.js';
import { runSubagent, SubagentError, type SubagentSpec } from './subagent.js';
import type { Tool } from './tool.js';

const echo: Tool<{ text: string }> = {
  name: 'echo',
  description: 'Echo the text.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  ask: false,
  handler: (a) => `echo: ${a.text}`,
};
const shout: Tool<{ text: string }> = { ...echo, name: 'shout', description: 'Shout the text.', handler: (a) => a.text.toUpperCase() };

/** A task tool as the workflow registers it: run the named agent, give back its final answer. */
function taskTool(host: LugHost, agents: Record<string, SubagentSpec>): Tool<{ agent: string; prompt: string }> {
  return {
    name: 'task',
    description: 'Hand a job to a subagent.',
    parameters: { type: 'object', properties: { agent: { type: 'string' }, prompt: { type: 'string' } }, required: ['agent', 'prompt'] },
    ask: false,
    async handler(a, ctx) {
      const r = await runSubagent(host, agents[a.agent]!, a.prompt, { signal: ctx.signal, parentCallId: ctx.callId });
      return r.error ? { content: r.error, isError: true } : r.text;
    },
  };
}

function setup(opts: { parent: ProviderStep[]; models?: Record<string, ProviderStep[]>; agents: Record<string, SubagentSpec>; authorize?: (r: AuthorizeRequest) => void }) {
  const asked: AuthorizeRequest[] = [];
  const host = createHost({
    cwd: '/project',
    env: {},
    authorize: async (r) => {
      asked.push(r);
      opts.authorize?.(r);
      return { allow: true, by: 'test' };
    },
  });
  const parent = scriptedProvider(opts.parent);
  host.providers.register({ name: 'test', create: () => parent });
  const children: Record<string, ReturnType<typeof scriptedProvider>> = {};
  for (const [name, steps] of Object.entries(opts.models ?? {})) {
    const p = (children[name] = scriptedProvider(steps));
    host.providers.register({ name, create: () => p });
  }
  host.options.set('model', 'test/m1');
  for (const t of [echo, shout, taskTool(host, opts.agents)]) host.tools.register(t, 'test');
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  const session = new Session(host, { systemPrompt: 'SYSTEM' });
  return { host, parent, children, session, events, asked };
}

const ofType = <K extends LugEventType>(events: LugEvent[], type: K) => events.filter((e) => e.type === type) as unknown as EventOf<K>[];

describe('a subagent', () => {
  it('has its own context: only the job, its own system prompt, and only its final answer reaches the parent', async () => {
    const { session, parent, children, events } = setup({
      agents: { scout: { name: 'scout', prompt: 'Look around, report briefly.', tools: ['echo'], model: 'a/small' } },
      parent: [turn(text('Delegating.'), toolCall('task', { agent: 'scout', prompt: 'find the entry point' }, { id: 't1' })), text('The entry is main.ts.')],
      models: { a: [turn(text('Checking.'), toolCall('echo', { text: 'main.ts' }, { id: 'c1' })), text('It is main.ts.')] },
    });
    const end = await session.submit('where does it start?');
    expect(end).toMatchObject({ reason: 'done', text: 'The entry is main.ts.' });
    const [first, second] = children.a!.requests;
    expect(first!.messages).toEqual([{ role: 'user', content: 'find the entry point' }]);
    expect(first!.system).toContain('# You are the subagent "scout"');
    expect(first!.system).toMatch(/Look around, report briefly\.$/);
    expect(second!.messages.at(-1)).toMatchObject({ role: 'tool', results: [{ callId: 'c1', content: 'echo: main.ts' }] });
    // The parent saw the final answer as the task's result, and none of the child's conversation.
    const parentSecond = parent.requests[1]!;
    expect(parentSecond.messages.at(-1)).toMatchObject({ role: 'tool', results: [{ callId: 't1', content: 'It is main.ts.' }] });
    expect(JSON.stringify(parentSecond.messages)).not.toMatch(/Checking\.|echo: main\.ts/);
    expect(session.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    // Its events came wrapped: the parent's stream holds no text or call of the child's.
    expect(ofType(events, 'text_delta').map((e) => e.text).join('')).toBe('Delegating.The entry is main.ts.');
    expect(ofType(events, 'tool_call').map((e) => e.call.tool)).toEqual(['task']);
    const wrapped = ofType(events, 'subagent_event');
    expect(new Set(wrapped.map((e) => e.agent.label))).toEqual(new Set(['scout']));
    expect(wrapped.map((e) => e.event.type)).toEqual(expect.arrayContaining(['request_start', 'text_delta', 'tool_call', 'tool_result', 'assistant_message']));
    expect(ofType(events, 'subagent_start')[0]).toMatchObject({ agent: { id: 'scout-1', label: 'scout', parentCallId: 't1' }, prompt: 'find the entry point', tools: ['echo'], model: 'a/small' });
    expect(ofType(events, 'subagent_end')[0]).toMatchObject({ reason: 'done', text: 'It is main.ts.' });
  });

  it('is offered only its own tools, and a call to another is an unknown tool', async () => {
    const { session, children } = setup({
      agents: { scout: { name: 'scout', tools: ['echo'], model: 'a/small' } },
      parent: [turn(toolCall('task', { agent: 'scout', prompt: 'shout hi' }, { id: 't1' })), text('ok')],
      models: { a: [turn(toolCall('shout', { text: 'hi' }, { id: 'c1' })), text('I cannot shout.')] },
    });
    await session.submit('go');
    expect(children.a!.requests[0]!.tools.map((t) => t.name)).toEqual(['echo']);
    expect(children.a!.requests[1]!.messages.at(-1)).toMatchObject({ results: [{ callId: 'c1', isError: true, content: expect.stringMatching(/^unknown tool "shout"; the tools are: echo$/) }] });
  });

  it('uses the session model when it names none, and every host tool when it names no tools', async () => {
    const { session, parent } = setup({
      agents: { any: { name: 'any' } },
      parent: [turn(toolCall('task', { agent: 'any', prompt: 'say hi' }, { id: 't1' })), text('hi there'), text('done')],
    });
    await session.submit('go');
    expect(parent.requests[1]!.messages).toEqual([{ role: 'user', content: 'say hi' }]);
    expect(parent.requests[1]!.tools.map((t) => t.name)).toEqual(['echo', 'shout', 'task']);
  });

  it('refuses an agent naming a tool the host does not have, before it starts', async () => {
    const { host } = setup({ agents: {}, parent: [] });
    await expect(runSubagent(host, { name: 'x', tools: ['echo', 'nope'] }, 'job', { signal: new AbortController().signal })).rejects.toThrow(
      new SubagentError('the agent x names tools the host does not have: nope; the tools are: echo, shout, task'),
    );
  });

  it('runs beside another at once, each with its own tools, their calls authorised with their labels', async () => {
    // Each child's first request waits until the other's has arrived: only two running at once finish.
    let arrived = 0;
    let bothArrived!: () => void;
    const both = new Promise<void>((r) => (bothArrived = r));
    const meet = (step: ProviderStep): ProviderStep => async function* (request, signal) {
      if (++arrived === 2) bothArrived();
      await both;
      const p = scriptedProvider([step]);
      yield* p.stream(request, signal);
    };
    const { session, parent, children, asked } = setup({
      agents: {
        reader: { name: 'reader', tools: ['echo'], model: 'a/m' },
        writer: { name: 'writer', tools: ['shout'], model: 'b/m' },
      },
      parent: [
        turn(toolCall('task', { agent: 'reader', prompt: 'echo x' }, { id: 't1' }), toolCall('task', { agent: 'writer', prompt: 'shout y' }, { id: 't2' })),
        text('both done'),
      ],
      models: {
        a: [meet(turn(toolCall('echo', { text: 'x' }, { id: 'c1' }))), text('reader: echo: x')],
        b: [meet(turn(toolCall('shout', { text: 'y' }, { id: 'c1' }))), text('writer: Y')],
      },
    });
    session.host.options.set('tool_concurrency', 2);
    await session.submit('go');
    expect(children.a!.requests[0]!.tools.map((t) => t.name)).toEqual(['echo']);
    expect(children.b!.requests[0]!.tools.map((t) => t.name)).toEqual(['shout']);
    expect(parent.requests[1]!.messages.at(-1)).toMatchObject({
      results: [
        { callId: 't1', content: 'reader: echo: x' },
        { callId: 't2', content: 'writer: Y' },
      ],
    });
    const childAsks = asked.filter((r) => r.agent);
    expect(childAsks.map((r) => [r.agent!.label, r.tool, r.id]).sort()).toEqual([
      ['reader', 'echo', 'reader-1/c1'],
      ['writer', 'shout', 'writer-1/c1'],
    ]);
  });

  it('is cancelled with the turn: its running call sees the abort and the parent turn ends cancelled', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let sawAbort = false;
    const wait: Tool = {
      name: 'wait',
      description: 'Wait until cancelled.',
      parameters: { type: 'object', properties: {} },
      ask: false,
      handler: (_a, ctx) =>
        new Promise((resolve) => {
          started();
          ctx.signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve('stopped');
          });
        }),
    };
    const { session, host, events } = setup({
      agents: { slow: { name: 'slow', tools: ['wait'], model: 'a/m' } },
      parent: [turn(toolCall('task', { agent: 'slow', prompt: 'wait' }, { id: 't1' }))],
      models: { a: [turn(toolCall('wait', {}, { id: 'c1' }))] },
    });
    host.tools.register(wait, 'test');
    const turnDone = session.submit('go');
    await running;
    session.cancel();
    expect(await turnDone).toMatchObject({ reason: 'cancelled' });
    expect(sawAbort).toBe(true);
    expect(ofType(events, 'subagent_end')[0]).toMatchObject({ agent: { label: 'slow' }, reason: 'cancelled' });
  });

  it('numbers the label of an agent run more than once', async () => {
    const { host } = setup({ agents: {}, parent: [], models: { a: [text('one'), text('two')] } });
    const signal = new AbortController().signal;
    const spec = { name: 'scout', tools: [], model: 'a/m' };
    expect((await runSubagent(host, spec, 'job', { signal })).agent).toMatchObject({ id: 'scout-1', label: 'scout' });
    expect((await runSubagent(host, spec, 'job', { signal })).agent).toMatchObject({ id: 'scout-2', label: 'scout #2' });
  });
});
