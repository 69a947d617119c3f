import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write.js';
import { tempDir } from './test-dir.js';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

describe('writeFileAtomic', () => {
  it('creates a new file and its missing parent directories', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'a', 'b', 'c.txt');
    const result = await writeFileAtomic(file, 'hello\n');
    expect(result).toMatchObject({ target: file, created: true });
    expect(readFileSync(file, 'utf8')).toBe('hello\n');
  });
  it('replaces an existing file and says it was not created', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'x');
    writeFileSync(file, 'old');
    expect((await writeFileAtomic(file, 'new')).created).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('new');
  });
  it('writes an empty file', async () => {
    const dir = tempDir();
    await writeFileAtomic(path.join(dir, 'empty'), '');
    expect(statSync(path.join(dir, 'empty')).size).toBe(0);
  });
  it('keeps the mode of an existing file, beyond the umask', async () => {
    const dir = tempDir();
    const script = path.join(dir, 'run.sh');
    const secret = path.join(dir, 'secret');
    writeFileSync(script, 'echo old');
    writeFileSync(secret, 'old');
    chmodSync(script, 0o775);
    chmodSync(secret, 0o600);
    expect((await writeFileAtomic(script, 'echo new')).mode).toBe(0o775);
    await writeFileAtomic(secret, 'new');
    expect(statSync(script).mode & 0o7777).toBe(0o775);
    expect(statSync(secret).mode & 0o7777).toBe(0o600);
  });
  it('writes through a symlink to its target and keeps the link', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'real'));
    writeFileSync(path.join(dir, 'real', 'conf'), 'old');
    symlinkSync('real/conf', path.join(dir, 'link'));
    symlinkSync('link', path.join(dir, 'link2'));
    const result = await writeFileAtomic(path.join(dir, 'link2'), 'new');
    expect(result).toMatchObject({ target: path.join(dir, 'real', 'conf'), created: false });
    expect(lstatSync(path.join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(lstatSync(path.join(dir, 'link2')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(dir, 'link'))).toBe('real/conf');
    expect(readFileSync(path.join(dir, 'real', 'conf'), 'utf8')).toBe('new');
  });
  it('creates the target of a dangling symlink', async () => {
    const dir = tempDir();
    symlinkSync('sub/later.txt', path.join(dir, 'link'));
    const result = await writeFileAtomic(path.join(dir, 'link'), 'made');
    expect(result).toMatchObject({ target: path.join(dir, 'sub', 'later.txt'), created: true });
    expect(lstatSync(path.join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, 'link'), 'utf8')).toBe('made');
  });
  it('leaves no temporary file behind', async () => {
    const dir = tempDir();
    await writeFileAtomic(path.join(dir, 'f'), 'one');
    await writeFileAtomic(path.join(dir, 'f'), 'two');
    expect(readdirSync(dir)).toEqual(['f']);
  });
  it('refuses to write over a directory', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'd'));
    await expect(writeFileAtomic(path.join(dir, 'd'), 'x', { shownPath: 'd' })).rejects.toThrow(
      'd is a directory, not a file; to see what it holds, use ls with path "d".',
    );
  });
  it('says when a parent in the path is a file', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'file'), '');
    await expect(writeFileAtomic(path.join(dir, 'file', 'sub', 'x'), 'x', { shownPath: 'file/sub/x' })).rejects.toThrow(
      /file\/sub\/x cannot exist|cannot create file\/sub\/x/,
    );
  });
  it.skipIf(isRoot)('refuses a read-only file', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'ro'), 'old');
    chmodSync(path.join(dir, 'ro'), 0o444);
    await expect(writeFileAtomic(path.join(dir, 'ro'), 'new', { shownPath: 'ro' })).rejects.toThrow(/ro is read-only \(mode 0444\)/);
    expect(readFileSync(path.join(dir, 'ro'), 'utf8')).toBe('old');
  });

  it('leaves the old file whole when a write is interrupted part-way', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'big');
    writeFileSync(file, 'old contents');
    const controller = new AbortController();
    const big = Buffer.alloc(64 * 1024 * 1024, 0x61);
    // Abort as soon as the temporary file exists, while the new bytes are being written.
    let sawOldWhileWriting = false;
    const watcher = (async () => {
      for (;;) {
        const names = await readdir(dir);
        if (names.some((n) => n.endsWith('.lug-tmp'))) {
          sawOldWhileWriting = (await readFile(file, 'utf8')) === 'old contents';
          controller.abort();
          return;
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await expect(writeFileAtomic(file, big, { signal: controller.signal })).rejects.toThrow();
    await watcher;
    expect(sawOldWhileWriting).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('old contents');
    expect(readdirSync(dir)).toEqual(['big']);
  });

  it('never shows a reader a half-written file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'f');
    const oldText = 'o'.repeat(3 * 1024 * 1024);
    const newText = 'n'.repeat(12 * 1024 * 1024);
    writeFileSync(file, oldText);
    let writing = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (writing) {
        const text = await readFile(file, 'utf8');
        seen.add(text === oldText ? 'old' : text === newText ? 'new' : `half (${text.length} chars)`);
      }
    })();
    await writeFileAtomic(file, newText);
    writing = false;
    await reader;
    expect(seen.has('old')).toBe(true);
    expect([...seen].filter((s) => s.startsWith('half'))).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(newText);
  });
});

describe('writeFileAtomic: a file that passed its checks but cannot be replaced', () => {
  it('says no new file can be made in its directory (a file in /proc), not that the file does not exist', async () => {
    const comm = readFileSync('/proc/self/comm', 'utf8');
    let message = 'no error';
    try {
      await writeFileAtomic('/proc/self/comm', 'renamed\n', { shownPath: 'comm' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^cannot write comm: no new file can be made in its directory \(\/proc\/\d+\), as in \/proc or \/sys \(lug writes the new content to a new file beside comm and renames it over the old one/);
    expect(message).toMatch(/Nothing was changed\.$/);
    expect(readFileSync('/proc/self/comm', 'utf8')).toBe(comm);
  });
  it.skipIf(isRoot)('names the directory when it does not let you make files in it, though the file itself is writable', async () => {
    const dir = tempDir();
    const sub = path.join(dir, 'closed');
    mkdirSync(sub);
    writeFileSync(path.join(sub, 'f.txt'), 'old\n');
    chmodSync(sub, 0o555);
    try {
      await expect(writeFileAtomic(path.join(sub, 'f.txt'), 'new\n', { shownPath: 'closed/f.txt' })).rejects.toThrow(
        `cannot write closed/f.txt: its directory (${sub}) does not let you make files in it`,
      );
      expect(readFileSync(path.join(sub, 'f.txt'), 'utf8')).toBe('old\n');
    } finally {
      chmodSync(sub, 0o755);
    }
  });
});
