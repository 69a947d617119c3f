/**
 * examples/lua-plugin (the "todos" plugin), installed the way its README says:
 * the directory copied into $XDG_CONFIG_HOME/lug/plugins/. Its tool is offered
 * and runs, its rule denies even in auto mode, and its :command works.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, toolsOf, turn, type ScriptedServer } from '@lug/testing';
import { parseCliArgs } from '../args.js';
import { composeLug } from '../compose.js';
import { REPO_ROOT } from './pack-install.js';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

const PLUGIN = join(REPO_ROOT, 'examples/lua-plugin');
let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function installed() {
  const box = sandbox();
  cpSync(PLUGIN, join(box.config, 'lug', 'plugins', 'todos'), { recursive: true });
  const files: Record<string, string> = {
    'src/app.ts': 'export function run() {\n  // TODO: handle errors\n  return 1;\n}\n',
    'notes.md': '# Notes\nFIXME the build is slow\nTODOS is not a marker\n',
    '.env': 'API_TOKEN=hunter2\n',
    '.git/HEAD': 'TODO not this one\n',
    'node_modules/dep/index.js': '// TODO nor this one\n',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(box.project, path, '..'), { recursive: true });
    writeFileSync(join(box.project, path), content);
  }
  return box;
}

describe('the todos Lua plugin, copied into the plugins directory', () => {
  it('offers its tool to the model and runs it, and its rule denies reading .env even in auto mode', async () => {
    const box = installed();
    server = await startScriptedServer([
      turn(toolCall('todos', {}, { id: 't1' }), toolCall('read', { path: '.env' }, { id: 'r1' })),
      text('Two things to do.'),
    ]);
    const r = await runLug(['-p', 'what is left to do?', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.stderr).not.toMatch(/^lug: /m);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Two things to do.\n');
    const todos = toolsOf(server.modelRequests()[0]!).find((t) => t.name === 'todos');
    expect(todos?.description).toBe('List the TODO and FIXME comments in the project, as path:line: text. Skips .git, node_modules and binary files.');
    const [found, secret] = toolResultsIn(server.modelRequests()[1]!);
    expect(found!.content).toBe('notes.md:2: FIXME the build is slow\nsrc/app.ts:2: // TODO: handle errors');
    expect(secret!.content).toBe(`denied: ${join(box.project, '.env')} holds secrets; the todos plugin keeps every tool away from it`);
    const log = readFileSync(join(box.state, 'lug', 'approvals.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(log.find((e) => e.tool === 'read')).toMatchObject({ decision: 'deny', by: 'rule', mode: 'off' });
    expect(log.find((e) => e.tool === 'read').source).toMatch(/plugins\/todos\/init\.lua:\d+/);
  });

  it('adds the :todos command', async () => {
    const box = installed();
    const env = { HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state, PATH: process.env.PATH };
    const lug = await composeLug({ cwd: box.project, env, args: parseCliArgs([]), interactive: false });
    expect(lug.startupErrors).toEqual([]);
    const command = lug.host.commands.get('todos');
    expect(command?.desc).toBe('list the TODO and FIXME comments in the project (or in the directory given)');
    const notices: string[] = [];
    lug.host.events.on('notify', (e) => notices.push(e.message));
    await command!.run('');
    await command!.run('src');
    expect(notices).toEqual([
      '2 TODO/FIXME comments:\nnotes.md:2: FIXME the build is slow\nsrc/app.ts:2: // TODO: handle errors',
      '1 TODO/FIXME comment:\nsrc/app.ts:2: // TODO: handle errors',
    ]);
  });
});
