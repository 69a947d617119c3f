/**
 * The interface's composition leaves the stock workflows for after its first
 * screen: they are not loaded when compose returns, startWorkflows loads them
 * once, a turn waits for them, and one that fails refuses auto mode as a
 * broken init.lua does. Headless loads them before compose returns.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../args.js';
import { composeLug, type Lug } from '../compose.js';
import { sandbox } from './run-lug.js';

let lug: Lug | undefined;
afterEach(() => {
  lug?.lua?.close();
  lug?.approvals.dispose();
  lug = undefined;
});

function envOf(box: ReturnType<typeof sandbox>) {
  return { HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state, PATH: process.env.PATH };
}

describe('the stock workflows in the interface', () => {
  it('load after compose returns, once, and before a turn', async () => {
    const box = sandbox();
    lug = await composeLug({ cwd: box.project, env: envOf(box), args: parseCliArgs([]), interactive: true });
    expect(lug.host.tools.get('todo')).toBeUndefined();
    expect(lug.lua!.config.workflows.every((w) => !w.loaded)).toBe(true);
    // A turn's before_turn hooks run first: the workflows' tools are there before its first request.
    await lug.host.hooks.run('before_turn', { prompt: 'hi', turn: 1, sessionId: lug.session.id }, (input) => input);
    expect(lug.host.tools.get('todo')).toBeDefined();
    await lug.startWorkflows();
    expect(lug.lua!.config.workflows.filter((w) => w.loaded).map((w) => w.name)).toEqual(['agents', 'plan', 'prompts', 'skills', 'todo']);
  });

  it('a workflow that fails to load refuses auto mode, with its file named', async () => {
    const box = sandbox();
    mkdirSync(join(box.config, 'lug', 'workflows'), { recursive: true });
    writeFileSync(join(box.config, 'lug', 'workflows', 'plan.lua'), 'local x = = 1\n');
    lug = await composeLug({ cwd: box.project, env: envOf(box), args: parseCliArgs(['--auto']), interactive: true });
    expect(lug.approvals.isAuto()).toBe(true);
    await lug.startWorkflows();
    expect(lug.approvals.isAuto()).toBe(false);
    expect(lug.approvals.autoRefusal()).toContain(join(box.config, 'lug', 'workflows', 'plan.lua'));
  });

  it('are loaded headless before compose returns', async () => {
    const box = sandbox();
    lug = await composeLug({ cwd: box.project, env: envOf(box), args: parseCliArgs([]), interactive: false });
    expect(lug.host.tools.get('todo')).toBeDefined();
  });
});
