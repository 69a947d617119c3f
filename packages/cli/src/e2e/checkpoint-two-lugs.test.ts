/**
 * Two lugs running at once in one git project (two terminals, an agent beside
 * a CI job), through the real binary: each `lug -p` writes its own file, then
 * waits (a bash command polls for a file the test makes) so that their turns
 * overlap for certain. A turn's checkpoint never claims the other run's file,
 * and rewinding it never deletes it: what lug cannot tell apart it leaves
 * alone.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { makeGitProject } from './git-project.js';
import { lugEnv, runLug, sandbox, type LugRun } from './run-lug.js';

const servers: ScriptedServer[] = [];
const homes: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

/** A run's model: write `file`, then wait (in bash) until ../go exists, then answer. */
async function model(file: string, wait: boolean): Promise<ScriptedServer> {
  const server = await startScriptedServer([
    turn(toolCall('write', { path: file, content: `written for ${file}\n` }, { id: 'w1' })),
    ...(wait ? [turn(toolCall('bash', { command: 'until [ -f ../go ]; do sleep 0.1; done' }, { id: 'b1' }))] : []),
    text(`Wrote ${file}.`),
  ]);
  servers.push(server);
  return server;
}

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 50))) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}

function project() {
  const box = sandbox();
  homes.push(box.home);
  makeGitProject(box.project, join(box.home, 'hook-ran'));
  return box;
}

/** Checkpoint id → its prompt and the paths it claims, from `lug rewind --list`. */
function parseList(stdout: string): Map<string, { prompt: string; files: string[] }> {
  const out = new Map<string, { prompt: string; files: string[] }>();
  let current: { prompt: string; files: string[] } | undefined;
  for (const line of stdout.split('\n')) {
    const file = /^\t[AMD] (\S+) /.exec(line);
    if (file) current?.files.push(file[1]!);
    else if (/^\d+\t/.test(line)) out.set(line.split('\t')[0]!, (current = { prompt: line.split('\t').at(-1)!, files: [] }));
  }
  return out;
}

const ok = (run: LugRun) => expect(run.code, run.stderr).toBe(0);

describe('two lugs running turns at once in one project', () => {
  it('started together: neither checkpoint claims the other run\'s file, and rewinding the first leaves it', async () => {
    const box = project();
    const go = join(box.home, 'go');
    const [one, two] = [await model('a.txt', true), await model('b.txt', true)];
    const run = (server: ScriptedServer, prompt: string) => runLug(['--auto', '-p', prompt], { cwd: box.project, env: lugEnv(server, 'anthropic', box), timeoutMs: 90_000 });
    const ended: LugRun[] = [];
    const runs = Promise.all([run(one, 'write a'), run(two, 'write b')].map((p) => p.then((r) => (ended.push(r), r))));
    await until(() => {
      if (ended.length) throw new Error(`a run ended before both files were written: ${JSON.stringify(ended)}`);
      return existsSync(join(box.project, 'a.txt')) && existsSync(join(box.project, 'b.txt'));
    }, 'both files');
    writeFileSync(go, '');
    for (const r of await runs) ok(r);
    const env = lugEnv(one, 'anthropic', box);
    const listed = await runLug(['rewind', '--list'], { cwd: box.project, env });
    ok(listed);
    const list = parseList(listed.stdout);
    expect([...list.keys()], listed.stdout).toEqual(['1', '2']);
    for (const cp of list.values()) expect(cp.files.includes('a.txt') && cp.files.includes('b.txt'), listed.stdout).toBe(false);
    // Checkpoint 1 is the run that began first; the other run wrote its file during that turn.
    const other = list.get('1')!.prompt === 'write a' ? 'b.txt' : 'a.txt';
    expect(listed.stdout).toContain(`\tS ${other} (another lug's turn ran then and may have changed it: a rewind leaves it alone)`);
    const rewound = await runLug(['rewind', '1', '--files-only'], { cwd: box.project, env });
    ok(rewound);
    expect(readFileSync(join(box.project, other), 'utf8')).toBe(`written for ${other}\n`);
    // Said, not silent: the user may want it back by hand.
    expect(rewound.stderr).toMatch(new RegExp(`left alone \\d+ file\\(s\\) another lug may have changed during these turns[^\\n]*\\n(  .*\\n)*  ${other.replace('.', '\\.')}\\n`));
  }, 180_000);

  it("one run's turn spans the other's: its checkpoint keeps its own file, rewinding it deletes that one and not the other's", async () => {
    const box = project();
    const [one, two] = [await model('a.txt', true), await model('b.txt', false)];
    const first = runLug(['--auto', '-p', 'write a'], { cwd: box.project, env: lugEnv(one, 'anthropic', box), timeoutMs: 90_000 });
    await until(() => existsSync(join(box.project, 'a.txt')), 'a.txt');
    ok(await runLug(['--auto', '-p', 'write b'], { cwd: box.project, env: lugEnv(two, 'anthropic', box), timeoutMs: 90_000 }));
    writeFileSync(join(box.home, 'go'), '');
    ok(await first);
    const env = lugEnv(one, 'anthropic', box);
    const listed = await runLug(['rewind', '--list'], { cwd: box.project, env });
    ok(listed);
    expect(parseList(listed.stdout)).toEqual(
      new Map([
        ['1', { prompt: 'write a', files: ['a.txt'] }],
        ['2', { prompt: 'write b', files: [] }],
      ]),
    );
    expect(listed.stdout).toMatch(/^2\t.*\n\tS b\.txt \(another lug/m);
    ok(await runLug(['rewind', '1', '--files-only'], { cwd: box.project, env }));
    expect(existsSync(join(box.project, 'a.txt'))).toBe(false);
    expect(readFileSync(join(box.project, 'b.txt'), 'utf8')).toBe('written for b.txt\n');
  }, 180_000);
});
