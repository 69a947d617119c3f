import { mkdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANCELLED_BY_USER, NEEDS_APPROVAL } from './decider.js';
import { fakeTool, never, plainTool, request, settle, setup } from './test-support.js';
import type { RuleCall } from './types.js';

describe('rules', () => {
  it('a "*" deny beats a tool allow, whichever was made first', async () => {
    const first = setup();
    first.approvals.rule('write', 'allow');
    first.approvals.rule('*', () => ({ verdict: 'deny', reason: 'read-only day' }));
    expect(await first.approvals.decide(request('write', { path: 'a' }), never)).toEqual({ allow: false, by: 'rule:* rule #2', reason: 'read-only day' });

    const second = setup();
    second.approvals.rule('*', 'deny', { source: 'init.lua:3' });
    second.approvals.rule('write', 'allow');
    expect(await second.approvals.decide(request('write'), never)).toMatchObject({ allow: false, by: 'rule:init.lua:3' });
  });

  it('a deny beats approval "off" (auto mode)', async () => {
    const { approvals } = setup({ mode: 'off' });
    approvals.rule('write', 'deny', { source: 'init.lua:1' });
    expect(await approvals.decide(request('write'), never)).toEqual({ allow: false, by: 'rule:init.lua:1', reason: 'denied by rule init.lua:1' });
  });

  it('an "ask" rule does not ask in "off"', async () => {
    const { approvals } = setup({ mode: 'off' });
    approvals.rule('read', 'ask');
    expect(await approvals.decide(request('read'), never)).toEqual({ allow: true, by: 'mode:off' });
  });

  it('an "allow" rule still asks in "all"', async () => {
    const { approvals } = setup({ mode: 'all' });
    approvals.rule('read', 'allow');
    expect(await approvals.decide(request('read'), never)).toEqual({ allow: false, by: 'headless', reason: NEEDS_APPROVAL });
  });

  it('run in the order they were made, and the first deny stops the rest', async () => {
    const { approvals } = setup();
    const ran: string[] = [];
    approvals.rule('write', () => void ran.push('write 1'));
    approvals.rule('*', () => void ran.push('* 1'));
    approvals.rule('write', () => (ran.push('write 2'), 'deny'));
    approvals.rule('*', () => void ran.push('* 2'));
    approvals.rule('read', () => void ran.push('read'));
    expect((await approvals.decide(request('write'), never)).allow).toBe(false);
    expect(ran).toEqual(['write 1', '* 1', 'write 2']);
  });

  it('returns a function that removes the rule, and null removes all of a tool\'s rules', async () => {
    const { approvals } = setup();
    const remove = approvals.rule('read', 'deny');
    remove();
    expect((await approvals.decide(request('read'), never)).allow).toBe(true);
    approvals.rule('read', 'deny');
    approvals.rule('read', 'deny');
    approvals.rule('*', 'allow');
    approvals.rule('read', null);
    expect(await approvals.decide(request('read'), never)).toEqual({ allow: true, by: 'rule:* rule #4' });
  });

  it('refuses what is not a rule, saying what a rule is', () => {
    const { approvals } = setup();
    expect(() => approvals.rule('read', 'maybe' as never)).toThrow(/a rule is a function or one of "allow", "ask", "deny"/);
    expect(() => approvals.rule('', 'allow')).toThrow(/the tool must be a tool name or "\*"/);
  });

  it('tells a rule the call, with abs_path resolved against cwd and symlinks followed', async () => {
    const { approvals, dir } = setup();
    mkdirSync(join(dir, 'proj', 'deep'), { recursive: true });
    symlinkSync('/etc', join(dir, 'proj', 'etc-link'));
    const seen: RuleCall[] = [];
    approvals.rule('*', (args, call) => {
      seen.push(call);
      return call.abs_path?.startsWith('/etc') ? { verdict: 'deny', reason: 'no writes outside the project' } : undefined;
    });
    const cwd = join(dir, 'proj', 'deep');
    const sneaky = relative(cwd, '/etc/x'); // ../../../…/etc/x
    expect(await approvals.decide(request('write', { path: sneaky }, cwd), never)).toMatchObject({ allow: false, reason: 'no writes outside the project' });
    expect(await approvals.decide(request('write', { path: '../etc-link/x' }, cwd), never)).toMatchObject({ allow: false });
    await approvals.decide(request('read', {}, cwd), never);
    expect(seen[2]).toEqual({ tool: 'read', id: expect.any(String), cwd, kind: 'other', abs_path: cwd, paths: [{ path: '.', access: 'change', abs_path: cwd }] });
  });

  it('waits for an async rule that asks the user', async () => {
    const { approvals } = setup();
    let answer!: (ok: boolean) => void;
    approvals.rule('write', () => new Promise((resolve) => (answer = (ok) => resolve(ok ? 'allow' : 'deny'))));
    const decision = approvals.decide(request('write'), never);
    await settle();
    answer(true);
    expect(await decision).toEqual({ allow: true, by: 'rule:write rule #1' });
  });

  it('a cancelled turn stops waiting for a slow rule', async () => {
    const { approvals } = setup();
    approvals.rule('write', () => new Promise(() => {}));
    const turn = new AbortController();
    const decision = approvals.decide(request('write'), turn.signal);
    await settle();
    turn.abort();
    expect(await decision).toEqual({ allow: false, by: 'user', reason: CANCELLED_BY_USER });
  });
});

describe('allowed always', () => {
  it('"A" releases a call that an "ask" rule held, and its other waiting calls', async () => {
    const { approvals } = setup({ interactive: true });
    approvals.rule('write', () => ({ verdict: 'ask', reason: 'writes are checked' }));
    const one = approvals.decide(request('write', { path: 'a' }), never);
    const two = approvals.decide(request('write', { path: 'b' }), never);
    await settle();
    expect(approvals.queue.pending()).toHaveLength(2);
    expect(approvals.queue.current()?.call.reason).toBe('writes are checked');
    approvals.queue.answer(approvals.queue.current()!.call.id, { kind: 'always' });
    expect(await one).toEqual({ allow: true, by: 'user' });
    expect(await two).toEqual({ allow: true, by: 'allowed-always' });
    expect(approvals.allowedAlways.list()).toEqual(['write']);
    // …and from now on, without asking, even with the rule still there.
    expect(await approvals.decide(request('write'), never)).toEqual({ allow: true, by: 'allowed-always' });
  });

  it('list() and clear()', async () => {
    const { approvals } = setup();
    approvals.allowedAlways.add('write');
    approvals.allowedAlways.add('bash');
    expect(approvals.allowedAlways.list()).toEqual(['write', 'bash']);
    approvals.allowedAlways.clear();
    expect(approvals.allowedAlways.list()).toEqual([]);
    expect((await approvals.decide(request('write'), never)).allow).toBe(false);
  });
});

describe('approvers', () => {
  it('run in order before the dialog; the first answer wins; they may wait', async () => {
    const { approvals } = setup({ interactive: true });
    const calls: string[] = [];
    approvals.approve(async () => void calls.push('passes'));
    approvals.approve(async (call, preview) => {
      calls.push(`answers ${call.tool} ${preview.kind}`);
      await new Promise((r) => setTimeout(r, 2));
      return 'allow' as const;
    }, { source: 'ci-bot' });
    approvals.approve(() => void calls.push('never reached'));
    expect(await approvals.decide(request('bash', { command: 'make' }), never)).toEqual({ allow: true, by: 'plugin:ci-bot' });
    expect(calls).toEqual(['passes', 'answers bash command']);
    expect(approvals.queue.pending()).toEqual([]);
  });

  it('get the reason a rule gave and the preview', async () => {
    const { approvals } = setup();
    approvals.rule('bash', () => ({ verdict: 'ask', reason: 'network access' }));
    let seen: unknown;
    approvals.approve((call, preview) => void (seen = { reason: call.reason, preview }));
    await approvals.decide(request('bash', { command: 'curl x' }, '/proj'), never);
    expect(seen).toEqual({ reason: 'network access', preview: { kind: 'command', text: '$ curl x\n\nin /proj' } });
  });

  it('"deny" with a message passes the user\'s words to the model', async () => {
    const { approvals } = setup();
    approvals.approve(() => ({ verdict: 'deny', message: 'use the test database' }), { source: 'guard' });
    expect(await approvals.decide(request('write'), never)).toEqual({ allow: false, by: 'plugin:guard', reason: 'use the test database' });
    const plain = setup();
    plain.approvals.approve(() => 'deny', { source: 'guard' });
    expect(await plain.approvals.decide(request('write'), never)).toEqual({ allow: false, by: 'plugin:guard', reason: 'denied by plugin guard' });
  });

  it('"always" allows the tool for the rest of the session', async () => {
    const { approvals } = setup();
    approvals.approve(() => 'always', { source: 'p' });
    expect(await approvals.decide(request('write'), never)).toEqual({ allow: true, by: 'plugin:p' });
    expect(approvals.allowedAlways.list()).toEqual(['write']);
  });

  it('one that throws or answers nonsense passes, with a warning', async () => {
    const { approvals, events } = setup();
    approvals.approve(() => {
      throw new Error('oops');
    }, { source: 'broken' });
    approvals.approve(() => 'yes please' as never, { source: 'confused' });
    expect(await approvals.decide(request('write'), never)).toMatchObject({ allow: false, by: 'headless' });
    const warnings = events.filter((e) => e.type === 'notify').map((e) => (e as { message: string }).message);
    expect(warnings[0]).toMatch(/approver broken failed on write \(oops\)/);
    expect(warnings[1]).toMatch(/approver confused returned "yes please"/);
  });

  it('can be removed', async () => {
    const { approvals } = setup();
    const remove = approvals.approve(() => 'allow');
    remove();
    expect((await approvals.decide(request('write'), never)).by).toBe('headless');
  });
});

describe('headless', () => {
  it('refuses a call that asks, with a reason that says what to do, and never waits', async () => {
    const { approvals, events } = setup();
    expect(await approvals.decide(request('write'), never)).toEqual({ allow: false, by: 'headless', reason: NEEDS_APPROVAL });
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
  });
});

describe('cancelling', () => {
  it('a waiting call leaves the queue and is denied "cancelled by the user"', async () => {
    const { approvals } = setup({ interactive: true });
    const turn = new AbortController();
    const cancelled = approvals.decide(request('write', { path: 'a' }), turn.signal);
    const other = approvals.decide(request('bash', { command: 'ls' }), never);
    await settle();
    expect(approvals.queue.pending()).toHaveLength(2);
    turn.abort();
    expect(await cancelled).toEqual({ allow: false, by: 'user', reason: CANCELLED_BY_USER });
    expect(approvals.queue.pending().map((p) => p.call.tool)).toEqual(['bash']);
    approvals.queue.answer(approvals.queue.current()!.call.id, { kind: 'deny' });
    expect(await other).toEqual({ allow: false, by: 'user', reason: 'denied by the user' });
  });

  it('a call whose turn is already cancelled is denied at once', async () => {
    const { approvals } = setup();
    const turn = new AbortController();
    turn.abort();
    expect(await approvals.decide(request('read'), turn.signal)).toEqual({ allow: false, by: 'user', reason: CANCELLED_BY_USER });
  });
});

describe('events and wiring', () => {
  it('is the authorizer of the host createHostWithApprovals makes, which nothing can replace', async () => {
    const { host, approvals } = setup();
    expect(host.authorize).toBe(approvals.decide);
    expect(await host.authorize(request('read'), never)).toEqual({ allow: true, by: 'mode:policy', reason: 'read does not ask by default' });
    expect(() => ((host as { authorize: unknown }).authorize = async () => ({ allow: true, by: 'x' }))).toThrow(/^host\.authorize cannot be replaced/);
    expect(host.authorize).toBe(approvals.decide);
  });

  it('refuses every call once disposed, never letting them through', async () => {
    const { host, approvals } = setup({ mode: 'off' });
    approvals.dispose();
    expect(await host.authorize(request('read'), never)).toEqual({ allow: false, by: 'approvals', reason: 'approvals were closed (dispose), so no call runs' });
  });

  it('emits approval_request when a call joins the queue and approval_decision for every decision', async () => {
    const { approvals, events } = setup({ interactive: true });
    const asked = request('write', { path: 'a' });
    const decision = approvals.decide(asked, never);
    await approvals.decide(request('read'), never);
    await settle();
    approvals.queue.answer(asked.id, { kind: 'deny', message: 'not now' });
    await decision;
    const seen = events.filter((e) => e.type.startsWith('approval_')).map((e) => ({ ...e, call: (e as { call: { id: string } }).call.id }));
    expect(seen).toEqual([
      { type: 'approval_decision', call: expect.any(String), decision: 'allow', by: 'mode:policy', reason: 'read does not ask by default' },
      { type: 'approval_request', call: asked.id, reason: 'write asks by default' },
      { type: 'approval_decision', call: asked.id, decision: 'deny', by: 'user', reason: 'not now' },
    ]);
  });

  it('toggles auto mode through the options store', () => {
    const { host, approvals, events } = setup({ mode: 'all' });
    approvals.toggleAuto();
    expect(approvals.isAuto()).toBe(true);
    expect(host.options.get('approval')).toBe('off');
    approvals.toggleAuto();
    expect(approvals.mode()).toBe('all');
    expect(events.filter((e) => e.type === 'mode_change')).toHaveLength(2);
  });

  it('gives a tool that declares no paths no abs_path, even with an argument named path', async () => {
    const { approvals } = setup({ tools: [plainTool('now', true)] });
    let seen: RuleCall | undefined;
    approvals.rule('now', (_args, call) => void (seen = call));
    await approvals.decide(request('now', { path: '/etc/passwd' }, '/x'), never);
    expect(seen).toEqual({ tool: 'now', id: expect.any(String), cwd: '/x', kind: 'other', paths: [] });
  });
});
