import { closeSync, constants, mkdirSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileError } from './file-error.js';
import { encodeText, openRegularFile, readTextFile } from './text-file.js';
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

describe('openRegularFile: what a path is, asked of the open handle', () => {
  /** The call's outcome, or "still waiting" when it has not settled within 3 s (a plain open of a pipe never does). */
  async function within(p: Promise<{ handle: { close(): Promise<void> } }>): Promise<string> {
    const outcome = reason(p.then(async ({ handle }) => handle.close()));
    return Promise.race([outcome, new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 3000))]);
  }
  it('refuses a named pipe at once: a stat made before the open cannot keep the path from becoming one', async () => {
    const dir = tempDir();
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const outcome = await within(openRegularFile(fifo, 'pipe'));
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)); // frees a reader stuck on it, had the test failed
    } catch {
      // ENXIO: nobody waits on it.
    }
    expect(outcome).toBe('not_file: pipe is not a regular file (it is a device, socket or pipe); only regular files can be read or changed.');
  });
  it('refuses a device before reading a byte of it, and a directory as a directory', async () => {
    expect(await within(openRegularFile('/dev/zero', 'zero'))).toMatch(/^not_file: zero is not a regular file/);
    const dir = tempDir();
    expect(await within(openRegularFile(dir, 'here'))).toMatch(/^directory: here is a directory, not a file/);
  });
  it('opens a regular file, through a symlink too, with its stat', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.txt'), 'abc');
    symlinkSync('a.txt', path.join(dir, 'link'));
    const { handle, stats } = await openRegularFile(path.join(dir, 'link'), 'link');
    try {
      expect(stats.size).toBe(3);
      expect((await handle.readFile()).toString()).toBe('abc');
    } finally {
      await handle.close();
    }
  });
});

describe('explainFileSystemError: paths no file can have', () => {
  it('says a path with a NUL byte holds one, instead of node\'s TypeError', async () => {
    const dir = tempDir();
    expect(await reason(readTextFile(path.join(dir, 'a\0b'), 'a\0b'))).toBe('bad_path: "a\\u0000b" holds a NUL byte ("\\u0000"), which no path can hold; pass the path without it.');
  });
  it('says a path too long is too long, with its length and the limits', async () => {
    const dir = tempDir();
    const long = 'x'.repeat(300);
    expect(await reason(readTextFile(path.join(dir, long), long))).toBe(
      `bad_path: ${'x'.repeat(80)}… is too long for a path (300 characters; a name may have 255 bytes, a whole path 4,096).`,
    );
  });
});

describe('an empty path', () => {
  it('is said to be empty (it names the working directory), not shown as an empty name', async () => {
    const dir = tempDir();
    expect(await reason(readTextFile(path.join(dir, ''), ''))).toBe(
      'directory: path is empty, which names the working directory, not a file; pass the path of a file, or use ls to see what the directory holds.',
    );
  });
});
