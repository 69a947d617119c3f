import { describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { DEFAULT_LIMITS } from './limits.js';
import type { ToolCallPart } from './messages.js';
import { PathLocks } from './path-lock.js';
import { runToolCalls, type SchedulerDeps } from './scheduler.js';
import { ToolError, type Tool } from './tool.js';
import { ToolRegistry } from './tool-registry.js';
import { allowAll, type Authorizer } from './authorizer.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function setup(tools: Tool[], over: Partial<SchedulerDeps> = {}): SchedulerDeps {
  const registry = new ToolRegistry();
  for (const t of tools) registry.register(t, 'test');
  return { tools: registry, events: new EventBus(), locks: new PathLocks(), limits: DEFAULT_LIMITS, cwd: '/tmp', concurrency: 10, authorize: allowAll, ...over };
}

const call = (id: string, name: string, args: unknown = {}): ToolCallPart => ({ type: 'tool_call', id, name, argsText: JSON.stringify(args) });

const sleeper: Tool<{ ms: number; out: string }> = {
  name: 'sleep',
  description: 'Sleep then answer.',
  parameters: { type: 'object', properties: { ms: { type: 'integer' }, out: { type: 'string' } }, required: ['ms', 'out'] },
  async handler(args, ctx) {
    await new Promise((r, j) => {
      const t = setTimeout(r, args.ms);
      ctx.signal.addEventListener('abort', () => (clearTimeout(t), j(new Error('aborted'))));
    });
    return args.out;
  },
};

describe('the scheduler', () => {
  it('returns results in call order although the first call finishes last', async () => {
    const done: string[] = [];
    const deps = setup([sleeper]);
    deps.events.on('tool_result', (e) => done.push(e.content));
    const results = await runToolCalls([call('1', 'sleep', { ms: 60, out: 'A' }), call('2', 'sleep', { ms: 1, out: 'B' }), call('3', 'sleep', { ms: 20, out: 'C' })], deps, new AbortController().signal);
    expect(results.map((r) => r.content)).toEqual(['A', 'B', 'C']);
    expect(done).toEqual(['B', 'C', 'A']);
  });

  it('runs at most tool_concurrency calls at a time', async () => {
    let running = 0;
    let peak = 0;
    const counted: Tool = {
      name: 'count',
      description: 'd',
      parameters: { type: 'object', properties: {} },
      async handler() {
        peak = Math.max(peak, ++running);
        await sleep(10);
        running--;
        return 'ok';
      },
    };
    await runToolCalls(Array.from({ length: 8 }, (_, i) => call(String(i), 'count')), setup([counted], { concurrency: 3 }), new AbortController().signal);
    expect(peak).toBe(3);
  });

  it('holds no slot while a call waits for approval', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const authorize: Authorizer = async (c) => {
      if (c.id === 'waits') await gate;
      return { allow: true, by: 'test' };
    };
    const deps = setup([sleeper], { concurrency: 1, authorize });
    const p = runToolCalls([call('waits', 'sleep', { ms: 1, out: 'W' }), call('runs', 'sleep', { ms: 1, out: 'R' })], deps, new AbortController().signal);
    const first = await new Promise<string>((r) => deps.events.on('tool_result', (e) => r(e.call.id)));
    expect(first).toBe('runs');
    release();
    expect((await p).map((r) => r.content)).toEqual(['W', 'R']);
  });

  it('gives a denied call an error result with the reason', async () => {
    const deps = setup([sleeper], { authorize: async () => ({ allow: false, by: 'rule', reason: 'no sleeping' }) });
    const [r] = await runToolCalls([call('1', 'sleep', { ms: 1, out: 'x' })], deps, new AbortController().signal);
    expect(r).toMatchObject({ isError: true, content: 'denied: no sleeping' });
  });

  it('runs no tool when there is no authorizer, and says why', async () => {
    let ran = false;
    const t: Tool = { name: 't', description: 'd', parameters: { type: 'object' }, handler: () => ((ran = true), 'x') };
    const [r] = await runToolCalls([call('1', 't')], setup([t], { authorize: undefined }), new AbortController().signal);
    expect(r).toMatchObject({ isError: true, content: expect.stringMatching(/^denied: no authorizer guards this host, so no tool runs/) });
    expect(ran).toBe(false);
  });

  it('runs no tool when the authorizer answers something that is not a decision', async () => {
    let ran = 0;
    const t: Tool = { name: 't', description: 'd', parameters: { type: 'object' }, handler: () => String(++ran) };
    const answers: unknown[] = [undefined, { allow: 'yes', by: 'x' }, () => {}, true];
    for (const answer of answers) {
      const [r] = await runToolCalls([call('1', 't')], setup([t], { authorize: (async () => answer) as unknown as Authorizer }), new AbortController().signal);
      expect(r).toMatchObject({ isError: true, content: expect.stringMatching(/which is not a decision \(\{ allow: true \| false, by, reason \}\), so the call does not run$/) });
    }
    expect(ran).toBe(0);
  });

  it('runs no tool when the authorizer throws, and reports its error', async () => {
    let ran = false;
    const t: Tool = { name: 't', description: 'd', parameters: { type: 'object' }, handler: () => ((ran = true), 'x') };
    const authorize: Authorizer = async () => {
      throw new Error('rules file unreadable');
    };
    const [r] = await runToolCalls([call('1', 't')], setup([t], { authorize }), new AbortController().signal);
    expect(r).toMatchObject({ isError: true, content: 'error: rules file unreadable' });
    expect(ran).toBe(false);
  });

  it('answers unknown tools and invalid arguments with an error, running nothing', async () => {
    let ran = false;
    const t: Tool = { name: 't', description: 'd', parameters: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 600 } } }, handler: () => ((ran = true), 'x') };
    const deps = setup([t]);
    const results = await runToolCalls(
      [call('1', 'nope'), { type: 'tool_call', id: '2', name: 't', argsText: '{"n": ' }, call('3', 't', { n: 900 })],
      deps,
      new AbortController().signal,
    );
    expect(results[0]!.content).toBe('unknown tool "nope"; the tools are: t');
    expect(results[1]!.content).toMatch(/^invalid arguments for t: the arguments are not valid JSON/);
    expect(results[2]!.content).toBe('invalid arguments for t: n must be an integer from 1 to 600, got 900');
    expect(results.every((r) => r.isError)).toBe(true);
    expect(ran).toBe(false);
  });

  it('reports the validated arguments with the result, and none for a call whose arguments were invalid', async () => {
    const deps = setup([sleeper]);
    const seen: Array<[string, unknown]> = [];
    deps.events.on('tool_result', (e) => seen.push([e.call.id, e.call.args]));
    await runToolCalls([call('ok', 'sleep', { ms: 1, out: 'x' }), call('bad', 'sleep', { ms: 'soon', out: 'x' })], deps, new AbortController().signal);
    expect(seen.sort()).toEqual([
      ['bad', undefined],
      ['ok', { ms: 1, out: 'x' }],
    ]);
  });

  it('turns a thrown ToolError into its message', async () => {
    const t: Tool = { name: 't', description: 'd', parameters: { type: 'object' }, handler: () => { throw new ToolError('file not found: a.txt'); } };
    const [r] = await runToolCalls([call('1', 't')], setup([t]), new AbortController().signal);
    expect(r).toMatchObject({ isError: true, content: 'file not found: a.txt' });
  });

  it('caps every output at 30,000 bytes, keeping the end when the tool says so', async () => {
    const big = 'x'.repeat(40_000) + 'END';
    const start: Tool = { name: 's', description: 'd', parameters: { type: 'object' }, handler: () => big };
    const end: Tool = { ...start, name: 'e', keep: 'end' };
    const [s, e] = await runToolCalls([call('1', 's'), call('2', 'e')], setup([start, end]), new AbortController().signal);
    expect(Buffer.byteLength(s!.content)).toBeLessThanOrEqual(30_000);
    expect(s!.content.startsWith('xxx')).toBe(true);
    expect(e!.content.endsWith('END')).toBe(true);
  });

  it('gives every unfinished call "cancelled by the user" on cancel, even a handler that ignores the signal', async () => {
    const stubborn: Tool = { name: 'stubborn', description: 'd', parameters: { type: 'object' }, handler: () => new Promise(() => {}) };
    const controller = new AbortController();
    const deps = setup([sleeper, stubborn], { authorize: async (c, signal) => (c.id === '3' ? new Promise(() => {}) : { allow: true, by: 't' }) });
    const p = runToolCalls([call('1', 'sleep', { ms: 1, out: 'fast' }), call('2', 'stubborn'), call('3', 'sleep', { ms: 1, out: 'never' })], deps, controller.signal);
    await sleep(30);
    controller.abort();
    const results = await p;
    expect(results.map((r) => r.content)).toEqual(['fast', 'cancelled by the user', 'cancelled by the user']);
  });
});

describe('the scheduler and what tools say about their calls', () => {
  const mover: Tool<{ src: string; dst: string }> = {
    name: 'move',
    description: 'Move a file.',
    parameters: { type: 'object', properties: { src: { type: 'string' }, dst: { type: 'string' } }, required: ['src', 'dst'] },
    describe: (args) => ({ title: `${args.src} → ${args.dst}`, kind: 'move', paths: [{ path: args.src, access: 'change' }, { path: args.dst, access: 'change' }] }),
    handler: () => ({ content: 'moved', details: { kind: 'file_change', path: 'b', created: true, linesAdded: 1, linesRemoved: 0 } }),
  };

  it('describes a call once, before it is authorised, and carries the description on its events', async () => {
    let described = 0;
    const counted: Tool = { ...mover, describe: (args) => (described++, mover.describe!(args, { cwd: '/tmp' })) };
    const seen: unknown[] = [];
    const authorize: Authorizer = async (request) => (seen.push(request.description), { allow: true, by: 'test' });
    const deps = setup([counted], { authorize, cwd: '/' });
    const events: string[] = [];
    deps.events.onAny((e) => 'call' in e && events.push(`${e.type}:${e.call.description?.title}`));
    await runToolCalls([call('1', 'move', { src: 'a', dst: 'b' })], deps, new AbortController().signal);
    expect(described).toBe(1);
    expect(seen).toEqual([{ title: 'a → b', kind: 'move', paths: [{ path: 'a', access: 'change', absPath: '/a' }, { path: 'b', access: 'change', absPath: '/b' }] }]);
    expect(events).toEqual(['tool_call:a → b', 'tool_start:a → b', 'tool_result:a → b']);
  });

  it('does not run a call whose tool cannot describe it', async () => {
    let ran = false;
    const broken: Tool = { ...mover, describe: () => ({ title: 't', paths: [{ path: 'a', access: 'write' }] }) as never, handler: () => ((ran = true), 'ok') };
    let asked = false;
    const deps = setup([broken], { authorize: async () => ((asked = true), { allow: true, by: 'test' }) });
    const [result] = await runToolCalls([call('1', 'move', { src: 'a', dst: 'b' })], deps, new AbortController().signal);
    expect(result).toMatchObject({ isError: true, content: 'the move tool could not describe this call, so it was not run: paths[1].access must be "read" or "change", got "write"' });
    expect(ran).toBe(false);
    expect(asked).toBe(false);
  });

  it('carries a handler\'s details on tool_result and in the result part, never in the text', async () => {
    const deps = setup([mover]);
    const details: unknown[] = [];
    deps.events.on('tool_result', (e) => details.push(e.details));
    const [result] = await runToolCalls([call('1', 'move', { src: 'a', dst: 'b' })], deps, new AbortController().signal);
    const expected = { kind: 'file_change', path: 'b', created: true, linesAdded: 1, linesRemoved: 0 };
    expect(result).toEqual({ type: 'tool_result', callId: '1', name: 'move', content: 'moved', isError: false, details: expected });
    expect(details).toEqual([expected]);
  });

  it('drops details that are not well-formed, with a warning that says what is wrong', async () => {
    const sloppy: Tool = { ...mover, handler: () => ({ content: 'moved', details: { kind: 'file_change', path: 'b', created: 'yes' } as never }) };
    const deps = setup([sloppy]);
    const notices: string[] = [];
    deps.events.on('notify', (e) => notices.push(e.message));
    const [result] = await runToolCalls([call('1', 'move', { src: 'a', dst: 'b' })], deps, new AbortController().signal);
    expect(result!.details).toBeUndefined();
    expect(result!.content).toBe('moved');
    expect(notices).toEqual(['the move tool returned details that are not well-formed, so they were dropped: details.created of a file_change result must be true or false, got "yes"']);
  });
});
