import { describe, expect, it } from 'vitest';
import { allowAll, authorizerFactory, type Authorizer } from './authorizer.js';
import { createHost, type HostOptions, type LugHost } from './host.js';
import { Session } from './session.js';
import { scriptedProvider } from '@lug/testing';

describe('a host', () => {
  it('cannot be made without an authorizer: the error says what to pass', () => {
    const made = () => createHost({ cwd: '/p', env: {} } as HostOptions);
    expect(made).toThrow(/^createHost needs authorize, the guard every tool call passes: approvals \(createHostWithApprovals from @lug\/approvals\), or allowAll from @lug\/core in tests and examples; got none$/);
    expect(() => createHost({ cwd: '/p', authorize: 'allow' } as unknown as HostOptions)).toThrow(/got string$/);
  });

  it('keeps the authorizer it was made with: assigning host.authorize is an error', () => {
    const host = createHost({ cwd: '/p', env: {}, authorize: allowAll });
    const other: Authorizer = async () => ({ allow: true, by: 'other' });
    expect(() => ((host as { authorize: Authorizer }).authorize = other)).toThrow(
      'host.authorize cannot be replaced: it is set when the host is made (createHost({ authorize })); add rules and approvers to approvals instead',
    );
    expect(host.authorize).toBe(allowAll);
    expect(() => delete (host as { authorize?: Authorizer }).authorize).toThrow(TypeError);
    expect(() => Object.defineProperty(host, 'authorize', { value: other })).toThrow(TypeError);
    expect(host.authorize).toBe(allowAll);
  });

  it('makes its authorizer with a factory, which receives the host', () => {
    let seen: LugHost | undefined;
    const decide: Authorizer = async () => ({ allow: false, by: 'test', reason: 'no' });
    const host = createHost({ cwd: '/p', env: {}, authorize: authorizerFactory((h) => ((seen = h), decide)) });
    expect(seen).toBe(host);
    expect(host.authorize).toBe(decide);
  });

  it('chooses its ui when it is made and keeps it: assigning host.ui is an error', () => {
    const headless = createHost({ cwd: '/p', env: {}, authorize: allowAll });
    const interactive = createHost({ cwd: '/p', env: {}, authorize: allowAll, interactive: true });
    expect(headless.ui.interactive).toBe(false);
    expect(interactive.ui.interactive).toBe(true);
    expect(() => ((headless as { ui: unknown }).ui = interactive.ui)).toThrow(/^host\.ui cannot be replaced: it is chosen when the host is made/);
    expect(() => ((headless.ui as { interactive: boolean }).interactive = true)).toThrow(TypeError);
    expect(headless.ui.interactive).toBe(false);
  });

  it('headless, answers a confirm no and says so', async () => {
    const host = createHost({ cwd: '/p', env: {}, authorize: allowAll });
    const notices: string[] = [];
    host.events.on('notify', (e) => notices.push(e.message));
    expect(await host.ui.confirm('Push?')).toBe(false);
    expect(notices).toEqual(['confirm answered "no" (headless, nobody can answer): Push?']);
  });

  it('interactive, keeps a confirm waiting until the interface serving the queue answers it', async () => {
    const host = createHost({ cwd: '/p', env: {}, authorize: allowAll, interactive: true });
    if (!host.ui.interactive) throw new Error('expected an interactive ui');
    host.ui.confirms.serve();
    const answer = host.ui.confirm('Push?');
    const waiting = host.ui.confirms.getSnapshot();
    expect(waiting).toMatchObject({ message: 'Push?' });
    host.ui.confirms.answer(waiting!.id, true);
    expect(await answer).toBe(true);
    expect(host.ui.confirms.getSnapshot()).toBeUndefined();
  });

  it('interactive, answers no to a confirm whose signal aborts, and to all when cleared', async () => {
    const host = createHost({ cwd: '/p', env: {}, authorize: allowAll, interactive: true });
    if (!host.ui.interactive) throw new Error('expected an interactive ui');
    host.ui.confirms.serve();
    const controller = new AbortController();
    const aborted = host.ui.confirm('a', controller.signal);
    const cleared = host.ui.confirm('b');
    controller.abort();
    expect(await aborted).toBe(false);
    expect(host.ui.confirms.getSnapshot()).toMatchObject({ message: 'b' });
    host.ui.confirms.clear();
    expect(await cleared).toBe(false);
  });

  it('interactive, answers no with a notice while no interface serves the confirms (before it starts, after it stops)', async () => {
    const host = createHost({ cwd: '/p', env: {}, authorize: allowAll, interactive: true });
    if (!host.ui.interactive) throw new Error('expected an interactive ui');
    const notices: string[] = [];
    host.events.on('notify', (e) => notices.push(e.message));
    expect(await host.ui.confirm('at start-up?')).toBe(false);
    const stop = host.ui.confirms.serve();
    const waiting = host.ui.confirm('while served?');
    expect(host.ui.confirms.pending().map((c) => c.message)).toEqual(['while served?']);
    stop();
    expect(await waiting).toBe(false);
    expect(await host.ui.confirm('after?')).toBe(false);
    expect(notices).toEqual([
      'confirm answered "no" (the interface is not showing confirms yet, or any more): at start-up?',
      'confirm answered "no" (the interface is not showing confirms yet, or any more): after?',
    ]);
  });

  it('is not made when its authorizer factory returns something else than an authorizer', () => {
    expect(() => createHost({ cwd: '/p', env: {}, authorize: authorizerFactory(() => undefined as unknown as Authorizer) })).toThrow(
      'the authorizer factory given to createHost returned undefined, not an authorizer',
    );
  });

  it('runs a tool only when its authorizer allows the call', async () => {
    let runs = 0;
    const host = createHost({ cwd: '/p', env: {}, authorize: async (call) => (call.args.ok ? { allow: true, by: 'test' } : { allow: false, by: 'test', reason: 'not ok' }) });
    host.tools.register({ name: 't', description: 'd', parameters: { type: 'object', properties: { ok: { type: 'boolean' } } }, handler: () => String(++runs) }, 'test');
    const provider = scriptedProvider([
      [{ type: 'tool_call', id: '1', name: 't', argsText: '{"ok":false}' }, { type: 'tool_call', id: '2', name: 't', argsText: '{"ok":true}' }, { type: 'stop', reason: 'tool_use' }],
      [{ type: 'stop', reason: 'end_turn' }],
    ]);
    host.providers.register({ name: 'test', create: () => provider });
    host.options.set('model', 'test/m');
    const session = new Session(host, { systemPrompt: 's' });
    await session.submit('go');
    expect(session.messages.find((m) => m.role === 'tool')).toMatchObject({ role: 'tool', results: [{ content: 'denied: not ok', isError: true }, { content: '1', isError: false }] });
    expect(runs).toBe(1);
  });
});

describe("a host's editor files", () => {
  it('are set when the host is made, handed to every call, and cannot be replaced', async () => {
    const files = { readText: async () => 'from the editor' };
    const host = createHost({ cwd: '/p', env: {}, authorize: allowAll, files });
    expect(host.files).toBe(files);
    expect(createHost({ cwd: '/p', env: {}, authorize: allowAll }).files).toBeUndefined();
    expect(() => ((host as { files: unknown }).files = undefined)).toThrow(/^host\.files cannot be replaced: it is set when the host is made/);
    let seen: unknown;
    host.tools.register({ name: 't', description: 'd', parameters: { type: 'object' }, ask: false, handler: (_args, ctx) => ((seen = ctx.files), 'ok') });
    host.providers.register({ name: 'test', create: () => scriptedProvider([[{ type: 'tool_call', id: '1', name: 't', argsText: '{}' }, { type: 'stop', reason: 'tool_use' }], [{ type: 'stop', reason: 'end_turn' }]]) });
    host.options.set('model', 'test/m');
    await new Session(host, { systemPrompt: 's' }).submit('go');
    expect(seen).toBe(files);
  });
});
