/**
 * File checkpoints through the real binary: a scripted model writes, edits,
 * creates and deletes files, and runs sed -i, rm and mv through bash, over
 * several turns in a project with its own git history and staged changes.
 * `lug rewind` (headless) and :undo / :redo (in tmux) restore every file byte
 * for byte, a file the user edited in between is a conflict, and the
 * project's .git is byte-identical before and after.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashTree, startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { filesOf, makeGitProject, writeIn } from './git-project.js';
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

/** Turn 1: write a new file, edit one. Turn 2: sed -i, rm and mv through bash. */
const TURN_1 = [
  turn(toolCall('read', { path: 'src/config.txt' }, { id: 'r1' })),
  turn(toolCall('write', { path: 'src/new.txt', content: 'created by the model\n' }, { id: 'w1' }), toolCall('edit', { path: 'src/config.txt', old_string: 'port = 8080', new_string: 'port = 9090' }, { id: 'e1' })),
  text('Wrote src/new.txt and changed the port.'),
];
const TURN_2 = [
  turn(toolCall('bash', { command: "sed -i 's/retries = 3/retries = 5/' src/config.txt && rm src/old.txt && mv src/util.txt src/helpers.txt" }, { id: 'b1' })),
  text('Edited with sed, removed and moved files.'),
];

function project() {
  const box = sandbox();
  homes.push(box.home);
  const mark = join(box.home, 'hook-ran');
  makeGitProject(box.project, mark);
  return { box, mark, gitHash: () => hashTree(join(box.project, '.git')) };
}

describe('file checkpoints through the real binary', () => {
  it('lug rewind lists the turns and restores every file byte for byte, leaving .git as it was', async () => {
    const { box, mark, gitHash } = project();
    const gitBefore = gitHash();
    const start = filesOf(box.project);
    server = await startScriptedServer([...TURN_1, ...TURN_2]);
    const env = lugEnv(server, 'anthropic', box);
    const first = await runLug(['--auto', '-p', 'change the port'], { cwd: box.project, env, timeoutMs: 60_000 });
    expect(first.stderr).not.toMatch(/checkpoint/i);
    expect(first.code).toBe(0);
    const afterOne = filesOf(box.project);
    expect(afterOne['src/config.txt']).toBe('retries = 3\nport = 9090\n');
    const second = await runLug(['--auto', '-c', '-p', 'tidy up'], { cwd: box.project, env, timeoutMs: 60_000 });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toMatch(/checkpoint/i);
    const afterTwo = filesOf(box.project);
    expect(afterTwo['src/config.txt']).toBe('retries = 5\nport = 9090\n');
    expect(existsSync(join(box.project, 'src/old.txt'))).toBe(false);

    const list = await runLug(['rewind', '--list'], { cwd: box.project, env });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^1\t\S+\tsession \S+ prompt 1\t2 files \+2 -1\tchange the port$/m);
    expect(list.stdout).toMatch(/^2\t\S+\tsession \S+ prompt 2\t4 files /m);
    expect(list.stdout).toContain('\tD src/old.txt +0 -1');

    const back = await runLug(['rewind', '2', '--files-only'], { cwd: box.project, env });
    expect(back.code).toBe(0);
    expect(filesOf(box.project)).toEqual(afterOne);
    const all = await runLug(['rewind', '1'], { cwd: box.project, env });
    expect(all.stderr).toBe('');
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('the conversation of session');
    expect(filesOf(box.project)).toEqual(start);
    expect(gitHash()).toBe(gitBefore);
    expect(existsSync(mark)).toBe(false);
  });

  it('lug rewind stops at a file the user changed (exit 3, listed) and overwrites it with --force', async () => {
    const { box } = project();
    server = await startScriptedServer(TURN_1);
    const env = lugEnv(server, 'anthropic', box);
    expect((await runLug(['--auto', '-p', 'change the port'], { cwd: box.project, env, timeoutMs: 60_000 })).code).toBe(0);
    writeFileSync(join(box.project, 'src/new.txt'), 'the user edited this\n');
    const refused = await runLug(['rewind', '1', '--files-only'], { cwd: box.project, env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('nothing restored: 1 file(s) changed since lug last wrote them');
    expect(refused.stderr).toContain('  src/new.txt\n');
    expect(existsSync(join(box.project, 'src/new.txt'))).toBe(true);
    const forced = await runLug(['rewind', '1', '--files-only', '--force'], { cwd: box.project, env });
    expect(forced.code).toBe(0);
    expect(existsSync(join(box.project, 'src/new.txt'))).toBe(false);
  });

  it('lug rewind says what is wrong with bad usage (exit 2) and an unknown checkpoint (exit 1)', async () => {
    const { box } = project();
    server = await startScriptedServer([]);
    const env = lugEnv(server, 'anthropic', box);
    const usage = await runLug(['rewind'], { cwd: box.project, env });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('lug rewind: give one checkpoint id (lug rewind --list shows them)');
    const unknown = await runLug(['rewind', '7'], { cwd: box.project, env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('there is no checkpoint "7" in this project');
  });

  it.skipIf(!hasTmux())(':undo restores turn by turn in the interface, :redo returns, and a file the user edited is a conflict', async () => {
    const { box, mark, gitHash } = project();
    const gitBefore = gitHash();
    const start = filesOf(box.project);
    server = await startScriptedServer([...TURN_1, ...TURN_2]);
    screen = new TmuxScreen();
    screen.start([process.execPath, LUG_BIN, '--auto'], { cwd: box.project, env: { ...lugEnv(server, 'anthropic', box), EDITOR: 'true' }, width: 120, height: 40 });
    const s = screen;
    const line = (typed: string) => s.submit(typed);
    await s.waitFor(/~\/project/, 20_000);
    await line('change the port');
    await s.waitFor(/changed the port\./, 30_000);
    const afterOne = filesOf(box.project);
    await line('tidy up');
    await s.waitFor(/removed and moved files\./, 30_000);
    const afterTwo = filesOf(box.project);
    await line(':undo');
    await s.waitFor(/undid prompt 2: 4 files restored/, 20_000);
    expect(filesOf(box.project)).toEqual(afterOne);
    await line(':undo');
    await s.waitFor(/undid prompt 1: 2 files restored/, 20_000);
    expect(filesOf(box.project)).toEqual(start);
    await line(':redo');
    await s.waitFor(/redone: 2 files put back/, 20_000);
    expect(filesOf(box.project)).toEqual(afterOne);
    await line(':redo');
    await s.waitFor(/redone: 4 files put back/, 20_000);
    expect(filesOf(box.project)).toEqual(afterTwo);
    // The user edits a file the last turn wrote: :undo shows it and asks.
    writeIn(box.project, 'src/config.txt', 'edited by the user\n');
    await line(':undo');
    await s.waitFor(/1 file changed since lug last wrote it: src\/config\.txt/, 20_000);
    s.type('n');
    await s.waitFor(/nothing restored: src\/config\.txt kept as you left it/, 20_000);
    expect(filesOf(box.project)['src/config.txt']).toBe('edited by the user\n');
    expect(gitHash()).toBe(gitBefore);
    expect(existsSync(mark)).toBe(false);
  });
});
