import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRealPath } from './real-path.js';

function project(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lug-abs-')));
  mkdirSync(join(root, 'proj', 'src'), { recursive: true });
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'proj', 'src', 'a.ts'), '');
  return root;
}

describe('resolveRealPath', () => {
  it('resolves a relative path against the project directory', () => {
    const root = project();
    expect(resolveRealPath(join(root, 'proj'), 'src/a.ts')).toBe(join(root, 'proj', 'src', 'a.ts'));
    expect(resolveRealPath(join(root, 'proj'), '.')).toBe(join(root, 'proj'));
  });

  it('resolves .. so that a relative path cannot hide where it points', () => {
    const root = project();
    expect(resolveRealPath(join(root, 'proj', 'src'), '../../outside/x')).toBe(join(root, 'outside', 'x'));
  });

  it('follows a symlink to where it really points', () => {
    const root = project();
    symlinkSync(join(root, 'outside'), join(root, 'proj', 'link'));
    expect(resolveRealPath(join(root, 'proj'), 'link/secret')).toBe(join(root, 'outside', 'secret'));
  });

  it('resolves the nearest existing ancestor of a path that does not exist yet', () => {
    const root = project();
    symlinkSync(join(root, 'outside'), join(root, 'proj', 'link'));
    expect(resolveRealPath(join(root, 'proj'), 'link/new/dir/file.txt')).toBe(join(root, 'outside', 'new', 'dir', 'file.txt'));
  });

  it('keeps an absolute path absolute', () => {
    expect(resolveRealPath('/somewhere', '/etc/../etc')).toBe(realpathSync('/etc'));
  });

  it('follows a symlink whose target does not exist yet to that target, where a write through it would land', () => {
    const root = project();
    symlinkSync(join(root, 'outside', 'new.txt'), join(root, 'proj', 'dangling'));
    expect(resolveRealPath(join(root, 'proj'), 'dangling')).toBe(join(root, 'outside', 'new.txt'));
    symlinkSync('../outside/missing-dir', join(root, 'proj', 'src', 'rel'));
    expect(resolveRealPath(join(root, 'proj'), 'src/rel/file')).toBe(join(root, 'proj', 'outside', 'missing-dir', 'file'));
  });

  it('gives up on a loop of symlinks after 40 links, keeping the path as written below them', () => {
    const root = project();
    symlinkSync(join(root, 'proj', 'b'), join(root, 'proj', 'a'));
    symlinkSync(join(root, 'proj', 'a'), join(root, 'proj', 'b'));
    expect(resolveRealPath(join(root, 'proj'), 'a')).toBe(join(root, 'proj', 'a'));
  });
});
