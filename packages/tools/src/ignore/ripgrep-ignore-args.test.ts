import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIgnoreTree, PLAIN_SUB_VISIBLE, PLAIN_VISIBLE, PROJECT_VISIBLE, type IgnoreTree } from '@lug/testing';
import { locateRipgrep } from '../ripgrep/locate-ripgrep.js';
import { findGitRoot } from './git-root.js';
import { ripgrepIgnoreArgs } from './ripgrep-ignore-args.js';

let tree: IgnoreTree;
let rg: string;

beforeAll(async () => {
  tree = buildIgnoreTree();
  rg = await locateRipgrep();
});
afterAll(() => tree.remove());

async function rgFiles(root: string): Promise<string[]> {
  const args = ['--files', ...(await ripgrepIgnoreArgs(root)), '--', '.'];
  let out = '';
  try {
    out = execFileSync(rg, args, { cwd: root, env: { ...process.env, ...tree.env }, encoding: 'utf8' });
  } catch (err) {
    out = (err as { stdout: string }).stdout; // exit 1: no files
  }
  return out.split('\n').filter(Boolean).map((p) => p.replace(/^\.\//, '')).sort();
}

function gitListsUntracked(root: string): string[] | undefined {
  try {
    const out = execFileSync('git', ['ls-files', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      env: { ...process.env, ...tree.env, GIT_CONFIG_NOSYSTEM: '1' },
      encoding: 'utf8',
    });
    return out.split('\0').filter(Boolean).sort();
  } catch {
    return undefined; // no git here
  }
}

describe('ripgrep with the ignore flags', () => {
  it('lists exactly what git does not ignore in a repository under a parent whose .gitignore is *', async () => {
    expect(await rgFiles(tree.project)).toEqual(PROJECT_VISIBLE);
  });

  it('agrees with git itself (git ls-files --others --exclude-standard)', () => {
    const git = gitListsUntracked(tree.project);
    if (git) expect(git).toEqual(PROJECT_VISIBLE);
  });

  it('honours the .gitignore files from the repository root down when searching a subdirectory', async () => {
    const expected = PROJECT_VISIBLE.filter((p) => p.startsWith('src/')).map((p) => p.slice(4));
    expect(await rgFiles(path.join(tree.project, 'src'))).toEqual(expected);
  });

  it('honours .gitignore outside a repository, from the search root down, never above it', async () => {
    expect(await rgFiles(tree.plain)).toEqual(PLAIN_VISIBLE);
    expect(await rgFiles(path.join(tree.plain, 'sub'))).toEqual(PLAIN_SUB_VISIBLE);
  });

  it('gives the repository flags inside a repository and adds the outside ones elsewhere', async () => {
    expect(await ripgrepIgnoreArgs(tree.project)).toEqual(['--no-config', '--hidden', '--no-ignore-dot', '--glob', '!.git']);
    expect(await ripgrepIgnoreArgs(path.join(tree.project, 'src', 'main.rs'))).not.toContain('--no-require-git');
    expect(await ripgrepIgnoreArgs(tree.plain)).toEqual([
      '--no-config',
      '--hidden',
      '--no-ignore-dot',
      '--glob',
      '!.git',
      '--no-require-git',
      '--no-ignore-parent',
    ]);
  });
});

describe('findGitRoot', () => {
  it('finds the repository root from a directory, a file or a missing path inside it', async () => {
    expect(await findGitRoot(tree.project)).toBe(tree.project);
    expect(await findGitRoot(path.join(tree.project, 'src', 'util'))).toBe(tree.project);
    expect(await findGitRoot(path.join(tree.project, 'src', 'main.rs'))).toBe(tree.project);
    expect(await findGitRoot(path.join(tree.project, 'src', 'nothing-here.rs'))).toBe(tree.project);
  });

  it('is undefined outside any repository', async () => {
    expect(await findGitRoot(tree.plain)).toBeUndefined();
  });
});
