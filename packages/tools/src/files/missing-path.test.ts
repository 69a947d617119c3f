import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingPathMessage } from './missing-path.js';
import { tempDir } from './test-dir.js';

describe('missingPathMessage', () => {
  it('suggests a name that differs only in case', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'README.md'), '');
    expect(await missingPathMessage(path.join(dir, 'readme.md'), 'readme.md')).toBe(
      `readme.md (${path.join(dir, 'readme.md')}) does not exist. Did you mean README.md?`,
    );
  });
  it('suggests the same name with another extension, keeping the directory the model wrote', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src', 'main.ts'), '');
    const message = await missingPathMessage(path.join(dir, 'src', 'main.js'), 'src/main.js');
    expect(message).toMatch(/Did you mean src\/main\.ts\?$/);
  });
  it('suggests a name one typo away', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'config.json'), '');
    expect(await missingPathMessage(path.join(dir, 'confg.json'), path.join(dir, 'confg.json'))).toMatch(/Did you mean .*config\.json\?$/);
  });
  it('says when the directory is missing too', async () => {
    const dir = tempDir();
    const abs = path.join(dir, 'nope', 'x.txt');
    expect(await missingPathMessage(abs, abs)).toBe(`${abs} does not exist: its directory ${path.join(dir, 'nope')} does not exist either.`);
  });
  it('points to ls when nothing is alike', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'zzzzzz'), '');
    const abs = path.join(dir, 'alpha.txt');
    expect(await missingPathMessage(abs, abs)).toBe(`${abs} does not exist; list its directory with ls to find the right name.`);
  });
  it('names the target of a dangling symlink', async () => {
    const dir = tempDir();
    symlinkSync('gone.txt', path.join(dir, 'link'));
    const abs = path.join(dir, 'link');
    expect(await missingPathMessage(abs, abs)).toBe(`${abs} is a symbolic link to gone.txt, which does not exist.`);
  });
  it('writes a suggested name or a link target that holds a newline quoted, so it cannot pass for more of the message', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'notes\n.md'), '');
    expect(await missingPathMessage(path.join(dir, 'notes.md'), 'notes.md')).toMatch(/ does not exist\. Did you mean "notes\\n\.md"\?$/);
    symlinkSync('gone\nx', path.join(dir, 'link'));
    expect(await missingPathMessage(path.join(dir, 'link'), 'link')).toMatch(/ is a symbolic link to "gone\\nx", which does not exist\.$/);
  });
});
