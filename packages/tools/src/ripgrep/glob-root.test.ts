import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIgnoreTree, PLAIN_SUB_VISIBLE, PLAIN_VISIBLE, PROJECT_VISIBLE, type IgnoreTree } from '@lug/testing';
import { compileGlob } from '../glob/compile-glob.js';
import { globWalkRoot } from './glob-root.js';
import { listFiles } from './list-files.js';

let tree: IgnoreTree;
beforeAll(() => {
  tree = buildIgnoreTree({ setEnv: true });
  // A symbolic link to a directory: ripgrep does not follow it from the root, so neither may a rooted walk.
  symlinkSync(path.join(tree.project, 'src', 'util'), path.join(tree.project, 'src', 'linked'));
  // A repository inside the plain tree, and a directory the plain root's rules would re-include.
  mkdirSync(path.join(tree.plain, 'nested', '.git'), { recursive: true });
  writeFileSync(path.join(tree.plain, 'nested', 'ignored.txt'), 'cat\n');
  writeFileSync(path.join(tree.plain, 'nested', 'kept.txt'), 'cat\n');
});
afterAll(() => tree.remove());

const walkDir = async (root: string, glob: string) => (await globWalkRoot(root, compileGlob(glob))).dir;

/** The hand-written answer, filtered by the glob: what a walk from the root gives. */
const expected = (visible: readonly string[], glob: string) => visible.filter((f) => compileGlob(glob).test(f));

describe('globWalkRoot', () => {
  it('starts at the deepest directory the literal part of a path glob names', async () => {
    expect(await walkDir(tree.project, 'src/util/*.rs')).toBe('src/util');
    expect(await walkDir(tree.project, 'src/**/*.rs')).toBe('src');
    expect(await walkDir(tree.project, 'src/')).toBe('src');
    expect(await walkDir(tree.plain, 'sub/**')).toBe('sub');
  });

  it('starts at the root for a glob without a slash or one that starts with a wildcard', async () => {
    expect(await walkDir(tree.project, '*.rs')).toBe('');
    expect(await walkDir(tree.project, '**/util/*.rs')).toBe('');
    expect(await walkDir(tree.project, '{src,docs}/*.md')).toBe('');
  });

  it('stops above a directory a rule may ignore, a symbolic link, .git and another repository', async () => {
    expect(await walkDir(tree.project, 'build/**')).toBe('');
    expect(await walkDir(tree.project, 'src/generated/*.rs')).toBe('src');
    expect(await walkDir(tree.project, 'src/a/b/*.rs')).toBe('src/a'); // b is ignored by /src/a/b/, re-included by src/a/.gitignore
    expect(await walkDir(tree.project, 'src/linked/*.rs')).toBe('src');
    expect(await walkDir(tree.project, '.git/**')).toBe('');
    expect(await walkDir(tree.plain, 'sub/deeper/*')).toBe('sub');
    expect(await walkDir(tree.plain, 'nested/*')).toBe('');
  });

  it('says nothing can match when a literal directory is missing or a file', async () => {
    expect(await globWalkRoot(tree.project, compileGlob('nowhere/**/*.rs'))).toEqual({ dir: '', empty: true });
    expect(await globWalkRoot(tree.project, compileGlob('README.md/*'))).toEqual({ dir: '', empty: true });
  });

  it('hands ripgrep the rules between the root and the start outside a repository, rebased on the root', async () => {
    const walk = await globWalkRoot(tree.plain, compileGlob('sub/**'));
    expect(walk).toMatchObject({ dir: 'sub', empty: false, ignoreRules: 'ignored.txt\n/sub/deeper/\n' });
    expect(readFileSync(walk.ignoreFile!, 'utf8')).toBe(walk.ignoreRules);
    expect((await globWalkRoot(tree.project, compileGlob('src/**'))).ignoreRules).toBeUndefined();
  });

  it('writes the rules\' file again when it was removed between two calls', async () => {
    const first = await globWalkRoot(tree.plain, compileGlob('sub/**'));
    rmSync(first.ignoreFile!);
    const second = await globWalkRoot(tree.plain, compileGlob('sub/**'));
    expect(second.ignoreFile).toBe(first.ignoreFile);
    expect(readFileSync(second.ignoreFile!, 'utf8')).toBe(first.ignoreRules);
  });

  it('follows a .gitignore changed between two calls', async () => {
    const rules = path.join(tree.plain, '.gitignore');
    const before = readFileSync(rules, 'utf8');
    try {
      expect(await globWalkRoot(tree.plain, compileGlob('sub/**'))).toMatchObject({ dir: 'sub', ignoreRules: 'ignored.txt\n/sub/deeper/\n' });
      writeFileSync(rules, `${before}/sub/\n`);
      expect(await walkDir(tree.plain, 'sub/**')).toBe('');
      writeFileSync(rules, `${before}*.bak\n`);
      expect(await globWalkRoot(tree.plain, compileGlob('sub/**'))).toMatchObject({ dir: 'sub', ignoreRules: 'ignored.txt\n/sub/deeper/\n*.bak\n' });
    } finally {
      writeFileSync(rules, before);
    }
  });
});

describe('listFiles with a rooted walk', () => {
  const projectGlobs = ['src/**', 'src/', 'src/*.rs', 'src/util/*.rs', 'src/a/**', 'src/a/b/*.rs', 'src/generated/**', 'src/linked/*', 'build/**', 'docs/*.md', 'logs/*', '.hidden/*', '.git/**', 'src/*.log', 'src/*.tmp'];
  it.each(projectGlobs)('lists in a repository what the walk from the root lists: %s', async (glob) => {
    expect(await listFiles(tree.project, { glob })).toEqual(expected(PROJECT_VISIBLE, glob));
  });

  it('lists under a subdirectory what the walk from it lists', async () => {
    const src = PROJECT_VISIBLE.filter((p) => p.startsWith('src/')).map((p) => p.slice(4));
    for (const glob of ['util/*.rs', 'a/b/**', 'generated/*']) {
      expect(await listFiles(path.join(tree.project, 'src'), { glob }), glob).toEqual(expected(src, glob));
    }
  });

  const plainGlobs = ['sub/**', 'sub/*.txt', 'sub/deeper/*', 'sub/*.tmp'];
  it.each(plainGlobs)('keeps the root .gitignore in force outside a repository: %s', async (glob) => {
    expect(await listFiles(tree.plain, { glob })).toEqual(expected(PLAIN_VISIBLE, glob));
    expect(await listFiles(path.join(tree.plain, 'sub'), { glob: glob.replace(/^sub\//, 'deeper/') })).toEqual(
      expected(PLAIN_SUB_VISIBLE, glob.replace(/^sub\//, 'deeper/')),
    );
  });

  it('lists a nested repository by its own rules', async () => {
    expect(await listFiles(tree.plain, { glob: 'nested/*' })).toEqual(['nested/kept.txt']);
  });
});
