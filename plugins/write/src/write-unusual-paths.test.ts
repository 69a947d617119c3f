import { execFileSync } from 'node:child_process';
import { constants, closeSync, existsSync, lstatSync, openSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs, toolContext } from '@lug/testing';
import { writeTool } from './index.js';

const dirs = tempDirs('lug-write-unusual-');
afterEach(() => dirs.removeAll());

/** The call's error message, or "still running" when it has not settled within `ms`. */
async function errorWithin(call: Promise<unknown>, ms: number): Promise<string> {
  const timer = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), ms));
  const failed = call.then(
    () => 'it succeeded',
    (err: Error) => `${err.name}: ${err.message}`,
  );
  return Promise.race([failed, timer]);
}

/** Give a reader stuck on the pipe its end of file, so a failing test leaves no blocked thread behind. */
function releaseReaders(fifo: string): void {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // ENXIO: nobody is waiting to read it.
  }
}

describe('write: a path that is not a regular file', () => {
  it('refuses a named pipe at once, also through a symlink, instead of waiting for a writer', async () => {
    const dir = dirs.make();
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    symlinkSync('pipe', path.join(dir, 'link'));
    try {
      for (const p of ['pipe', 'link']) {
        const message = await errorWithin(Promise.resolve(writeTool.handler({ path: p, content: 'x' }, toolContext(dir))), 3000);
        expect(message).toBe(`ToolError: ${p} is not a regular file (it is a device, socket or pipe); only regular files can be written.`);
      }
    } finally {
      releaseReaders(fifo);
    }
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['link', 'pipe']);
  });

  it('refuses a device without reading it first (/dev/urandom never ends: read to the 2 GiB limit, it took 14 s and 1 GB)', async () => {
    const dir = dirs.make();
    symlinkSync('/dev/urandom', path.join(dir, 'random'));
    const started = Date.now();
    const message = await errorWithin(Promise.resolve(writeTool.handler({ path: 'random', content: 'x' }, toolContext(dir))), 10_000);
    expect(message).toMatch(/^ToolError: random is not a regular file/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('write: a path that cannot name a file', () => {
  it('refuses an empty path, naming the argument rather than an empty name', async () => {
    const dir = dirs.make();
    await expect(writeTool.handler({ path: '', content: 'x' }, toolContext(dir))).rejects.toThrow(
      'path is empty; pass the path of the file to write, relative to the working directory or absolute.',
    );
  });


  it('refuses a path that ends in a slash, since it names a directory, and creates nothing', async () => {
    const dir = dirs.make();
    await expect(writeTool.handler({ path: 'notes/', content: 'x' }, toolContext(dir))).rejects.toThrow(
      'notes/ ends in "/", so it names a directory; write writes a file. Pass the file\'s path, e.g. "notes/NAME".',
    );
    await expect(writeTool.preview!({ path: 'notes/', content: 'x' }, toolContext(dir))).rejects.toThrow(/names a directory/);
    expect(existsSync(path.join(dir, 'notes'))).toBe(false);
  });

  it('leaves an existing file named by a path with a trailing slash as it was', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'f.txt'), 'keep\n');
    await expect(writeTool.handler({ path: 'f.txt/', content: 'x' }, toolContext(dir))).rejects.toThrow(/^f\.txt\/ ends in "\/"/);
    expect(readFileSync(path.join(dir, 'f.txt'), 'utf8')).toBe('keep\n');
  });
});
