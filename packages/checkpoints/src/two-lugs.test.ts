import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitProject, storeFor, type GitProject } from './test-support/git-project.js';

let project: GitProject;
afterEach(() => project?.remove());

/** Two lugs in one project: a store each, as two processes would have. */
async function twoLugs() {
  project = gitProject();
  return { one: await storeFor(project, { sessionId: 'one' }), two: await storeFor(project, { sessionId: 'two' }) };
}

const paths = (files: Array<{ path: string }>) => files.map((f) => f.path);

describe('two lugs running turns in one project', () => {
  it("keep a file the other lug wrote during a turn out of the turn's checkpoint, and a rewind of it leaves that file alone", async () => {
    const { one, two } = await twoLugs();
    const a = await one.beginTurn('one', 1, 'write a');
    project.write('a.txt', 'one\n');
    const b = await two.beginTurn('two', 1, 'write b');
    project.write('b.txt', 'two\n');
    const second = await two.endTurn(b);
    const first = await one.endTurn(a);
    expect(paths(first.files)).toEqual(['a.txt']);
    expect(first.shared).toEqual(['b.txt']);
    // One lug cannot tell that b.txt is not the other's: shared there too.
    expect(second).toMatchObject({ files: [], shared: ['b.txt'] });
    const back = await one.restore(a, { force: true });
    expect(back).toMatchObject({ applied: true, files: ['a.txt'], leftAlone: ['b.txt'] });
    expect(existsSync(join(project.dir, 'a.txt'))).toBe(false);
    expect(project.read('b.txt')).toBe('two\n');
  });

  it('share every file written while both turns ran: undo writes none of them and says which it left', async () => {
    const { one, two } = await twoLugs();
    const [a, b] = [await one.beginTurn('one', 1, 'write a'), await two.beginTurn('two', 1, 'write b')];
    project.write('a.txt', 'one\n');
    project.write('b.txt', 'two\n');
    expect(await one.endTurn(a)).toMatchObject({ files: [], shared: ['a.txt', 'b.txt'] });
    expect(await two.endTurn(b)).toMatchObject({ files: [], shared: ['a.txt', 'b.txt'] });
    expect(paths((await one.list()).flatMap((c) => c.files))).toEqual([]);
    const undone = await one.undo({ force: true });
    expect(undone).toMatchObject({ applied: false, files: [], leftAlone: ['a.txt', 'b.txt'], checkpoint: { id: a } });
    expect([project.read('a.txt'), project.read('b.txt')]).toEqual(['one\n', 'two\n']);
  });

  it("leave alone, even forced, what another lug's running turn has changed so far", async () => {
    const { one, two } = await twoLugs();
    const a = await one.beginTurn('one', 1, 'write a');
    project.write('a.txt', 'one\n');
    await one.endTurn(a);
    const b = await two.beginTurn('two', 1, 'write b');
    project.write('b.txt', 'two\n');
    const back = await one.restore(a, { force: true });
    expect(back).toMatchObject({ applied: true, files: ['a.txt'], leftAlone: ['b.txt'] });
    expect(project.read('b.txt')).toBe('two\n');
    // And the running turn does not claim what the other lug's restore deleted.
    expect(await two.endTurn(b)).toMatchObject({ files: [{ path: 'b.txt', status: 'added' }], shared: ['a.txt'] });
  });

  it('claim their own files as before when their turns do not overlap', async () => {
    const { one, two } = await twoLugs();
    const a = await one.beginTurn('one', 1, 'write a');
    project.write('a.txt', 'one\n');
    expect(await one.endTurn(a)).toMatchObject({ files: [{ path: 'a.txt' }], shared: [] });
    const b = await two.beginTurn('two', 1, 'write b');
    project.write('b.txt', 'two\n');
    expect(await two.endTurn(b)).toMatchObject({ files: [{ path: 'b.txt' }], shared: [] });
  });
});
