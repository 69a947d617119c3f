import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTool, readToolsPage, runTool, tempDirs, toolContext, toolPageDifferences } from '@lug/testing';
import plugin, { readTool } from './index.js';

const dirs = tempDirs('lug-read-');
afterEach(() => dirs.removeAll());
const page = readToolsPage(fileURLToPath(new URL('../../../docs/tools.md', import.meta.url)));

type Args = Parameters<typeof readTool.handler>[0];

async function read(dir: string, args: Args, limits = {}): Promise<string> {
  const out = await readTool.handler(args, toolContext(dir, { limits }));
  return typeof out === 'string' ? out : out.content;
}

async function readError(dir: string, args: Args): Promise<string> {
  try {
    await read(dir, args);
  } catch (err) {
    expect((err as Error).name).toBe('ToolError');
    return (err as Error).message;
  }
  throw new Error('expected read to fail');
}

function fileWith(text: string | Buffer, name = 'f.txt'): string {
  const dir = dirs.make();
  writeFileSync(path.join(dir, name), text);
  return dir;
}

const linesOf = (n: number, make = (i: number) => `line ${i}`) =>
  Array.from({ length: n }, (_, i) => make(i + 1)).join('\n') + '\n';

describe('read: the definition is the page', () => {
  it('has the page description, arguments and asks nothing', () => {
    expect(readTool.name).toBe('read');
    expect(readTool.ask).toBe(false);
    expect(toolPageDifferences(readTool, page)).toEqual([]);
  });
  it('is the default export of a plugin named read', () => {
    expect(plugin).toEqual({ name: 'read', tools: [readTool] });
  });
});

describe('read: lines like cat -n', () => {
  it('numbers lines from 1, right-aligned in 6 columns, then a tab', async () => {
    const dir = fileWith('alpha\n\n  gamma\n');
    expect(await read(dir, { path: 'f.txt' })).toBe('     1\talpha\n     2\t\n     3\t  gamma');
  });
  it('counts a last line without a newline', async () => {
    expect(await read(fileWith('a\nb'), { path: 'f.txt' })).toBe('     1\ta\n     2\tb');
  });
  it('reads an absolute path, a path in a subdirectory and a symlink', async () => {
    const dir = dirs.make();
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'sub', 'x.txt'), 'x\n');
    symlinkSync('sub/x.txt', path.join(dir, 'link'));
    expect(await read(dir, { path: 'sub/x.txt' })).toBe('     1\tx');
    expect(await read('/', { path: path.join(dir, 'sub', 'x.txt') })).toBe('     1\tx');
    expect(await read(dir, { path: 'link' })).toBe('     1\tx');
  });
  it('shows unicode as it is and drops a byte order mark', async () => {
    expect(await read(fileWith('\ufeffcafé 🎉\n中文\n'), { path: 'f.txt' })).toBe('     1\tcafé 🎉\n     2\t中文');
  });
});

describe('read: offset and limit', () => {
  it('returns limit lines from offset, then the offset to read on', async () => {
    const dir = fileWith(linesOf(10));
    expect(await read(dir, { path: 'f.txt', offset: 3, limit: 2 })).toBe(
      '     3\tline 3\n     4\tline 4\n[showing lines 3-4 of 10; to read on, call read with offset=5]',
    );
  });
  it('adds nothing when the window reaches the end', async () => {
    const dir = fileWith(linesOf(10));
    expect(await read(dir, { path: 'f.txt', offset: 9, limit: 5 })).toBe('     9\tline 9\n    10\tline 10');
  });
  it('stops at 2,000 lines by default and says so, with the next offset', async () => {
    const out = await read(fileWith(linesOf(2500, () => 'x')), { path: 'f.txt' });
    const lines = out.split('\n');
    expect(lines).toHaveLength(2001);
    expect(lines[1999]).toBe('  2000\tx');
    expect(lines[2000]).toBe(
      '[showing lines 1-2000 of 2500: the default limit of 2000 lines cut the file; to read on, call read with offset=2001]',
    );
  });
  it('takes the default limit from ctx.limits.readLines', async () => {
    const out = await read(fileWith(linesOf(10)), { path: 'f.txt', offset: 2 }, { readLines: 3 });
    expect(out.split('\n').at(-1)).toBe('[showing lines 2-4 of 10: the default limit of 3 lines cut the file; to read on, call read with offset=5]');
  });
  it('says nothing about the default limit when the file fits in it', async () => {
    expect(await read(fileWith(linesOf(3)), { path: 'f.txt' })).toBe('     1\tline 1\n     2\tline 2\n     3\tline 3');
  });
});

describe('read: long lines and the output cap', () => {
  it('cuts a line at 2,000 characters with a visible mark', async () => {
    const out = await read(fileWith(`${'a'.repeat(2500)}\nshort\n`), { path: 'f.txt' });
    expect(out).toBe(`     1\t${'a'.repeat(2000)}… [line cut: 500 more characters]\n     2\tshort`);
  });
  it('counts characters, not UTF-16 units or bytes, when cutting', async () => {
    const out = await read(fileWith(`${'🎉'.repeat(2001)}\n`), { path: 'f.txt' });
    expect(out).toBe(`     1\t${'🎉'.repeat(2000)}… [line cut: 1 more characters]`);
  });
  it('reads a 20 MB line without holding it, and cuts it the same way', async () => {
    const huge = 'é'.repeat(10 * 1024 * 1024);
    const out = await read(fileWith(`first\r\n${huge}\r\nlast\r\n`), { path: 'f.txt' });
    expect(out.split('\n')).toEqual([
      '[this file uses CRLF line endings; lines are shown without the CR]',
      '     1\tfirst',
      `     2\t${'é'.repeat(2000)}… [line cut: ${huge.length - 2000} more characters]`,
      '     3\tlast',
    ]);
  });
  it('cuts the output at 30,000 bytes on whole lines and gives the exact offset to read on', async () => {
    const dir = fileWith(linesOf(5000, (i) => `${i}:`.padEnd(100, 'x')));
    const out = await read(dir, { path: 'f.txt', limit: 5000 });
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    const lines = out.split('\n');
    const marker = lines.at(-1)!;
    const match = /^\[output cut at 30,000 bytes: showing lines 1-(\d+) of 5000; to read on, call read with offset=(\d+)\]$/.exec(marker);
    expect(match).not.toBeNull();
    const lastShown = Number(match![1]);
    expect(Number(match![2])).toBe(lastShown + 1);
    expect(lines.at(-2)).toBe(`${String(lastShown).padStart(6)}\t${`${lastShown}:`.padEnd(100, 'x')}`);
    expect(lines).toHaveLength(lastShown + 1);
    const next = await read(dir, { path: 'f.txt', offset: lastShown + 1, limit: 1 });
    expect(next.split('\n')[0]).toBe(`${String(lastShown + 1).padStart(6)}\t${`${lastShown + 1}:`.padEnd(100, 'x')}`);
  });
  it('cuts at 30,000 bytes also when the default limit would cut too, naming the byte cut', async () => {
    const out = await read(fileWith(linesOf(3000, () => 'ü'.repeat(3000))), { path: 'f.txt' });
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    expect(out.split('\n').at(-1)).toMatch(/^\[output cut at 30,000 bytes: showing lines 1-7 of 3000; to read on, call read with offset=8\]$/);
  });
  it('keeps the CRLF note inside the byte budget', async () => {
    const out = await read(fileWith(linesOf(5000, () => 'y'.repeat(80)).replace(/\n/g, '\r\n')), { path: 'f.txt' });
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    expect(out.startsWith('[this file uses CRLF line endings; lines are shown without the CR]\n     1\t')).toBe(true);
  });
});

describe('read: special files', () => {
  it('says an empty file is empty', async () => {
    expect(await read(fileWith(''), { path: 'f.txt' })).toBe('[f.txt is empty: it has no lines]');
  });
  it('shows a CRLF file without CRs, after a line saying it uses CRLF', async () => {
    expect(await read(fileWith('one\r\ntwo\r\n'), { path: 'f.txt' })).toBe(
      '[this file uses CRLF line endings; lines are shown without the CR]\n     1\tone\n     2\ttwo',
    );
  });
  it('says when a file mixes CRLF and LF', async () => {
    expect(await read(fileWith('one\r\ntwo\nthree\r\n'), { path: 'f.txt' })).toBe(
      '[this file mixes line endings: 2 lines end with CRLF and 1 with LF; lines are shown without the CR]\n     1\tone\n     2\ttwo\n     3\tthree',
    );
  });
  it('does not mention CRLF for an LF file', async () => {
    expect(await read(fileWith('a\rb\n'), { path: 'f.txt' })).toBe('     1\ta\rb');
  });
});

describe('read: errors', () => {
  it('names a missing path, and what was probably meant', async () => {
    const dir = fileWith('x', 'Notes.md');
    expect(await readError(dir, { path: 'notes.md' })).toBe(`notes.md (${path.join(dir, 'notes.md')}) does not exist. Did you mean Notes.md?`);
  });
  it('says a directory is a directory and suggests ls', async () => {
    const dir = dirs.make();
    mkdirSync(path.join(dir, 'src'));
    expect(await readError(dir, { path: 'src' })).toBe('src is a directory, not a file; to see what it holds, use ls with path "src".');
  });
  it('refuses a binary file', async () => {
    const dir = fileWith(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'logo.png');
    expect(await readError(dir, { path: 'logo.png' })).toMatch(/^logo\.png is a binary file \(it has a NUL byte at byte 8\), not UTF-8 text/);
  });
  it('refuses a file that is not UTF-8, naming the first bad byte', async () => {
    const dir = fileWith(Buffer.from('ok\nna\xefve\n', 'latin1'));
    expect(await readError(dir, { path: 'f.txt' })).toMatch(/^f\.txt is not valid UTF-8 \(the first invalid byte is byte 5, on line 2\)/);
  });
  it('says how many lines the file has when offset is past the end', async () => {
    const dir = fileWith(linesOf(3));
    expect(await readError(dir, { path: 'f.txt', offset: 4 })).toBe('offset 4 is past the end of f.txt, which has 3 lines; pass an offset from 1 to 3.');
    expect(await readError(fileWith('one'), { path: 'f.txt', offset: 9 })).toBe(
      'offset 9 is past the end of f.txt, which has 1 line; pass an offset from 1 to 1.',
    );
  });
  it('says the file is empty when offset is past the end of an empty file', async () => {
    expect(await readError(fileWith(''), { path: 'f.txt', offset: 2 })).toBe('offset 2 is past the end of f.txt: the file is empty (0 lines).');
  });
  it('stops when the turn is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const ctx = toolContext(fileWith(linesOf(3)), { signal: controller.signal });
    await expect(readTool.handler({ path: 'f.txt' }, ctx)).rejects.toThrow();
  });
});

describe('what read says about a call, beside the text the model reads', () => {
  it('describes a call by the path it reads', () => {
    const dir = dirs.make();
    expect(describeTool(readTool, { path: 'src/a.ts', offset: 3 }, { cwd: dir })).toEqual({
      title: 'src/a.ts',
      kind: 'read',
      paths: [{ path: 'src/a.ts', access: 'read', absPath: path.join(dir, 'src', 'a.ts') }],
    });
  });

  it('gives the lines shown and how many the file has', async () => {
    const dir = fileWith('a\nb\nc\nd\n');
    const r = await runTool(readTool, { path: 'f.txt', offset: 2, limit: 2 }, { cwd: dir });
    expect(r.details).toEqual({ kind: 'file_read', path: 'f.txt', firstLine: 2, linesShown: 2, totalLines: 4 });
    expect((await runTool(readTool, { path: 'f.txt' }, { cwd: dir })).details).toMatchObject({ linesShown: 4, totalLines: 4 });
  });

  it('counts the lines an output cut left out', async () => {
    const dir = fileWith(`${'x'.repeat(100)}\n`.repeat(50));
    const r = await runTool(readTool, { path: 'f.txt' }, { cwd: dir, limits: { outputBytes: 1000 } });
    expect(r.details).toMatchObject({ totalLines: 50 });
    expect((r.details as { linesShown: number }).linesShown).toBe(r.content.split('\n').length - 1);
  });

  it('gives an empty file as no lines of none', async () => {
    const dir = fileWith('');
    expect((await runTool(readTool, { path: 'f.txt' }, { cwd: dir })).details).toEqual({ kind: 'file_read', path: 'f.txt', firstLine: 1, linesShown: 0, totalLines: 0 });
  });
});

describe("read inside an editor that offers its file system (ctx.files)", () => {
  it("reads the editor's buffer, unsaved changes included, numbered as a file", async () => {
    const dir = fileWith('saved\n');
    const asked: string[] = [];
    const files = { readText: async (p: string) => (asked.push(p), '\ufeffsaved\nunsaved\n') };
    const r = await runTool(readTool, { path: 'f.txt' }, { cwd: dir, files });
    expect(r.content).toBe('     1\tsaved\n     2\tunsaved');
    expect(asked).toEqual([path.join(dir, 'f.txt')]);
  });

  it("fails with the editor's error when the editor cannot read the file", async () => {
    const dir = fileWith('saved\n');
    const files = { readText: async () => Promise.reject(new Error('no such buffer')) };
    const r = await runTool(readTool, { path: 'f.txt' }, { cwd: dir, files });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('no such buffer');
  });
});
