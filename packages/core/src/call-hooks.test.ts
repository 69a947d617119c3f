/** The hook points that change a turn: tool_call before approvals, tool_result before the model, before_request before each request. */
import { describe, expect, it } from 'vitest';
import { scriptedProvider, type ProviderStep } from '@lug/testing';
import type { AuthorizeRequest, Authorizer } from './authorizer.js';
import type { LugEvent } from './events.js';
import { createHost } from './host.js';
import type { ToolResultsMessage } from './messages.js';
import type { ProviderEvent } from './provider.js';
import { Session } from './session.js';
import type { Tool } from './tool.js';

const bash: Tool<{ command: string; timeout?: number }> = {
  name: 'bash',
  description: 'Run a command.',
  parameters: { type: 'object', properties: { command: { type: 'string' }, timeout: { type: 'integer' } }, required: ['command'], additionalProperties: false },
  describe: (a) => ({ title: a.command, command: a.command, kind: 'execute' }),
  handler: (a) => `ran ${a.command}`,
};

const call = (id: string, args: unknown): ProviderEvent[] => [
  { type: 'tool_call', id, name: 'bash', argsText: JSON.stringify(args) },
  { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
  { type: 'stop', reason: 'tool_use' },
];
const done: ProviderEvent[] = [{ type: 'text_delta', text: 'done' }, { type: 'stop', reason: 'end_turn' }];

function setup(steps: ProviderStep[]) {
  const judged: AuthorizeRequest[] = [];
  const authorize: Authorizer = async (request) => {
    judged.push(request);
    return { allow: true, by: 'test' };
  };
  const host = createHost({ cwd: '/project', env: {}, authorize });
  const provider = scriptedProvider(steps);
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m1');
  host.tools.register(bash, 'test');
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  const session = new Session(host, { systemPrompt: 'SYSTEM' });
  const results = () => session.messages.filter((m): m is ToolResultsMessage => m.role === 'tool').flatMap((m) => m.results);
  return { host, provider, session, events, judged, results };
}

describe('tool_call hooks', () => {
  it('rewrite the arguments before approvals judge the call: the approver, the tool_call event, the tool and the session see the new call', async () => {
    const t = setup([call('c1', { command: 'rm -rf build' }), done]);
    t.host.hooks.on('tool_call', (e) => (e.call.args.command === 'rm -rf build' ? { args: { command: 'rm -rf ./build', timeout: 5 } } : undefined), 'init.lua:1');
    await t.session.submit('clean');
    expect(t.judged.map((r) => [r.args, r.description?.command])).toEqual([[{ command: 'rm -rf ./build', timeout: 5 }, 'rm -rf ./build']]);
    expect(t.events.find((e) => e.type === 'tool_call')).toMatchObject({ call: { argsText: '{"command":"rm -rf ./build","timeout":5}', description: { title: 'rm -rf ./build' } } });
    expect(t.results()[0]).toMatchObject({ content: 'ran rm -rf ./build', isError: false });
    const stored = t.session.messages.find((m) => m.role === 'assistant');
    expect(stored).toMatchObject({ content: [{ type: 'tool_call', id: 'c1', argsText: '{"command":"rm -rf ./build","timeout":5}' }] });
    // What the model is sent next is the rewritten call too.
    expect(JSON.stringify(t.provider.requests[1]!.messages)).toContain('rm -rf ./build');
  });

  it('may deny a call with a reason: it never reaches approvals, and the model is told why', async () => {
    const t = setup([call('c1', { command: 'git push' }), done]);
    t.host.hooks.on('tool_call', () => ({ deny: 'no pushing on Fridays' }), 'init.lua:4');
    await t.session.submit('push');
    expect(t.judged).toEqual([]);
    expect(t.results()[0]).toMatchObject({ content: 'denied: no pushing on Fridays (the tool_call hook made at init.lua:4)', isError: true });
    expect(t.events.find((e) => e.type === 'tool_result')).toMatchObject({ outcome: 'denied' });
  });

  it('fail closed: a hook that throws refuses the call with the error as its reason', async () => {
    const t = setup([call('c1', { command: 'ls' }), done]);
    t.host.hooks.on('tool_call', () => {
      throw new Error('attempt to index a nil value');
    }, 'init.lua:9');
    await t.session.submit('list');
    expect(t.judged).toEqual([]);
    expect(t.results()[0]!.content).toBe('denied: the tool_call hook made at init.lua:9 failed: attempt to index a nil value, so the call was refused');
  });

  it('fail closed: arguments the tool does not take refuse the call, naming the hook', async () => {
    const t = setup([call('c1', { command: 'ls' }), done]);
    t.host.hooks.on('tool_call', () => ({ args: { cmd: 'ls' } }), 'init.lua:2');
    await t.session.submit('list');
    expect(t.judged).toEqual([]);
    expect(t.results()[0]!.content).toMatch(/^denied: the tool_call hook made at init\.lua:2 gave bash arguments it does not take \(.*\), so the call was refused$/);
  });

  it('fail closed: a result that is not one refuses the call, saying what is allowed', async () => {
    const t = setup([call('c1', { command: 'ls' }), done]);
    t.host.hooks.on('tool_call', () => ({ allow: true }) as never, 'init.lua:3');
    await t.session.submit('list');
    expect(t.results()[0]!.content).toBe('denied: the tool_call hook made at init.lua:3 returned something that is not a result (its fields are args, deny; got "allow"), so the call was refused');
  });

  it('run in order, each seeing the arguments the one before left', async () => {
    const t = setup([call('c1', { command: 'ls' }), done]);
    t.host.hooks.on('tool_call', (e) => ({ args: { command: `${e.call.args.command} -l` } }), 'a');
    t.host.hooks.on('tool_call', (e) => ({ args: { command: `${e.call.args.command} -a` } }), 'b');
    await t.session.submit('list');
    expect(t.judged[0]!.args).toEqual({ command: 'ls -l -a' });
  });
});

describe('tool_result hooks', () => {
  it('rewrite what the model sees, and the session stores it', async () => {
    const t = setup([call('c1', { command: 'cat .env' }), done]);
    t.host.hooks.on('tool_result', (e) => ({ content: e.content.replace('.env', '[redacted]') }), 'init.lua:1');
    await t.session.submit('show');
    expect(t.results()[0]).toMatchObject({ content: 'ran cat [redacted]', isError: false });
    expect(t.events.find((e) => e.type === 'tool_result')).toMatchObject({ content: 'ran cat [redacted]', outcome: 'done' });
    expect(JSON.stringify(t.provider.requests[1]!.messages)).not.toContain('ran cat .env');
  });

  it('may mark a result as an error', async () => {
    const t = setup([call('c1', { command: 'make' }), done]);
    t.host.hooks.on('tool_result', () => ({ isError: true }), 'init.lua:1');
    await t.session.submit('build');
    expect(t.results()[0]).toMatchObject({ content: 'ran make', isError: true });
    expect(t.events.find((e) => e.type === 'tool_result')).toMatchObject({ outcome: 'failed' });
  });

  it('one that fails is reported and changes nothing', async () => {
    const t = setup([call('c1', { command: 'ls' }), done]);
    t.host.hooks.on('tool_result', () => {
      throw new Error('oops');
    }, 'init.lua:5');
    await t.session.submit('list');
    expect(t.results()[0]!.content).toBe('ran ls');
    expect(t.events).toContainEqual({ type: 'error', message: 'the tool_result hook made at init.lua:5 failed: oops; it changed nothing' });
  });
});

describe('before_request hooks', () => {
  it('see the model, the message count and the estimated tokens of each request', async () => {
    const t = setup([call('c1', { command: 'ls' }), done]);
    const seen: unknown[] = [];
    t.host.hooks.on('before_request', (e) => void seen.push(e), 'init.lua:1');
    await t.session.submit('list');
    expect(seen).toEqual([
      { type: 'before_request', step: 1, model: 'test/m1', messages: 1, tokens: expect.any(Number) },
      { type: 'before_request', step: 2, model: 'test/m1', messages: 3, tokens: expect.any(Number) },
    ]);
    expect((seen[1] as { tokens: number }).tokens).toBeGreaterThan((seen[0] as { tokens: number }).tokens);
  });

  it('may cancel a request with a reason: no request is made, and the turn ends saying why', async () => {
    const t = setup([call('c1', { command: 'ls' }), done]);
    t.host.hooks.on('before_request', (e) => (e.step > 1 ? { cancel: 'one request a turn' } : undefined), 'init.lua:7');
    const end = await t.session.submit('list');
    expect(end).toMatchObject({ reason: 'hook', message: 'the request was cancelled by the before_request hook made at init.lua:7: one request a turn' });
    expect(t.provider.requests).toHaveLength(1);
    expect(t.events).toContainEqual({ type: 'notify', level: 'warn', message: 'the request was cancelled by the before_request hook made at init.lua:7: one request a turn' });
    expect(t.events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'hook' });
  });

  it('one that fails is reported and the request is made', async () => {
    const t = setup([done]);
    t.host.hooks.on('before_request', () => {
      throw new Error('broken');
    }, 'init.lua:2');
    const end = await t.session.submit('hi');
    expect(end.reason).toBe('done');
    expect(t.events).toContainEqual({ type: 'error', message: 'the before_request hook made at init.lua:2 failed: broken; it changed nothing' });
  });
});
