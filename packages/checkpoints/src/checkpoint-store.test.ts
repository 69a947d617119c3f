import { existsSync, readFileSync, rmSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashTree } from '@lug/testing';
import { gitProject, storeFor, type GitProject } from './test-support/git-project.js';
import { shadowDir } from './shadow-repo.js';

let project: GitProject;
afterEach(() => project?.remove());

/** One turn: the checkpoint before it, `change` as the turn's tools would, the checkpoint after. */
async function turn(store: Awaited<ReturnType<typeof storeFor>>, n: number, change: () => void) {
  const id = await store.beginTurn('s1', n, `prompt ${n}`);
  change();
  return store.endTurn(id);
}

describe('checkpoints in a shadow repository', () => {
  it('leave the project\'s .git byte for byte as it was, hooks never run', async () => {
    project = gitProject();
    const before = hashTree(join(project.dir, '.git'));
    const store = await storeFor(project);
    await turn(store, 1, () => project.write('src/a.txt', 'changed\n'));
    await turn(store, 2, () => rmSync(join(project.dir, 'src/b.txt')));
    await store.undo();
    await store.undo();
    await store.redo();
    await store.restore('1', { force: true });
    await store.list();
    expect(hashTree(join(project.dir, '.git'))).toBe(before);
    expect(existsSync(join(project.dir, '..', 'hook-ran'))).toBe(false);
  });

  it('keep the shadow under $XDG_STATE_HOME/lug/checkpoints, one directory per project', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await turn(store, 1, () => project.write('x.txt', 'x\n'));
    expect(shadowDir(project.env, project.dir).startsWith(join(project.state, 'lug', 'checkpoints') + '/')).toBe(true);
    expect(existsSync(join(shadowDir(project.env, project.dir), 'HEAD'))).toBe(true);
  });

  it('record what a turn changed by any means, with added and removed lines', async () => {
    project = gitProject();
    const store = await storeFor(project);
    const cp = await turn(store, 1, () => {
      project.write('new.txt', 'a\nb\n');
      project.write('src/a.txt', 'one\n');
      rmSync(join(project.dir, 'src/b.txt'));
    });
    expect(cp.ended).toBe(true);
    expect(cp.files).toEqual([
      { path: 'new.txt', status: 'added', added: 2, removed: 0, binary: false },
      { path: 'src/a.txt', status: 'modified', added: 0, removed: 3, binary: false },
      { path: 'src/b.txt', status: 'deleted', added: 0, removed: 1, binary: false },
    ]);
  });

  it('restore every file of the project byte for byte, renames and deletions too', async () => {
    project = gitProject({ 'bin/run.sh': '#!/bin/sh\necho hi\n' });
    const store = await storeFor(project);
    const tree = () => hashTree(project.dir).toString();
    const withoutGit = () => {
      const git = join(project.dir, '.git');
      const aside = join(project.dir, '..', 'git-aside');
      renameSync(git, aside);
      try {
        return tree();
      } finally {
        renameSync(aside, git);
      }
    };
    const start = withoutGit();
    await turn(store, 1, () => {
      renameSync(join(project.dir, 'src/b.txt'), join(project.dir, 'src/moved.txt'));
      writeFileSync(join(project.dir, 'src/a.txt'), 'sed -i was here\n');
      project.write('deep/dir/new.bin', Buffer.from([0, 1, 2, 255]));
      symlinkSync('src/a.txt', join(project.dir, 'link'));
    });
    const middle = withoutGit();
    await turn(store, 2, () => rmSync(join(project.dir, 'bin'), { recursive: true }));
    const undone = await store.undo();
    expect(undone?.applied).toBe(true);
    expect(withoutGit()).toBe(middle);
    await store.undo();
    expect(withoutGit()).toBe(start);
    await store.redo();
    expect(withoutGit()).toBe(middle);
  });

  it('warm the shadow before any turn (every file hashed once), and the first checkpoint still sees the turn\'s change', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await store.warm();
    expect(existsSync(join(shadowDir(project.env, project.dir), 'refs', 'heads'))).toBe(true);
    expect(await store.list()).toEqual([]);
    const cp = await turn(store, 1, () => project.write('src/a.txt', 'warm\n'));
    expect(cp.files.map((f) => f.path)).toEqual(['src/a.txt']);
  });

  it('take nothing when nothing changed: the same state, no new tree', async () => {
    project = gitProject();
    const store = await storeFor(project);
    const a = await turn(store, 1, () => {});
    expect(a.files).toEqual([]);
    expect(await store.undo()).toBeUndefined();
    // Read back, it is ended too (its commit names the same state twice, which git keeps as one parent).
    expect((await store.list())[0]).toMatchObject({ id: a.id, ended: true });
  });

  it('spend seven git processes on a turn that changed nothing (each fork of a large lug costs ~5 ms of its main thread)', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await turn(store, 1, () => project.write('src/a.txt', 'changed\n'));
    const ran: string[] = [];
    const run = store.git.run.bind(store.git);
    store.git.run = (args, input) => (ran.push(args[0]!), run(args, input));
    const cp = await turn(store, 2, () => {});
    expect(cp.files).toEqual([]);
    // Before: the files' status, the state lug left, the record and its ref; after: the status, the record, both refs at once.
    expect(ran).toEqual(['status', 'rev-parse', 'commit-tree', 'update-ref', 'status', 'commit-tree', 'update-ref']);
    // The ended record is what a fresh reader sees.
    const [, second] = await store.list();
    expect(second).toMatchObject({ id: cp.id, ended: true, turn: 2, prompt: 'prompt 2', files: [] });
  });

  it('spend no more git processes on the first turn after warm than on any later one (the records are read while idle)', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await store.warm();
    const ran: string[] = [];
    const run = store.git.run.bind(store.git);
    store.git.run = (args, input) => (ran.push(args[0]!), run(args, input));
    await store.beginTurn('s1', 1, 'prompt 1');
    expect(ran).toEqual(['status', 'rev-parse', 'commit-tree', 'update-ref']);
  });

  it('leave ignored files out and never touch them on restore', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await turn(store, 1, () => {
      project.write('build/out.js', 'built\n');
      project.write('debug.log', 'log\n');
      project.write('kept.txt', 'kept\n');
    });
    const [cp] = await store.list();
    expect(cp!.files.map((f) => f.path)).toEqual(['kept.txt']);
    await store.undo();
    expect(existsSync(join(project.dir, 'kept.txt'))).toBe(false);
    expect(project.read('build/out.js')).toBe('built\n');
    expect(project.read('debug.log')).toBe('log\n');
  });

  it('leave files over the size limit out, and say so once', async () => {
    project = gitProject();
    const told: string[] = [];
    const { openCheckpoints } = await import('./open-checkpoints.js');
    const opened = await openCheckpoints({ cwd: project.dir, env: project.env, maxFileSize: () => 10, onSkipped: (p) => told.push(p) });
    const store = opened.store!;
    const cp = await turn(store, 1, () => project.write('big.txt', 'more than ten bytes\n'));
    await turn(store, 2, () => project.write('big.txt', 'still more than ten bytes\n'));
    expect(cp.skipped).toContain('big.txt');
    expect(cp.files.map((f) => f.path)).not.toContain('big.txt');
    expect(told.filter((p) => p === 'big.txt')).toEqual(['big.txt']);
  });

  it('report a file the user changed since the turn as a conflict, and write nothing unless forced', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await turn(store, 1, () => {
      project.write('src/a.txt', 'by the model\n');
      project.write('other.txt', 'by the model\n');
    });
    project.write('src/a.txt', 'by the user\n');
    const refused = await store.undo();
    expect(refused).toMatchObject({ applied: false, conflicts: ['src/a.txt'] });
    expect(project.read('src/a.txt')).toBe('by the user\n');
    expect(project.read('other.txt')).toBe('by the model\n');
    const forced = await store.undo({ force: true });
    expect(forced?.applied).toBe(true);
    expect(project.read('src/a.txt')).toBe('one\ntwo\nthree\nfour (not staged)\n');
  });

  it('count an edit the user made between two turns as a conflict when restoring to before both', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await turn(store, 1, () => project.write('x.txt', 'model 1\n'));
    project.write('x.txt', 'user\n');
    await turn(store, 2, () => project.write('y.txt', 'model 2\n'));
    const result = await store.restore('1', { dryRun: true });
    expect(result.conflicts).toEqual(['x.txt']);
    expect(result.files).toEqual(['x.txt', 'y.txt']);
  });

  it('undo turn by turn, skipping turns that changed nothing', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await turn(store, 1, () => project.write('t.txt', '1\n'));
    await turn(store, 2, () => project.write('t.txt', '2\n'));
    await turn(store, 3, () => {});
    expect((await store.undo())?.checkpoint.turn).toBe(2);
    expect(project.read('t.txt')).toBe('1\n');
    expect((await store.undo())?.checkpoint.turn).toBe(1);
    expect(existsSync(join(project.dir, 't.txt'))).toBe(false);
    expect(await store.undo()).toBeUndefined();
  });

  it('keep the state a restore replaced, for redo and for recovery by hand', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await turn(store, 1, () => project.write('t.txt', 'model\n'));
    const r = await store.undo();
    expect(r?.savedAs).toMatch(/^refs\/lug\/saved\//);
    expect(await store.redo()).toMatchObject({ applied: true, files: ['t.txt'] });
    expect(project.read('t.txt')).toBe('model\n');
    expect(await store.redo()).toBeUndefined();
  });

  it('checks a name that is not a checkpoint, saying how to list them', async () => {
    project = gitProject();
    const store = await storeFor(project);
    await expect(store.restore('nope')).rejects.toThrow(/there is no checkpoint "nope".*lug rewind --list/);
  });

  it('a file name with spaces, quotes and glob characters is one file', async () => {
    project = gitProject({ '*': 'star\n', 'a b "c".txt': 'q\n' });
    const store = await storeFor(project);
    await turn(store, 1, () => {
      project.write('*', 'changed star\n');
      project.write('a b "c".txt', 'changed\n');
    });
    await store.undo();
    expect(project.read('*')).toBe('star\n');
    expect(project.read('a b "c".txt')).toBe('q\n');
  });
});
