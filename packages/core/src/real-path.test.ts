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
});
