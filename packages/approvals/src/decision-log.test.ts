import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLogPath, shortArgs } from './decision-log.js';
import { never, request, settle, setup, tempDir } from './test-support.js';

function lines(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('the decision log', () => {
  it('after a session holds one valid JSON line per decision, in a file of mode 0600', async () => {
    const { approvals, dir, events } = setup({ interactive: true, approvals: { now: () => new Date('2025-01-02T03:04:05.000Z') } });
    approvals.rule('bash', (args) => (args.command === 'rm -rf /' ? { verdict: 'deny', reason: 'never' } : undefined), { source: 'init.lua:7' });
    approvals.approve((call) => (call.tool === 'bash' && call.args.command === 'make' ? 'allow' : undefined), { source: 'ci' });
    await approvals.decide(request('read', { path: 'a' }), never);
    await approvals.decide(request('bash', { command: 'rm -rf /' }), never);
    await approvals.decide(request('bash', { command: 'make' }), never);
    const asked = request('write', { path: 'b', content: 'y'.repeat(5_000) });
    const waiting = approvals.decide(asked, never);
    await settle();
    approvals.queue.answer(asked.id, { kind: 'always' });
    await waiting;
    await approvals.decide(request('write', { path: 'c' }), never);
    approvals.toggleAuto();
    await approvals.decide(request('bash', { command: 'ls' }), never);

    const path = join(dir, 'state', 'lug', 'approvals.log');
    expect(approvals.logPath).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const logged = lines(path);
    expect(logged).toHaveLength(events.filter((e) => e.type === 'approval_decision').length);
    expect(logged.map((l) => [l.tool, l.decision, l.by, l.source, l.mode, l.reason])).toEqual([
      ['read', 'allow', 'mode', 'policy', 'policy', 'read does not ask by default'],
      ['bash', 'deny', 'rule', 'init.lua:7', 'policy', 'never'],
      ['bash', 'allow', 'plugin', 'ci', 'policy', undefined],
      ['write', 'allow', 'user', undefined, 'policy', undefined],
      ['write', 'allow', 'allowed-always', undefined, 'policy', undefined],
      ['bash', 'allow', 'mode', 'off', 'off', undefined],
    ]);
    expect(logged[0]).toEqual({
      time: '2025-01-02T03:04:05.000Z',
      session: 'session-1',
      call: expect.any(String),
      tool: 'read',
      args: { path: 'a' },
      decision: 'allow',
      by: 'mode',
      source: 'policy',
      mode: 'policy',
      reason: 'read does not ask by default',
    });
    expect((logged[3].args as { content: string }).content).toBe(`${'y'.repeat(200)}… (5000 characters)`);
  });

  it('is appended to, never rewritten, across sessions', async () => {
    const first = setup();
    await first.approvals.decide(request('read'), never);
    first.approvals.dispose();
    const second = setup({ approvals: { logPath: first.approvals.logPath } });
    await second.approvals.decide(request('write'), never);
    expect(lines(first.approvals.logPath).map((l) => l.tool)).toEqual(['read', 'write']);
  });

  it('appends to an existing log, keeping what it held', async () => {
    const dir = tempDir();
    const path = join(dir, 'approvals.log');
    writeFileSync(path, '{"old":true}\n');
    chmodSync(path, 0o600);
    const { approvals } = setup({ approvals: { logPath: path } });
    await approvals.decide(request('read'), never);
    expect(lines(path)).toHaveLength(2);
    expect(lines(path)[0]).toEqual({ old: true });
  });

  it('warns once and decides on when the log cannot be written', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'taken'));
    const { approvals, events } = setup({ approvals: { logPath: join(dir, 'taken') } }); // a directory, not a file
    expect((await approvals.decide(request('read'), never)).allow).toBe(true);
    expect((await approvals.decide(request('read'), never)).allow).toBe(true);
    const warnings = events.filter((e) => e.type === 'notify');
    expect(warnings).toHaveLength(1);
    expect((warnings[0] as { message: string }).message).toMatch(/the approvals log .*taken cannot be written/);
  });

  it('lives in $XDG_STATE_HOME/lug, else ~/.local/state/lug', () => {
    expect(defaultLogPath({ XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/s/lug/approvals.log');
    expect(defaultLogPath({ HOME: '/h' })).toBe('/h/.local/state/lug/approvals.log');
    expect(defaultLogPath({ XDG_STATE_HOME: 'relative', HOME: '/h' })).toBe('/h/.local/state/lug/approvals.log');
  });

  it('is not created until the first decision', () => {
    const { approvals } = setup();
    expect(existsSync(approvals.logPath)).toBe(false);
  });
});

describe('shortArgs', () => {
  it('cuts long strings and big collections, and keeps the rest', () => {
    expect(shortArgs({ n: 1, b: true, s: 'x'.repeat(201) })).toEqual({ n: 1, b: true, s: `${'x'.repeat(200)}… (201 characters)` });
    expect(shortArgs({ list: Array.from({ length: 25 }, (_, i) => i) })).toEqual({ list: [...Array.from({ length: 20 }, (_, i) => i), '… (25 items)'] });
    expect(shortArgs({ a: { b: { c: { d: { e: 1 } } } } })).toEqual({ a: { b: { c: { d: '{…}' } } } });
  });
});

describe('a subagent’s call', () => {
  it('is asked with the subagent’s label, and the events and the log name it', async () => {
    const { approvals, dir, events } = setup({ interactive: true });
    const agent = { id: 'scout-1', name: 'scout', label: 'scout', parentCallId: 't1' };
    const asked = { ...request('write', { path: 'b', content: 'x' }), id: 'scout-1/c1', agent };
    const waiting = approvals.decide(asked, never);
    await settle();
    expect(approvals.queue.current()?.call).toMatchObject({ id: 'scout-1/c1', tool: 'write', agent: 'scout' });
    approvals.queue.answer('scout-1/c1', { kind: 'allow' });
    expect(await waiting).toMatchObject({ allow: true, by: 'user' });
    expect(events.filter((e) => e.type === 'approval_request' || e.type === 'approval_decision').map((e) => (e as { call: { agent?: unknown } }).call.agent)).toEqual([agent, agent]);
    expect(lines(join(dir, 'state', 'lug', 'approvals.log'))[0]).toMatchObject({ call: 'scout-1/c1', agent: 'scout', tool: 'write', decision: 'allow', by: 'user' });
  });

  it('of the main conversation has no agent in the dialog or the log', async () => {
    const { approvals, dir } = setup({ interactive: true });
    const asked = request('write', { path: 'b', content: 'x' });
    const waiting = approvals.decide(asked, never);
    await settle();
    expect(approvals.queue.current()?.call).not.toHaveProperty('agent');
    approvals.queue.answer(asked.id, { kind: 'deny' });
    await waiting;
    expect(lines(join(dir, 'state', 'lug', 'approvals.log'))[0]).not.toHaveProperty('agent');
  });
});
