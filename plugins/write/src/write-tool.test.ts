import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PathLocks } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTool, readToolsPage, runTool, tempDirs, toolContext, toolPageDifferences } from '@lug/testing';
import plugin, { writeTool } from './index.js';

const dirs = tempDirs('lug-write-');
afterEach(() => dirs.removeAll());
const page = readToolsPage(fileURLToPath(new URL('../../../docs/tools.md', import.meta.url)));

async function write(dir: string, p: string, content: string, locks?: PathLocks): Promise<string> {
  const out = await writeTool.handler({ path: p, content }, toolContext(dir, { locks }));
  return typeof out === 'string' ? out : out.content;
}

describe('write: the definition is the page', () => {
  it('has the page description, arguments, and asks by default', () => {
    expect(writeTool.name).toBe('write');
    expect(writeTool.ask).toBe(true);
    expect(toolPageDifferences(writeTool, page)).toEqual([]);
  });
  it('is the default export of a plugin named write, which registers write reading the sandbox options', () => {
    expect(plugin).toMatchObject({ name: 'write', setup: expect.any(Function) });
  });
});

describe('write: writing', () => {
  it('creates a file and its parent directories, and says so with the line count', async () => {
    const dir = dirs.make();
    expect(await write(dir, 'a/b/c.txt', 'one\ntwo\n')).toBe('Created a/b/c.txt: 2 lines.');
    expect(readFileSync(path.join(dir, 'a/b/c.txt'), 'utf8')).toBe('one\ntwo\n');
  });
  it('replaces an existing file and says so', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'f.txt'), 'old\nold\nold\n');
    expect(await write(dir, 'f.txt', 'new')).toBe('Replaced f.txt: 1 line.');
    expect(readFileSync(path.join(dir, 'f.txt'), 'utf8')).toBe('new');
  });
  it('writes an empty file', async () => {
    const dir = dirs.make();
    expect(await write(dir, 'empty', '')).toBe('Created empty: 0 lines.');
    expect(statSync(path.join(dir, 'empty')).size).toBe(0);
  });
  it('writes the content exactly: CRLF, unicode, no added newline', async () => {
    const dir = dirs.make();
    const content = 'crlf\r\nline 中文 🎉\r\nno newline at end';
    await write(dir, 'x', content);
    expect(readFileSync(path.join(dir, 'x'), 'utf8')).toBe(content);
  });
  it('takes an absolute path', async () => {
    const dir = dirs.make();
    const abs = path.join(dir, 'abs.txt');
    expect(await write(dirs.make(), abs, 'x')).toBe(`Created ${abs}: 1 line.`);
    expect(readFileSync(abs, 'utf8')).toBe('x');
  });
  it('writes atomically, leaving no temporary file', async () => {
    const dir = dirs.make();
    await write(dir, 'f', 'one');
    await write(dir, 'f', 'two');
    expect(readdirSync(dir)).toEqual(['f']);
  });
  it('keeps the mode of the file it replaces', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'run.sh'), 'echo old\n');
    chmodSync(path.join(dir, 'run.sh'), 0o755);
    await write(dir, 'run.sh', 'echo new\n');
    expect(statSync(path.join(dir, 'run.sh')).mode & 0o7777).toBe(0o755);
  });
  it('writes through a symlink to its target and keeps the link', async () => {
    const dir = dirs.make();
    mkdirSync(path.join(dir, 'real'));
    writeFileSync(path.join(dir, 'real', 'conf'), 'old');
    symlinkSync('real/conf', path.join(dir, 'conf'));
    expect(await write(dir, 'conf', 'new\n')).toBe('Replaced conf (through the symlink, into real/conf): 1 line.');
    expect(lstatSync(path.join(dir, 'conf')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, 'real', 'conf'), 'utf8')).toBe('new\n');
  });
});

describe('write: one writer per file', () => {
  it('waits for the lock of the file it writes, also when writing through a symlink', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'f'), 'old');
    symlinkSync('f', path.join(dir, 'link'));
    const locks = new PathLocks();
    const release = await locks.acquire(path.join(dir, 'f'));
    const pending = write(dir, 'link', 'new', locks);
    await new Promise((r) => setTimeout(r, 30));
    expect(readFileSync(path.join(dir, 'f'), 'utf8')).toBe('old');
    release();
    await pending;
    expect(readFileSync(path.join(dir, 'f'), 'utf8')).toBe('new');
    expect(locks.busy()).toEqual([]);
  });
  it('releases the lock when the write fails', async () => {
    const dir = dirs.make();
    mkdirSync(path.join(dir, 'd'));
    const locks = new PathLocks();
    await expect(write(dir, 'd', 'x', locks)).rejects.toThrow();
    expect(locks.busy()).toEqual([]);
  });
});

describe('write: errors', () => {
  it('refuses to replace a directory, suggesting ls', async () => {
    const dir = dirs.make();
    mkdirSync(path.join(dir, 'd'));
    await expect(write(dir, 'd', 'x')).rejects.toThrow('d is a directory, not a file; to see what it holds, use ls with path "d".');
  });
  it('says when a part of the path is a file', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'file'), '');
    await expect(write(dir, 'file/x.txt', 'x')).rejects.toThrow(/a part of (its directory path|the path before its last name) is a file, not a directory/);
  });
});

describe('write: preview', () => {
  it('shows a new file as before null, and creates nothing', async () => {
    const dir = dirs.make();
    const preview = await writeTool.preview!({ path: 'new/f.txt', content: 'hi\n' }, toolContext(dir));
    expect(preview).toEqual({ kind: 'file_change', path: path.join(dir, 'new', 'f.txt'), before: null, after: 'hi\n' });
    expect(existsSync(path.join(dir, 'new'))).toBe(false);
  });
  it('shows the current text of an existing file, through symlinks, and changes nothing', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'real.txt'), 'old\r\n');
    symlinkSync('real.txt', path.join(dir, 'link'));
    const preview = await writeTool.preview!({ path: 'link', content: 'new\n' }, toolContext(dir));
    expect(preview).toEqual({ kind: 'file_change', path: path.join(dir, 'real.txt'), before: 'old\r\n', after: 'new\n' });
    expect(readFileSync(path.join(dir, 'real.txt'), 'utf8')).toBe('old\r\n');
  });
  it('describes a binary file it would replace instead of showing its bytes', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'b'), Buffer.from([0, 1, 2]));
    const preview = await writeTool.preview!({ path: 'b', content: 'text' }, toolContext(dir));
    expect(preview).toMatchObject({ before: '[binary file, 3 bytes: not shown]', after: 'text' });
  });
});

describe('what write says about a call, beside the text the model reads', () => {
  it('describes a call by the path it changes', () => {
    const dir = dirs.make();
    expect(describeTool(writeTool, { path: 'new/a.txt', content: 'x' }, { cwd: dir })).toEqual({
      title: 'new/a.txt',
      kind: 'edit',
      paths: [{ path: 'new/a.txt', access: 'change', absPath: path.join(dir, 'new', 'a.txt') }],
    });
  });

  it('gives a new file as created, every line added', async () => {
    const dir = dirs.make();
    const r = await runTool(writeTool, { path: 'a.txt', content: 'one\ntwo\n' }, { cwd: dir });
    expect(r.details).toEqual({ kind: 'file_change', path: 'a.txt', created: true, linesAdded: 2, linesRemoved: 0 });
  });

  it('gives a replaced file the lines that changed', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'a.txt'), 'one\ntwo\nthree\n');
    const r = await runTool(writeTool, { path: 'a.txt', content: 'one\nTWO\n2b\nthree\n' }, { cwd: dir });
    expect(r.details).toEqual({ kind: 'file_change', path: 'a.txt', created: false, linesAdded: 2, linesRemoved: 1 });
  });
});

describe("write inside an editor that offers its file system (ctx.files)", () => {
  it('gives the content to the editor instead of writing the disk, making the parent directories', async () => {
    const dir = dirs.make();
    const written: Array<[string, string]> = [];
    const files = { writeText: async (p: string, text: string) => void written.push([p, text]) };
    const r = await runTool(writeTool, { path: 'deep/new.txt', content: 'a\nb\n' }, { cwd: dir, files });
    expect(r).toMatchObject({ isError: false, content: 'Created deep/new.txt: 2 lines.', details: { kind: 'file_change', created: true, linesAdded: 2 } });
    expect(written).toEqual([[path.join(dir, 'deep', 'new.txt'), 'a\nb\n']]);
    expect(existsSync(path.join(dir, 'deep', 'new.txt'))).toBe(false);
    expect(statSync(path.join(dir, 'deep')).isDirectory()).toBe(true);
  });

  it("fails the call with the editor's error when the editor cannot write", async () => {
    const dir = dirs.make();
    const files = { writeText: async () => Promise.reject(new Error('the buffer is read-only')) };
    const r = await runTool(writeTool, { path: 'a.txt', content: 'x' }, { cwd: dir, files });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('the buffer is read-only');
  });
});
