import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSymlinkTarget } from './symlink-target.js';
import { tempDir } from './test-dir.js';

describe('resolveSymlinkTarget', () => {
  it('returns a plain file itself', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a'), 'x');
    expect(await resolveSymlinkTarget(path.join(dir, 'a'))).toBe(path.join(dir, 'a'));
  });
  it('returns a path that does not exist itself', async () => {
    const dir = tempDir();
    expect(await resolveSymlinkTarget(path.join(dir, 'no', 'such'))).toBe(path.join(dir, 'no', 'such'));
  });
  it('follows a chain of relative and absolute links to the end', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'real'));
    writeFileSync(path.join(dir, 'real', 'file'), 'x');
    symlinkSync('real/file', path.join(dir, 'one'));
    symlinkSync(path.join(dir, 'one'), path.join(dir, 'two'));
    expect(await resolveSymlinkTarget(path.join(dir, 'two'))).toBe(path.join(dir, 'real', 'file'));
  });
  it('follows a dangling link to the file it would create', async () => {
    const dir = tempDir();
    symlinkSync('made-later.txt', path.join(dir, 'link'));
    expect(await resolveSymlinkTarget(path.join(dir, 'link'))).toBe(path.join(dir, 'made-later.txt'));
  });
  it('resolves .. in a link physically, as the OS does, inside a linked directory', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'deep', 'inner'), { recursive: true });
    writeFileSync(path.join(dir, 'deep', 'target'), 'x');
    symlinkSync(path.join(dir, 'deep', 'inner'), path.join(dir, 'shortcut'));
    symlinkSync('../target', path.join(dir, 'deep', 'inner', 'link'));
    expect(await resolveSymlinkTarget(path.join(dir, 'shortcut', 'link'))).toBe(path.join(dir, 'deep', 'target'));
  });
  it('fails clearly on a loop of links', async () => {
    const dir = tempDir();
    symlinkSync('b', path.join(dir, 'a'));
    symlinkSync('a', path.join(dir, 'b'));
    await expect(resolveSymlinkTarget(path.join(dir, 'a'))).rejects.toThrow(/more than 40 symbolic links \(probably a loop\)/);
  });
});
