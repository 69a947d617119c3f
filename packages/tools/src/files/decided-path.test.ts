import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeCall } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { decidedPath } from './decided-path.js';
import { FileError } from './file-error.js';

function project(): { cwd: string; outside: string } {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'lug-decided-')));
  mkdirSync(path.join(root, 'p'));
  mkdirSync(path.join(root, 'o'));
  return { cwd: path.join(root, 'p'), outside: path.join(root, 'o') };
}

const described = (cwd: string, p: string) => describeCall({ describe: () => ({ title: p, paths: [{ path: p, access: 'change' }] }) }, { p }, '{}', cwd);

describe('decidedPath', () => {
  it('is the path approvals judged while it still leads there', () => {
    const { cwd } = project();
    expect(decidedPath({ cwd, description: described(cwd, 'a/b.txt') }, 'a/b.txt')).toBe(path.join(cwd, 'a', 'b.txt'));
  });

  it('is a FileError "path_changed" once a symlink sends the path elsewhere', () => {
    const { cwd, outside } = project();
    const description = described(cwd, 'x');
    symlinkSync(outside, path.join(cwd, 'x'));
    let error: unknown;
    try {
      decidedPath({ cwd, description }, 'x');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FileError);
    expect((error as FileError).reason).toBe('path_changed');
  });

  it('without a description (a handler called directly) is where the path leads now', () => {
    const { cwd, outside } = project();
    symlinkSync(outside, path.join(cwd, 'x'));
    expect(decidedPath({ cwd }, 'x/y')).toBe(path.join(outside, 'y'));
  });
});
