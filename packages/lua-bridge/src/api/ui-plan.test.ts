/** lug.ui.plan: the plan of the work as a `plan` event, its entries checked as any Lua argument is. */
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanEntry } from '@lug/core';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

async function run(code: string): Promise<{ plans: PlanEntry[][]; errors: string[] }> {
  s = setup({ 'init.lua': code });
  const plans: PlanEntry[][] = [];
  s.host.events.on('plan', (e) => plans.push(e.entries));
  const report = await s.runtime.loadStartup();
  return { plans, errors: report.errors.map((e) => e.message) };
}

describe('lug.ui.plan', () => {
  it('emits the whole list, each entry medium unless said', async () => {
    const { plans, errors } = await run('lug.ui.plan({ { content = "read", status = "completed" }, { content = "fix", status = "in_progress", priority = "high" } })\nlug.ui.plan({})');
    expect(errors).toEqual([]);
    expect(plans).toEqual([
      [
        { content: 'read', status: 'completed', priority: 'medium' },
        { content: 'fix', status: 'in_progress', priority: 'high' },
      ],
      [],
    ]);
  });

  it.each([
    ['lug.ui.plan({ { content = "x", status = "done" } })', /status/],
    ['lug.ui.plan({ { content = "", status = "pending" } })', /not empty/],
    ['lug.ui.plan({ { text = "x", status = "pending" } })', /unknown field "text"/],
    ['lug.ui.plan("x")', /list of plan entries/],
  ])('refuses %s at its line, and emits nothing', async (code, message) => {
    const { plans, errors } = await run(code);
    expect(plans).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/init\.lua:1: bad argument #1 to 'lug\.ui\.plan'/);
    expect(errors[0]).toMatch(message);
  });
});
