import { mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileError } from './file-error.js';
import { encodeText, readTextFile } from './text-file.js';
import { tempDir } from './test-dir.js';

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return `${(err as FileError).reason}: ${(err as Error).message}`;
  }
  return 'no error';
}

describe('readTextFile', () => {
  it('reads UTF-8 text, noting a byte order mark', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.txt'), '\ufeffcafé\n');
    const file = await readTextFile(path.join(dir, 'a.txt'), 'a.txt');
    expect(file.text).toBe('café\n');
    expect(file.bom).toBe(true);
    expect(encodeText(file.text, file.bom)).toEqual(Buffer.from('\ufeffcafé\n'));
  });
  it('says a missing file is missing', async () => {
    const dir = tempDir();
    expect(await reason(readTextFile(path.join(dir, 'x'), 'x'))).toMatch(/^missing: x \(.*\) does not exist/);
  });
  it('says a directory is a directory and suggests ls', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'src'));
    expect(await reason(readTextFile(path.join(dir, 'src'), 'src'))).toBe(
      'directory: src is a directory, not a file; to see what it holds, use ls with path "src".',
    );
  });
  it('refuses a named pipe rather than hanging on it', async () => {
    const dir = tempDir();
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    expect(await reason(readTextFile(path.join(dir, 'pipe'), 'pipe'))).toMatch(/^not_file: pipe is not a regular file/);
  });
  it('says a path under a file cannot exist', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'f'), '');
    expect(await reason(readTextFile(path.join(dir, 'f', 'g'), 'f/g'))).toMatch(/^parent_not_directory: f\/g cannot exist/);
  });
  it('rejects binary and non-UTF-8 files', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'bin'), Buffer.from([1, 2, 0, 3]));
    writeFileSync(path.join(dir, 'latin'), Buffer.from('caf\xe9', 'latin1'));
    expect(await reason(readTextFile(path.join(dir, 'bin'), 'bin'))).toMatch(/^binary: /);
    expect(await reason(readTextFile(path.join(dir, 'latin'), 'latin'))).toMatch(/^not_utf8: /);
  });
});
