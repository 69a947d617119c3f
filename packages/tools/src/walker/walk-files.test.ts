import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../ripgrep/list-files.js';
import { buildIgnoreTree, PLAIN_SUB_VISIBLE, PLAIN_VISIBLE, PROJECT_VISIBLE, type IgnoreTree } from '@lug/testing';
import { listFilesByWalking, walkFiles, type WalkEntry } from './walk-files.js';

let tree: IgnoreTree;
beforeAll(() => {
  // ripgrep (listFiles) reads the global excludes file from the environment too.
  tree = buildIgnoreTree({ setEnv: true });
});
afterAll(() => tree.remove());

async function collect(root: string): Promise<WalkEntry[]> {
  const out: WalkEntry[] = [];
  for await (const e of walkFiles(root, { env: tree.env })) out.push(e);
  return out;
}

describe('walkFiles', () => {
  it('yields exactly the files git does not ignore (hand-written list)', async () => {
    expect(await listFilesByWalking(tree.project, { env: tree.env })).toEqual(PROJECT_VISIBLE);
  });

  it('agrees with rg --files run with the grep tool flags, in and outside a repository', async () => {
    for (const root of [tree.project, path.join(tree.project, 'src'), tree.plain, path.join(tree.plain, 'sub')]) {
      expect(await listFilesByWalking(root, { env: tree.env })).toEqual(await listFiles(root));
    }
  });

  it('outside a repository honours .gitignore from the walk root down and never above it', async () => {
    expect(await listFilesByWalking(tree.plain, { env: tree.env })).toEqual(PLAIN_VISIBLE);
    expect(await listFilesByWalking(path.join(tree.plain, 'sub'), { env: tree.env })).toEqual(PLAIN_SUB_VISIBLE);
  });

  it('applies the .gitignore files between the repository root and a deeper walk root', async () => {
    const files = await listFilesByWalking(path.join(tree.project, 'src'), { env: tree.env });
    expect(files).toContain('important.log');
    expect(files).not.toContain('trace.log');
    expect(files).toContain('a/b/inside.rs');
  });

  it('yields directories before their contents, skips .git and never enters ignored directories', async () => {
    const entries = await collect(tree.project);
    const paths = entries.map((e) => e.path);
    expect(paths.indexOf('src')).toBeLessThan(paths.indexOf('src/main.rs'));
    expect(entries.find((e) => e.path === 'src')?.kind).toBe('dir');
    expect(paths.some((p) => p === '.git' || p.startsWith('.git/'))).toBe(false);
    expect(paths.some((p) => p === 'build' || p.startsWith('build/'))).toBe(false);
    expect(paths).toContain('.hidden');
  });

  it('reports symbolic links without following them', async () => {
    const root = path.join(tree.base, 'links');
    mkdirSync(path.join(root, 'real'), { recursive: true });
    writeFileSync(path.join(root, 'real', 'x.txt'), 'x');
    symlinkSync('real', path.join(root, 'link'));
    const entries = await collect(root);
    expect(entries).toContainEqual({ path: 'link', kind: 'symlink' });
    expect(entries.map((e) => e.path)).not.toContain('link/x.txt');
  });

  it('treats a nested repository as its own root: the outer .gitignore stops at it', async () => {
    const outer = path.join(tree.base, 'outer');
    mkdirSync(path.join(outer, '.git'), { recursive: true });
    mkdirSync(path.join(outer, 'inner', '.git'), { recursive: true });
    writeFileSync(path.join(outer, '.gitignore'), '*.txt\n');
    writeFileSync(path.join(outer, 'a.txt'), 'a');
    writeFileSync(path.join(outer, 'inner', 'b.txt'), 'b');
    expect(await listFilesByWalking(outer, { env: tree.env })).toEqual(['.gitignore', 'inner/b.txt']);
    expect(await listFiles(outer)).toEqual(['.gitignore', 'inner/b.txt']);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const e of walkFiles(tree.project, { env: tree.env, signal: controller.signal })) {
      seen.push(e.path);
      controller.abort();
    }
    expect(seen.length).toBeLessThan(PROJECT_VISIBLE.length);
  });

  it('relies on ignore@7 testing a path without its parents (the guard for testDirectly)', () => {
    const ig = ignore({ ignorecase: false }).add('a/b/\n');
    const rules = (ig as unknown as { _rules: { test(p: string, mode: string): { ignored: boolean } } })._rules;
    expect(typeof rules.test).toBe('function');
    expect(rules.test('a/b/', 'regex').ignored).toBe(true);
    expect(rules.test('a/b/x.txt', 'regex').ignored).toBe(false);
    expect(ig.test('a/b/x.txt').ignored).toBe(true); // the public test inherits from the parent
  });
});
