/**
 * Rewinding takes plugins' state back with the files and the conversation,
 * through the real binary: the stock todo workflow keeps its list in
 * lug.session.state; after `lug rewind N` (headless) or `:rewind N` (in
 * tmux) the list is the one it had before prompt N, and `:todo` shows it.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { makeGitProject } from './git-project.js';
import { LUG_BIN, lugEnv, runLug, sandbox } from './run-lug.js';
import { hasTmux, TmuxScreen } from './tmux.js';

let server: ScriptedServer | undefined;
let screen: TmuxScreen | undefined;
const homes: string[] = [];
afterEach(async () => {
  screen?.kill();
  await server?.close();
  screen = server = undefined;
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

const FIRST_LIST = [{ text: 'write a.txt', state: 'done' }];
const SECOND_LIST = [{ text: 'write a.txt', state: 'done' }, { text: 'write b.txt', state: 'in_progress' }];

/** Each turn writes its list and a file (so the turn has a checkpoint), then answers. */
const TURNS = [
  turn(toolCall('todo', { todos: FIRST_LIST }, { id: 'd1' }), toolCall('write', { path: 'a.txt', content: 'a\n' }, { id: 'w1' })),
  text('Wrote a.txt.'),
  turn(toolCall('todo', { todos: SECOND_LIST }, { id: 'd2' }), toolCall('write', { path: 'b.txt', content: 'b\n' }, { id: 'w2' })),
  text('Wrote b.txt.'),
];

function project() {
  const box = sandbox();
  homes.push(box.home);
  makeGitProject(box.project, join(box.home, 'hook-ran'));
  return box;
}

/** The todo list the session file holds now: the last state record of the key, as its loader reads it. */
function storedTodo(state: string): unknown {
  const dir = join(state, 'lug', 'sessions');
  const [file] = readdirSync(dir);
  const records = readFileSync(join(dir, file!), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  return records.filter((r) => r.type === 'state' && r.key === 'todo').at(-1)?.value;
}

describe("rewinding takes the session's plugin state back", () => {
  it('lug rewind N: the todo list in the session file is the one from before prompt N', async () => {
    const box = project();
    server = await startScriptedServer(TURNS);
    const env = lugEnv(server, 'anthropic', box);
    expect((await runLug(['--auto', '-p', 'write a'], { cwd: box.project, env, timeoutMs: 60_000 })).code).toBe(0);
    expect((await runLug(['--auto', '-c', '-p', 'write b'], { cwd: box.project, env, timeoutMs: 60_000 })).code).toBe(0);
    expect(storedTodo(box.state)).toEqual(SECOND_LIST);
    const back = await runLug(['rewind', '2'], { cwd: box.project, env });
    expect(back.stderr).toBe('');
    expect(back.code).toBe(0);
    expect(storedTodo(box.state)).toEqual(FIRST_LIST);
    const again = await runLug(['rewind', '1'], { cwd: box.project, env });
    expect(again.code).toBe(0);
    expect(storedTodo(box.state)).toBe(null);
  });

  it.skipIf(!hasTmux())(':rewind N in the interface, then :todo shows the list from before prompt N', async () => {
    const box = project();
    server = await startScriptedServer(TURNS);
    const s = (screen = new TmuxScreen());
    s.start([process.execPath, LUG_BIN, '--auto'], { cwd: box.project, env: { ...lugEnv(server, 'anthropic', box), CI: 'true' }, width: 110, height: 40 });
    await s.waitFor(/~\/project/, 20_000);
    await s.submit('write a');
    await s.waitFor(/Wrote a\.txt\./, 30_000);
    await s.submit('write b');
    await s.waitFor(/Wrote b\.txt\./, 30_000);
    await s.submit(':todo');
    await s.waitFor(/todo 1\/2\n.*☑ write a\.txt\n.*◐ write b\.txt/, 10_000);
    await s.submit(':rewind 2');
    await s.waitFor(/rewound to before prompt 2/, 20_000);
    // The rewound prompt is back in the input, to edit: cleared, then :todo.
    await s.waitFor(/› write b\s*\n/, 10_000);
    s.send('C-u');
    await s.waitFor(/› +Ask, or :help/, 10_000);
    await s.submit(':todo');
    const shown = await s.waitFor(/todo 1\/1\n\s*☑ write a\.txt\n/, 10_000);
    expect(shown.slice(shown.lastIndexOf('rewound to before prompt 2'))).not.toMatch(/◐ write b\.txt/);
    expect(server!.modelRequests()).toHaveLength(4);
  });
});
