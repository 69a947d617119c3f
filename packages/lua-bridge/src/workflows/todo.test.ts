/** The stock todo workflow (lua/workflows/todo.lua), loaded from its real file: the tool, the panel while a turn runs, :todo, the session state. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session, SessionStore, type LugHost } from '@lug/core';
import { scriptedProvider, text } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';
import { callTool, STOCK_WORKFLOWS } from './workflow-test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const panels = (host: LugHost) => (host.ui.interactive ? host.ui.panels.getSnapshot() : []);

async function loaded(files: Record<string, string> = {}): Promise<Setup> {
  s = setup(files, { workflowsDir: STOCK_WORKFLOWS });
  const report = await s.runtime.loadStartup();
  expect(report.errors).toEqual([]);
  return s;
}

const PLAN = { todos: [{ text: 'read the parser', state: 'done' }, { text: 'fix the bug', state: 'in_progress' }, { text: 'add a test', state: 'pending' }] };

describe('the todo workflow', () => {
  it('the model writes its list with the todo tool, without asking; it is kept in the session state', async () => {
    const { host } = await loaded();
    const result = await callTool(host, 'todo', PLAN);
    expect(result).toMatchObject({ isError: false, content: 'todo 1/3\n  ☑ read the parser\n  ◐ fix the bug\n  ☐ add a test' });
    expect(host.state.get('todo')).toEqual(PLAN.todos);
  });

  it('shows the list above the input while a turn runs, and not after', async () => {
    const { host } = await loaded();
    host.events.emit('turn_start', { prompt: 'go' });
    await callTool(host, 'todo', PLAN);
    await expect.poll(() => panels(host)).toEqual([{ name: 'todo', lines: ['todo 1/3', '  ☑ read the parser', '  ◐ fix the bug', '  ☐ add a test'] }]);
    host.events.emit('turn_end', { reason: 'done', text: '' });
    await expect.poll(() => panels(host)).toEqual([]);
  });

  it('publishes the list as the plan of the work, the whole list each time, a cancelled item finished', async () => {
    const { host } = await loaded();
    const plans: unknown[] = [];
    host.events.on('plan', (e) => plans.push(e.entries));
    await callTool(host, 'todo', PLAN);
    await callTool(host, 'todo', { todos: [...PLAN.todos.slice(0, 2), { text: 'add a test', state: 'cancelled' }] });
    expect(plans).toEqual([
      [
        { content: 'read the parser', status: 'completed', priority: 'medium' },
        { content: 'fix the bug', status: 'in_progress', priority: 'medium' },
        { content: 'add a test', status: 'pending', priority: 'medium' },
      ],
      [
        { content: 'read the parser', status: 'completed', priority: 'medium' },
        { content: 'fix the bug', status: 'in_progress', priority: 'medium' },
        { content: 'add a test (cancelled)', status: 'completed', priority: 'medium' },
      ],
    ]);
    // A new conversation has its own list: an empty plan.
    host.state.replace([]);
    host.events.emit('session_start', { sessionId: 'other', cwd: host.cwd, resumed: false });
    await expect.poll(() => plans.length).toBe(3);
    expect(plans[2]).toEqual([]);
  });

  it(':todo shows the list, or says there is none', async () => {
    const { host, ui } = await loaded();
    await host.commands.get('todo')!.run('');
    expect(ui.notes.at(-1)!.message).toMatch(/^no todo list in this conversation yet/);
    await callTool(host, 'todo', PLAN);
    await host.commands.get('todo')!.run('');
    expect(ui.notes.at(-1)!.message).toBe('todo 1/3\n  ☑ read the parser\n  ◐ fix the bug\n  ☐ add a test');
  });

  it('a malformed list is an error result that names the item and changes nothing', async () => {
    const { host } = await loaded();
    await callTool(host, 'todo', PLAN);
    const result = await callTool(host, 'todo', { todos: [{ text: 'x', state: 'started' }] });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/state/);
    expect(host.state.get('todo')).toEqual(PLAN.todos);
  });

  it('is turned off by one line of init.lua', async () => {
    const { host } = await loaded({ 'init.lua': 'lug.workflow.disable("todo")' });
    expect(host.tools.get('todo')).toBeUndefined();
    expect(host.commands.get('todo')).toBeUndefined();
  });

  it('a rewind to a prompt brings back the list as it was then: :todo and the plan show it', async () => {
    const { host, ui } = await loaded();
    host.providers.register({ name: 'test', create: () => scriptedProvider([text('one'), text('two')]) });
    host.options.set('model', 'test/m');
    const session = new Session(host, { store: new SessionStore(mkdtempSync(join(tmpdir(), 'lug-todo-rewind-'))) });
    await session.submit('first');
    await callTool(host, 'todo', PLAN);
    await session.submit('second');
    await callTool(host, 'todo', { todos: [{ text: 'something else', state: 'pending' }] });
    const plans: unknown[] = [];
    host.events.on('plan', (e) => plans.push(e.entries));
    session.rewind(2);
    await expect.poll(() => plans.length).toBe(1);
    expect(plans[0]).toEqual(PLAN.todos.map((t) => expect.objectContaining({ content: t.text })));
    await host.commands.get('todo')!.run('');
    expect(ui.notes.at(-1)!.message).toBe('todo 1/3\n  ☑ read the parser\n  ◐ fix the bug\n  ☐ add a test');
  });
});
