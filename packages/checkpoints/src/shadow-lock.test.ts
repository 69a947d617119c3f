import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTicks } from '@lug/core';
import { gitProject, storeFor, type GitProject } from './test-support/git-project.js';
import { shadowDir } from './shadow-repo.js';
import { LOCK_FILE } from './shadow-lock.js';

let project: GitProject;
const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  project?.remove();
});

/** Another process's lock on the project's shadow: `sleep` running, or one that has exited. */
async function lockedBy(alive: boolean): Promise<{ lock: string; pid: number }> {
  const child = spawn('sleep', [alive ? '30' : '0']);
  children.push(child);
  const pid = child.pid!;
  const start = startTicks(pid) ?? '';
  if (!alive) await new Promise((resolve) => child.on('exit', resolve));
  const dir = shadowDir(project.env, project.dir);
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, LOCK_FILE);
  writeFileSync(lock, `${pid} ${start}\n`);
  return { lock, pid };
}

describe("the shadow repository's lock", () => {
  it('makes a store wait while another running process holds it, and say which one when it waits too long', async () => {
    project = gitProject();
    const { pid } = await lockedBy(true);
    const store = await storeFor(project, { lockWaitMs: 300 });
    await expect(store.beginTurn('s1', 1, 'one')).rejects.toThrow(`the checkpoints' repository is in use by another lug (process ${pid})`);
  });

  it('is taken once its running holder lets go', async () => {
    project = gitProject();
    const { lock } = await lockedBy(true);
    const store = await storeFor(project);
    let done = false;
    const begun = store.beginTurn('s1', 1, 'one').then((id) => ((done = true), id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    rmSync(lock);
    expect(await begun).toBe('1');
    expect(existsSync(lock)).toBe(false);
  });

  it('is taken over from a process that has gone, and released after the operation', async () => {
    project = gitProject();
    const { lock } = await lockedBy(false);
    const store = await storeFor(project, { lockWaitMs: 2_000 });
    expect(await store.beginTurn('s1', 1, 'one')).toBe('1');
    expect(existsSync(lock)).toBe(false);
  });

  it('lets two lugs checkpoint the same project at once without either failing on the other\'s git index', async () => {
    project = gitProject();
    const [a, b] = [await storeFor(project, { sessionId: 'a' }), await storeFor(project, { sessionId: 'b' })];
    const turns = (store: typeof a, who: string) =>
      Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const id = await store.beginTurn(who, i + 1, `${who} ${i}`);
          project.write(`${who}-${i}.txt`, `${who}\n`);
          return store.endTurn(id);
        }),
      );
    const [fromA, fromB] = await Promise.all([turns(a, 'a'), turns(b, 'b')]);
    expect(fromA.length + fromB.length).toBe(12);
    expect(new Set((await a.list()).map((c) => c.id)).size).toBe(12);
  });
});
