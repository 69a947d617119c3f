import { afterEach, describe, expect, it } from 'vitest';
import { gitProject, storeFor, type GitProject } from './test-support/git-project.js';
import { openCheckpoints } from './open-checkpoints.js';

let project: GitProject;
afterEach(() => project?.remove());

async function threeTurns(project: GitProject) {
  const store = await storeFor(project);
  for (const n of [1, 2, 3]) {
    const id = await store.beginTurn('s1', n, `p${n}`);
    project.write('f.txt', `${n}\n`.repeat(1000 * n));
    await store.endTurn(id);
  }
  return store;
}

describe('pruning', () => {
  it('drops checkpoints older than the age limit with git gc, keeping the newest', async () => {
    project = gitProject();
    const store = await threeTurns(project);
    const result = await store.prune({ maxAgeDays: 7, maxBytes: 1e9, now: Date.now() + 8 * 86_400_000 });
    expect(result.dropped).toBeGreaterThanOrEqual(2);
    expect((await store.list()).map((c) => c.id)).toEqual(['3']);
  });

  it('keeps what is younger than the age limit', async () => {
    project = gitProject();
    const store = await threeTurns(project);
    await store.prune({ maxAgeDays: 7, maxBytes: 1e9 });
    expect((await store.list()).map((c) => c.id)).toEqual(['1', '2', '3']);
  });

  it('drops the oldest while the repository is over its size budget', async () => {
    project = gitProject();
    const store = await threeTurns(project);
    const result = await store.prune({ maxAgeDays: 7, maxBytes: 1 });
    expect((await store.list()).map((c) => c.id)).toEqual(['3']);
    expect(result.dropped).toBeGreaterThanOrEqual(2);
  });
});

describe('without git', () => {
  it('is off, with one sentence saying why and what to do', async () => {
    project = gitProject();
    const opened = await openCheckpoints({ cwd: project.dir, env: { ...project.env, PATH: '/nonexistent' } });
    expect(opened.store).toBeUndefined();
    expect(opened.off).toMatch(/^checkpoints are off: git is not on PATH.*install git/);
  });
});
