/** The stock workflows load after init.lua and the plugins; one line turns one off, a copy replaces it. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from './test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

function stockDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-workflows-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const STOCK = {
  'plan.lua': 'order = order or {}; table.insert(order, "stock plan")',
  'todo.lua': 'order = order or {}; table.insert(order, "stock todo")',
  'README.md': 'not a workflow',
};

describe('stock workflows', () => {
  it('load in name order after init.lua and the plugins', async () => {
    s = setup({ 'init.lua': 'order = { "init" }', 'plugins/p/init.lua': 'table.insert(order, "plugin")' }, { workflowsDir: stockDir(STOCK) });
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect((await s.runtime.run('order')).values[0]).toEqual(['init', 'plugin', 'stock plan', 'stock todo']);
    expect(report.files.filter((f) => f.stage === 'workflow').map((f) => path.basename(f.file))).toEqual(['plan.lua', 'todo.lua']);
    expect(s.runtime.config.workflows.map((w) => [w.name, w.loaded, w.stock])).toEqual([
      ['plan', true, true],
      ['todo', true, true],
    ]);
  });

  it('one line of init.lua turns one off', async () => {
    s = setup({ 'init.lua': 'order = {}\nlug.workflow.disable("plan")' }, { workflowsDir: stockDir(STOCK) });
    await s.runtime.loadStartup();
    expect((await s.runtime.run('order')).values[0]).toEqual(['stock todo']);
    expect((await s.runtime.run('lug.workflow.list()[1].disabled')).values[0]).toBe(true);
  });

  it('a copy in the config directory replaces the stock one', async () => {
    s = setup({ 'workflows/plan.lua': 'order = order or {}; table.insert(order, "my plan")' }, { workflowsDir: stockDir(STOCK) });
    await s.runtime.loadStartup();
    expect((await s.runtime.run('order')).values[0]).toEqual(['my plan', 'stock todo']);
    expect(s.runtime.config.workflows[0]).toMatchObject({ name: 'plan', stock: false, file: path.join(s.lug.configDir, 'workflows', 'plan.lua') });
  });

  it('turning off a workflow that does not exist names the ones that do', async () => {
    s = setup({ 'init.lua': 'lug.workflow.disable("plna")' }, { workflowsDir: stockDir(STOCK) });
    const report = await s.runtime.loadStartup();
    expect(report.errors[0]!.message).toContain(`bad argument #1 to 'lug.workflow.disable' (no stock workflow named "plna"; the stock workflows are "plan", "todo")`);
    expect(report.errors[0]!.line).toBe(1);
  });

  it('turning one off after it loaded says why it is too late', async () => {
    s = setup({}, { workflowsDir: stockDir(STOCK) });
    await s.runtime.loadStartup();
    await expect(s.runtime.run('lug.workflow.disable("plan")')).rejects.toThrow(/"plan" has already loaded; call it from init.lua or a plugin/);
  });

  it('a broken workflow is reported with its file and line, and the next one still loads', async () => {
    s = setup({}, { workflowsDir: stockDir({ ...STOCK, 'plan.lua': 'local x = = 1' }) });
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([expect.objectContaining({ stage: 'workflow', line: 1 })]);
    expect(s.events).toContainEqual(expect.objectContaining({ type: 'notify', level: 'error', message: expect.stringMatching(/^the workflow plan \(.*plan\.lua\) failed to load/) }));
    expect((await s.runtime.run('order')).values[0]).toEqual(['stock todo']);
  });
});

describe('stock workflows on :reload', () => {
  it('run again once each, and one init.lua now turns off is taken back', async () => {
    const dir = stockDir({ 'plan.lua': 'lug.cmd.register("planning", function() end)\nplan_runs = (plan_runs or 0) + 1' });
    s = setup({ 'init.lua': '-- nothing yet' }, { workflowsDir: dir });
    await s.runtime.loadStartup();
    await s.runtime.reload();
    expect((await s.runtime.run('plan_runs')).values[0]).toBe(2);
    expect(s.host.commands.get('planning')).toBeDefined();
    s.lug.write('init.lua', 'lug.workflow.disable("plan")');
    const results = await s.runtime.reload();
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await s.runtime.run('plan_runs')).values[0]).toBe(2);
    expect(s.host.commands.get('planning')).toBeUndefined();
    expect(s.runtime.config.workflows[0]).toMatchObject({ disabled: true, loaded: false });
  });
});

describe('stock workflows loaded later', () => {
  const LATER = { 'todo.lua': 'lug.tool.register("todo", { description = "d", handler = function() return "" end })' };

  it('wait for loadWorkflows when loadStartup is told so, and load once', async () => {
    s = setup({ 'init.lua': 'order = { "init" }' }, { workflowsDir: stockDir({ ...STOCK, ...LATER, 'todo.lua': `${LATER['todo.lua']}\ntable.insert(order, "todo")` }) });
    const first = await s.runtime.loadStartup({ workflows: 'later' });
    expect(first.files.map((f) => f.stage)).not.toContain('workflow');
    expect(s.host.tools.get('todo')).toBeUndefined();
    const later = await s.runtime.loadWorkflows();
    expect(later.files.map((f) => path.basename(f.file))).toEqual(['plan.lua', 'todo.lua']);
    await s.runtime.loadWorkflows();
    await s.runtime.loadStartup();
    expect((await s.runtime.run('order')).values[0]).toEqual(['init', 'stock plan', 'todo']);
    expect(s.host.tools.get('todo')).toBeDefined();
  });

  it('judge a rule for a workflow\'s tool only once the workflows have loaded: no false warning', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("todo", function() return "allow" end)' }, { workflowsDir: stockDir(LATER) });
    expect((await s.runtime.loadStartup({ workflows: 'later' })).warnings).toEqual([]);
    expect((await s.runtime.loadWorkflows()).warnings).toEqual([]);
    expect(s.ui.notes.filter((n) => n.level === 'warn')).toEqual([]);
  });
});
