/**
 * Checkpoints of a project holding a git repository of its own (a vendored
 * clone, a sub-project, a submodule), against real git: its files are kept
 * and restored like any other, its .gitignore files are honoured, and its
 * .git is never captured nor written.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashTree } from '@lug/testing';
import { createRecordRef, writeRecordCommit } from './checkpoint-records.js';
import { NESTED_MARK } from './nested-repos.js';
import { initShadow } from './shadow-repo.js';
import { countedGit, gitProject, nestedRepo, storeFor, submodule, type GitProject } from './test-support/git-project.js';

let project: GitProject;
afterEach(() => project?.remove());

describe('checkpoints of a project with a nested git repository', () => {
  it('record and undo what a turn changed inside it, leaving its .git and its ignored files alone', async () => {
    project = gitProject();
    const lib = nestedRepo(project, 'vendor/lib', { 'a.txt': 'a\n', 'gone.txt': 'gone\n', '.gitignore': 'out/\n' });
    project.write('vendor/lib/out/built.js', 'built\n');
    const dotGit = hashTree(join(lib, '.git'));
    const store = await storeFor(project);
    const id = await store.beginTurn('s1', 1, 'edit the vendored lib');
    project.write('vendor/lib/a.txt', 'changed\n');
    project.write('vendor/lib/new.txt', 'new\n');
    rmSync(join(lib, 'gone.txt'));
    project.write('vendor/lib/out/built.js', 'rebuilt\n');
    const cp = await store.endTurn(id);
    expect(cp.files.map((f) => `${f.status} ${f.path}`)).toEqual(['modified vendor/lib/a.txt', 'deleted vendor/lib/gone.txt', 'added vendor/lib/new.txt']);
    expect((await store.undo())?.applied).toBe(true);
    expect(project.read('vendor/lib/a.txt')).toBe('a\n');
    expect(project.read('vendor/lib/gone.txt')).toBe('gone\n');
    expect(existsSync(join(lib, 'new.txt'))).toBe(false);
    expect(project.read('vendor/lib/out/built.js')).toBe('rebuilt\n');
    expect(hashTree(join(lib, '.git'))).toBe(dotGit);
  });

  it('undo a turn that made a repository: its files go, its .git stays as it was', async () => {
    project = gitProject();
    const store = await storeFor(project);
    const id = await store.beginTurn('s1', 1, 'git clone lib');
    const lib = nestedRepo(project, 'lib', { 'a.txt': 'a\n' });
    const dotGit = hashTree(join(lib, '.git'));
    const cp = await store.endTurn(id);
    expect(cp.files.map((f) => `${f.status} ${f.path}`)).toEqual(['added lib/a.txt']);
    expect((await store.undo())?.applied).toBe(true);
    expect(existsSync(join(lib, 'a.txt'))).toBe(false);
    expect(hashTree(join(lib, '.git'))).toBe(dotGit);
    await store.redo();
    expect(project.read('lib/a.txt')).toBe('a\n');
  });

  it('keep checkpointing a repository with no commit yet and one nested in another', async () => {
    project = gitProject();
    nestedRepo(project, 'vendor/lib', { 'a.txt': 'a\n' });
    nestedRepo(project, 'vendor/lib/deep', { 'd.txt': 'd\n' });
    const store = await storeFor(project);
    const id = await store.beginTurn('s1', 1, 'cargo new app');
    // `git init` with no commit: git add refused it ("does not have a commit checked out"), and the checkpoint failed.
    mkdirSync(join(project.dir, 'app'));
    execFileSync('git', ['init', '-q'], { cwd: join(project.dir, 'app'), env: { PATH: process.env.PATH!, HOME: project.dir, GIT_CONFIG_NOSYSTEM: '1' } });
    project.write('app/main.rs', 'fn main() {}\n');
    project.write('vendor/lib/deep/d.txt', 'changed\n');
    const cp = await store.endTurn(id);
    expect(cp.files.map((f) => `${f.status} ${f.path}`)).toEqual(['added app/main.rs', 'modified vendor/lib/deep/d.txt']);
    expect((await store.undo())?.applied).toBe(true);
    expect(project.read('vendor/lib/deep/d.txt')).toBe('d\n');
    expect(existsSync(join(project.dir, 'app/main.rs'))).toBe(false);
    expect(existsSync(join(project.dir, 'app/.git/HEAD'))).toBe(true);
  });

  it('record and undo a change inside a submodule, the project\'s .git (and the submodule\'s repository in it) untouched', async () => {
    project = gitProject();
    submodule(project, 'sub', { 's.txt': 's\n' });
    const dotGit = hashTree(join(project.dir, '.git'));
    const store = await storeFor(project);
    const id = await store.beginTurn('s1', 1, 'patch the submodule');
    project.write('sub/s.txt', 'patched\n');
    const cp = await store.endTurn(id);
    expect(cp.files.map((f) => `${f.status} ${f.path}`)).toEqual(['modified sub/s.txt']);
    expect((await store.undo())?.applied).toBe(true);
    expect(project.read('sub/s.txt')).toBe('s\n');
    expect(hashTree(join(project.dir, '.git'))).toBe(dotGit);
  });

  it('walk into a repository an older shadow kept as a gitlink, and leave its files alone restoring a state from then', async () => {
    project = gitProject();
    const lib = nestedRepo(project, 'lib', { 'a.txt': 'a\n' });
    const { git } = await storeFor(project);
    // The shadow as lug left it before: lib a gitlink in the index, in HEAD and in checkpoint 1's state.
    await initShadow(git);
    rmSync(join(git.gitDir, NESTED_MARK), { force: true });
    await git.ok(['add', '-A']);
    const old = (await git.text(['commit-tree', (await git.text(['write-tree'])).trim(), '-m', 'files'])).trim();
    await git.ok(['update-ref', 'HEAD', old]);
    const meta = { sessionId: 's1', turn: 1, prompt: 'old', created: new Date().toISOString(), ended: true, files: [], skipped: [], userChanged: [] };
    await createRecordRef(git, await writeRecordCommit(git, meta, old, old), 1);
    const store = await storeFor(project);
    const id = await store.beginTurn('s1', 2, 'patch lib');
    project.write('lib/a.txt', 'patched\n');
    expect((await store.endTurn(id)).files.map((f) => f.path)).toEqual(['lib/a.txt']);
    const dotGit = hashTree(join(lib, '.git'));
    expect((await store.restore('1', { force: true })).files).not.toContain('lib/a.txt');
    expect(project.read('lib/a.txt')).toBe('patched\n');
    expect(hashTree(join(lib, '.git'))).toBe(dotGit);
    expect((await store.undo())?.applied).toBe(true);
    expect(project.read('lib/a.txt')).toBe('a\n');
  });

  it('cost one git status per checkpoint without a nested repository, and no new state for one with no file to keep', async () => {
    project = gitProject();
    const counted = countedGit(project);
    const store = await storeFor(project, { git: counted.git });
    await store.warm();
    const before = counted.commands().length;
    await store.warm();
    expect(counted.commands().slice(before)).toEqual(['status']);
    // `git init` and nothing else yet: git add refused it ("does not have a commit checked out").
    mkdirSync(join(project.dir, 'scratch'));
    execFileSync('git', ['init', '-q'], { cwd: join(project.dir, 'scratch'), env: { PATH: process.env.PATH!, HOME: project.dir, GIT_CONFIG_NOSYSTEM: '1' } });
    await store.warm();
    const after = counted.commands().length;
    await store.warm();
    expect(counted.commands().slice(after)).toEqual(['status', 'update-index', 'status', 'update-index']);
  });
});
