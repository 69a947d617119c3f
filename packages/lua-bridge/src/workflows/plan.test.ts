/** The stock plan workflow (lua/workflows/plan.lua), loaded from its real file: calls judged by kind, the PLAN mark, accepting the plan. */
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LugHost, Tool } from '@lug/core';
import { commandTool, request, setup, type Setup } from '../test-support.js';
import { STOCK_WORKFLOWS } from './workflow-test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const editTool: Tool<{ path: string }> = {
  name: 'edit',
  description: 'Change a file (a stand-in).',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  describe: (args) => ({ title: args.path, kind: 'edit', paths: [{ path: args.path, access: 'change' }] }),
  handler: () => 'edited',
};
const readTool: Tool<{ path: string }> = {
  name: 'peek',
  description: 'Read a file (a stand-in).',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  describe: (args) => ({ title: args.path, kind: 'read', paths: [{ path: args.path, access: 'read' }] }),
  handler: () => 'text',
};

async function loaded(files: Record<string, string> = {}): Promise<Setup> {
  s = setup(files, { workflowsDir: STOCK_WORKFLOWS });
  for (const tool of [editTool, readTool, commandTool]) s.host.tools.register(tool as Tool);
  const report = await s.runtime.loadStartup();
  expect(report.errors).toEqual([]);
  return s;
}

const check = (host: LugHost, tool: string, args: Record<string, unknown>) => s!.approvals.check({ tool, args, cwd: host.cwd });
const badges = (host: LugHost) => (host.ui.interactive ? host.ui.badges.getSnapshot().map((b) => b.lines[0]) : []);

describe('the plan workflow', () => {
  it(':plan denies every call that changes something, with the plan-mode reason, and lets reading through', async () => {
    const { host } = await loaded();
    await host.commands.get('plan')!.run('');
    expect(badges(host)).toEqual(['PLAN']);
    for (const [tool, args] of [['edit', { path: 'a.txt' }], ['bash', { command: 'ls' }]] as const) {
      const decision = await s!.approvals.decide(request(host, tool, args), new AbortController().signal);
      expect(decision).toMatchObject({ allow: false, reason: expect.stringMatching(/^plan mode is on: nothing may be changed until the user accepts a plan/) });
    }
    expect((await check(host, 'peek', { path: 'a.txt' })).decision).not.toBe('deny');
  });

  it('is off until :plan, and :plan off leaves it', async () => {
    const { host } = await loaded();
    expect((await check(host, 'edit', { path: 'a.txt' })).decision).not.toBe('deny');
    await host.commands.get('plan')!.run('on');
    expect((await check(host, 'edit', { path: 'a.txt' })).decision).toBe('deny');
    await host.commands.get('plan')!.run('off');
    expect((await check(host, 'edit', { path: 'a.txt' })).decision).not.toBe('deny');
    expect(badges(host)).toEqual([]);
  });

  it('has its rule only while plan mode is on: calls outside it pay nothing for plan mode', async () => {
    const { host } = await loaded();
    const file = path.join(STOCK_WORKFLOWS, 'plan.lua');
    // What plan.lua registered, counted by running it again (which also leaves plan mode off).
    await host.commands.get('plan')!.run('on');
    await host.commands.get('plan')!.run('on');
    const whileOn = (await s!.runtime.source(file)).removed;
    const whileOff = (await s!.runtime.source(file)).removed;
    // While on: its rule and the PLAN badge; off, neither (the rule used to stay registered, judging every call).
    expect(whileOn).toBe(whileOff + 2);
    await host.commands.get('plan')!.run('on');
    await host.commands.get('plan')!.run('off');
    expect((await s!.runtime.source(file)).removed).toBe(whileOff);
  });

  it('at the end of a turn, accepting the plan leaves plan mode and sends the prompt that starts the work', async () => {
    const { host, ui } = await loaded();
    const sent: string[] = [];
    host.inbox.serve((p) => void sent.push(p));
    await host.commands.get('plan')!.run('on');
    host.events.emit('turn_end', { reason: 'done', text: 'my plan' });
    await ui.questions(1);
    expect(ui.asked[0]!.message).toMatch(/^Accept the plan and start the work\?/);
    ui.asked[0]!.answer(true);
    await expect.poll(() => sent).toEqual(['The plan is accepted: plan mode is over. Carry out the plan now.']);
    expect(badges(host)).toEqual([]);
    expect((await check(host, 'edit', { path: 'a.txt' })).decision).not.toBe('deny');
  });

  it('refusing the plan stays in plan mode', async () => {
    const { host, ui } = await loaded();
    await host.commands.get('plan')!.run('on');
    host.events.emit('turn_end', { reason: 'done', text: 'my plan' });
    await ui.questions(1);
    ui.asked[0]!.answer(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(badges(host)).toEqual(['PLAN']);
    expect((await check(host, 'edit', { path: 'a.txt' })).decision).toBe('deny');
  });

  it('a bad argument to :plan says what it takes', async () => {
    const { host } = await loaded();
    await expect(host.commands.get('plan')!.run('maybe')).rejects.toThrow(/":plan" takes "on", "off" or nothing \(to switch\), got "maybe"/);
  });

  it('is turned off by one line of init.lua, and a copy in the config replaces it', async () => {
    const { host } = await loaded({ 'init.lua': 'lug.workflow.disable("plan")' });
    expect(host.commands.get('plan')).toBeUndefined();
    s!.runtime.close();
    const mine = await loaded({ 'workflows/plan.lua': 'lug.cmd.register("plan", function() lug.ui.notify("my plan mode") end)' });
    await mine.host.commands.get('plan')!.run('');
    expect(mine.ui.notes.at(-1)!.message).toBe('my plan mode');
  });
});
