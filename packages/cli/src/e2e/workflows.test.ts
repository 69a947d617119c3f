/**
 * The stock workflows through the real binary, in a real terminal, with the
 * scripted model: the todo list the model keeps survives --continue; plan
 * mode refuses an edit and a bash call with its reason until the plan is
 * accepted, after which the same edit asks as usual; each is turned off by
 * one line of init.lua.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { LUG_BIN, lugEnv, runLug, sandbox } from './run-lug.js';
import { hasTmux, TmuxScreen } from './tmux.js';

let server: ScriptedServer | undefined;
let screen: TmuxScreen | undefined;
afterEach(async () => {
  screen?.kill();
  await server?.close();
  screen = server = undefined;
});

const TODOS = [
  { text: 'read the parser', state: 'done' },
  { text: 'fix the bug', state: 'in_progress' },
  { text: 'add a test', state: 'pending' },
];

function startLug(box: ReturnType<typeof sandbox>, args: string[] = []): TmuxScreen {
  const s = (screen = new TmuxScreen());
  s.start([process.execPath, LUG_BIN, ...args], { cwd: box.project, env: { ...lugEnv(server!, 'anthropic', box), CI: 'true' } });
  return s;
}

describe.skipIf(!hasTmux())('the stock workflows in a real terminal', () => {
  it('the todo list the model writes is shown by :todo, and again after --continue', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(toolCall('todo', { todos: TODOS }, { id: 'todo_1' })), text('Started on it.'), text('Still here.')]);
    let s = startLug(box);
    await s.waitFor(/~\/project/);
    s.type('fix the parser\r');
    await s.waitFor(/Started on it\./, 15_000);
    s.type(':todo\r');
    await s.waitFor(/todo 1\/3[\s\S]*☑ read the parser[\s\S]*◐ fix the bug[\s\S]*☐ add a test/);
    s.kill();
    s = startLug(box, ['--continue']);
    await s.waitFor(/~\/project/);
    s.type(':todo\r');
    await s.waitFor(/todo 1\/3[\s\S]*☐ add a test/, 15_000);
  });

  it('plan mode refuses an edit and a bash call with its reason; once the plan is accepted the same edit asks as usual', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'a.txt'), 'alpha\n');
    const edit = { path: 'a.txt', old_string: 'alpha', new_string: 'beta' };
    server = await startScriptedServer([
      turn(toolCall('edit', edit, { id: 'edit_1' }), toolCall('bash', { command: 'touch made-in-plan-mode' }, { id: 'bash_1' })),
      text('My plan: change alpha to beta in a.txt.'),
      turn(toolCall('edit', edit, { id: 'edit_2' })),
      text('Changed it.'),
    ]);
    const s = startLug(box);
    await s.waitFor(/~\/project/);
    s.type(':plan\r');
    await s.waitFor(/PLAN/);
    s.type('change alpha to beta\r');
    await s.waitFor(/Accept the plan and start the work\?/, 15_000);
    const refused = JSON.stringify(server.modelRequests()[1]!.body.messages);
    expect(refused.match(/plan mode is on: nothing may be changed until the user accepts a plan/g)).toHaveLength(2);
    s.type('y');
    // The same edit now asks in the dialog, as it does outside plan mode.
    await s.waitFor(/wants to change/, 15_000);
    expect(server.modelRequests().at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(JSON.stringify(server.modelRequests()[2]!.body.messages)).toContain('The plan is accepted');
    expect(s.capture()).not.toMatch(/ PLAN /);
  });
});

describe('turning the workflows off', () => {
  it('one line of init.lua each: their tool and commands are gone', async () => {
    const box = sandbox('lug.workflow.disable("todo")\nlug.workflow.disable("plan")');
    server = await startScriptedServer([text('ok')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    const names = (server.modelRequests()[0]!.body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(names).not.toContain('todo');
  });

  it('a copy in the config directory replaces the stock one', async () => {
    const box = sandbox();
    mkdirSync(join(box.config, 'lug', 'workflows'), { recursive: true });
    writeFileSync(join(box.config, 'lug', 'workflows', 'todo.lua'), 'lug.tool.register("my_todo", { description = "Mine.", ask = false, handler = function() return "ok" end })');
    server = await startScriptedServer([text('ok')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    const names = (server.modelRequests()[0]!.body.tools as Array<{ name: string }>).map((t) => t.name);
    expect(names).toContain('my_todo');
    expect(names).not.toContain('todo');
  });
});

describe('prompt files and skills', () => {
  it('a skill\'s description is in the system prompt, its body only after the model loads it', async () => {
    const box = sandbox();
    mkdirSync(join(box.project, '.agents', 'skills', 'release'), { recursive: true });
    writeFileSync(join(box.project, '.agents', 'skills', 'release', 'SKILL.md'), '---\nname: release\ndescription: How to cut a release\n---\nBump the version in VERSION-FILE-42.\n');
    server = await startScriptedServer([turn(toolCall('skill', { name: 'release' }, { id: 'skill_1' })), text('Released.')]);
    const r = await runLug(['-p', 'cut a release'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    const [first, second] = server.modelRequests();
    expect(JSON.stringify(first!.body.system)).toContain('- release: How to cut a release');
    expect(JSON.stringify(first!.body)).not.toContain('VERSION-FILE-42');
    expect(JSON.stringify(second!.body.messages)).toContain('VERSION-FILE-42');
  });

  it.skipIf(!hasTmux())('a prompt file is a :command sending its text with $ARGUMENTS filled in', async () => {
    const box = sandbox();
    mkdirSync(join(box.project, '.lug', 'prompts'), { recursive: true });
    writeFileSync(join(box.project, '.lug', 'prompts', 'review.md'), '---\ndescription: Review a file\n---\nReview $ARGUMENTS carefully.\n');
    server = await startScriptedServer([text('Reviewed.')]);
    const s = startLug(box);
    await s.waitFor(/~\/project/);
    s.type(':review src/parser.ts\r');
    await s.waitFor(/Reviewed\./, 15_000);
    expect(JSON.stringify(server.modelRequests()[0]!.body.messages.at(-1))).toContain('Review src/parser.ts carefully.');
  });
});
