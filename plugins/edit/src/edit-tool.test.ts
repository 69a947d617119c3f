import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PathLocks } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTool, readToolsPage, runTool, tempDirs, toolContext, toolPageDifferences } from '@lug/testing';
import plugin, { createEditTool, editTool, type EditArgs } from './index.js';

const dirs = tempDirs('lug-edit-');
afterEach(() => dirs.removeAll());
const page = readToolsPage(fileURLToPath(new URL('../../../docs/tools.md', import.meta.url)));

function fileWith(text: string | Buffer, name = 'f.txt'): { dir: string; file: string } {
  const dir = dirs.make();
  writeFileSync(path.join(dir, name), text);
  return { dir, file: path.join(dir, name) };
}

async function edit(dir: string, args: Partial<EditArgs> & Pick<EditArgs, 'old_string' | 'new_string'>, locks?: PathLocks): Promise<string> {
  const out = await editTool.handler({ path: 'f.txt', ...args }, toolContext(dir, { locks }));
  return typeof out === 'string' ? out : out.content;
}

async function editError(dir: string, args: Partial<EditArgs> & Pick<EditArgs, 'old_string' | 'new_string'>): Promise<string> {
  try {
    await edit(dir, args);
  } catch (err) {
    expect((err as Error).name).toBe('ToolError');
    return (err as Error).message;
  }
  throw new Error('expected edit to fail');
}

describe('edit: the definition is the page', () => {
  it('has the page description, arguments, and asks by default', () => {
    expect(editTool.name).toBe('edit');
    expect(editTool.ask).toBe(true);
    expect(toolPageDifferences(editTool, page)).toEqual([]);
  });
  it('is the default export of a plugin named edit', () => {
    expect(plugin.name).toBe('edit');
    expect(typeof plugin.setup).toBe('function');
  });
});

describe('edit: exact replacement', () => {
  it('replaces the one occurrence and returns the changed region with line numbers', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`);
    const { dir, file } = fileWith(lines.join('\n') + '\n');
    const out = await edit(dir, { old_string: 'line 6\nline 7', new_string: 'six\nseven\nseven and a half' });
    expect(readFileSync(file, 'utf8')).toBe([...lines.slice(0, 5), 'six', 'seven', 'seven and a half', ...lines.slice(7)].join('\n') + '\n');
    expect(out).toBe(
      [
        'Edited f.txt: replaced 1 occurrence (the new text is at lines 6-8). It now reads:',
        '     3\tline 3',
        '     4\tline 4',
        '     5\tline 5',
        '     6\tsix',
        '     7\tseven',
        '     8\tseven and a half',
        '     9\tline 8',
        '    10\tline 9',
        '    11\tline 10',
      ].join('\n'),
    );
  });
  it('replaces inside a line and keeps everything else byte for byte', async () => {
    const { dir, file } = fileWith('const a = 1;\n\tconst b = 2;  \nend');
    await edit(dir, { old_string: 'b = 2', new_string: 'b = 3' });
    expect(readFileSync(file, 'utf8')).toBe('const a = 1;\n\tconst b = 3;  \nend');
  });
  it('puts new_string in literally, $ patterns included', async () => {
    const { dir, file } = fileWith('price: X\n');
    await edit(dir, { old_string: 'X', new_string: "$& $1 $$ $' $`" });
    expect(readFileSync(file, 'utf8')).toBe("price: $& $1 $$ $' $`\n");
  });
  it('edits unicode text', async () => {
    const { dir, file } = fileWith('héllo 世界 🎉\n');
    await edit(dir, { old_string: '世界 🎉', new_string: 'wörld 🌍' });
    expect(readFileSync(file, 'utf8')).toBe('héllo wörld 🌍\n');
  });
  it('deletes text when new_string is empty', async () => {
    const { dir, file } = fileWith('keep\ndrop me\nkeep too\n');
    const out = await edit(dir, { old_string: 'drop me\n', new_string: '' });
    expect(readFileSync(file, 'utf8')).toBe('keep\nkeep too\n');
    expect(out).toBe('Edited f.txt: replaced 1 occurrence (the new text is at line 2). It now reads:\n     1\tkeep\n     2\tkeep too');
  });
  it('says when the edit leaves the file empty', async () => {
    const { dir, file } = fileWith('all\n');
    expect(await edit(dir, { old_string: 'all\n', new_string: '' })).toBe(
      'Edited f.txt: replaced 1 occurrence (the new text is at line 1). It now reads:\n[the file is now empty]',
    );
    expect(readFileSync(file, 'utf8')).toBe('');
  });
  it('replaces every occurrence with replace_all, showing each region', async () => {
    const body = Array.from({ length: 30 }, (_, i) => (i % 10 === 0 ? 'foo()' : `x${i}`)).join('\n');
    const { dir, file } = fileWith(body);
    const out = await edit(dir, { old_string: 'foo()', new_string: 'bar()', replace_all: true });
    expect(readFileSync(file, 'utf8')).toBe(body.replaceAll('foo()', 'bar()'));
    const lines = out.split('\n');
    expect(lines[0]).toBe('Edited f.txt: replaced 3 occurrences. It now reads:');
    expect(lines).toContain('     1\tbar()');
    expect(lines).toContain('    11\tbar()');
    expect(lines).toContain('    21\tbar()');
    expect(lines.filter((l) => l === '...')).toHaveLength(2);
  });
  it('keeps its output within 30,000 bytes when replace_all changes thousands of places', async () => {
    const body = Array.from({ length: 8000 }, (_, i) => `value ${i} = old;`).join('\n\n\n\n\n\n\n\n');
    const { dir } = fileWith(body);
    const out = await edit(dir, { old_string: 'old', new_string: 'new', replace_all: true });
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    expect(out.split('\n').at(-1)).toMatch(/^\[\d+ more changed regions are not shown; read the file to see them\]$/);
  });
});

describe('edit: calls that cannot be applied', () => {
  it('refuses a file larger than edit_max_bytes, saying so and what to do, and changes nothing', async () => {
    const { dir, file } = fileWith('0123456789abcdef\n');
    const small = createEditTool(() => ({ maxBytes: 10 }));
    await expect(small.handler({ path: 'f.txt', old_string: '0', new_string: 'x' }, toolContext(dir))).rejects.toThrow(
      'f.txt is 0.0 MB (17 bytes), more than edit changes (10 bytes, the option edit_max_bytes). Change it with bash instead (sed -i, or a script), or raise lug.opt.edit_max_bytes in init.lua.',
    );
    await expect(small.preview!({ path: 'f.txt', old_string: '0', new_string: 'x' }, toolContext(dir))).rejects.toThrow(/more than edit changes/);
    expect(readFileSync(file, 'utf8')).toBe('0123456789abcdef\n');
  });

  it('rejects an empty old_string', async () => {
    const { dir } = fileWith('x');
    expect(await editError(dir, { old_string: '', new_string: 'y' })).toMatch(/^old_string is empty; .*use write\.$/);
  });
  it('rejects old_string equal to new_string', async () => {
    const { dir } = fileWith('x');
    expect(await editError(dir, { old_string: 'x', new_string: 'x' })).toBe(
      'old_string and new_string are the same, so the edit would change nothing; put the new text in new_string.',
    );
  });
  it('gives the count and the lines of several matches, and changes nothing', async () => {
    const { dir, file } = fileWith('a = 1\nb = 1\nc = 2\nd = 1 + 1\n');
    expect(await editError(dir, { old_string: '1', new_string: '9' })).toBe(
      'old_string occurs 4 times in f.txt, on lines 1, 2 and 4; it must occur exactly once. ' +
        'Add surrounding lines to old_string to pick one, or pass replace_all: true to replace every occurrence.',
    );
    expect(readFileSync(file, 'utf8')).toBe('a = 1\nb = 1\nc = 2\nd = 1 + 1\n');
  });
  it('is exact about whitespace, and says where it would match if whitespace were ignored', async () => {
    const { dir, file } = fileWith('function f() {\n\tif (x) {\n\t\treturn 1;\n\t}\n}\n');
    const message = await editError(dir, { old_string: '  if (x) {\n    return 1;', new_string: 'if (y) {' });
    expect(message).toBe(
      'old_string does not occur in f.txt. old_string matches if whitespace is ignored at lines 2-3, so it differs there only in spaces, tabs or line breaks. ' +
        'The file has:\n     2\t\tif (x) {\n     3\t\t\treturn 1;\n' +
        'Copy that text exactly, including its indentation and line breaks.\nRead the file if unsure, then retry with old_string copied exactly.',
    );
    expect(readFileSync(file, 'utf8')).toBe('function f() {\n\tif (x) {\n\t\treturn 1;\n\t}\n}\n');
  });
  it('says where a multi-line old_string stops matching', async () => {
    const { dir } = fileWith('one\ntwo\nthree\nfour\n');
    expect(await editError(dir, { old_string: 'two\nthree\nfive', new_string: 'x' })).toBe(
      'old_string does not occur in f.txt. Its first 2 lines match at line 2, but then it differs: old_string has\n"five"\nwhere the file has\n     4\tfour\n' +
        'Read the file if unsure, then retry with old_string copied exactly.',
    );
  });
  it('shows the closest line when nothing matches', async () => {
    const { dir } = fileWith('import x from "y";\nconst total = compute(items);\nexport default total;\n');
    expect(await editError(dir, { old_string: 'const total = computes(item);', new_string: 'z' })).toBe(
      'old_string does not occur in f.txt. The line most like old_string is line 2:\n     2\tconst total = compute(items);\n' +
        'Read the file if unsure, then retry with old_string copied exactly.',
    );
  });
  it('says when no line resembles old_string', async () => {
    const { dir } = fileWith('aaaa\nbbbb\n');
    expect(await editError(dir, { old_string: 'zyxw', new_string: 'q' })).toMatch(/No line of the file resembles it: read the file to see what it holds now\./);
  });
  it('says an empty file cannot match and suggests write', async () => {
    const { dir } = fileWith('');
    expect(await editError(dir, { old_string: 'x', new_string: 'y' })).toBe(
      'old_string does not occur in f.txt. The file is empty; to give it content, use write.',
    );
  });
  it('says a missing file is missing and that write creates files', async () => {
    const dir = dirs.make();
    expect(await editError(dir, { old_string: 'x', new_string: 'y' })).toMatch(/^f\.txt \(.*\) does not exist.*edit changes existing files; to create a file, use write\.$/);
  });
  it('refuses a directory, a binary file and a file that is not UTF-8', async () => {
    const dir = dirs.make();
    mkdirSync(path.join(dir, 'd'));
    writeFileSync(path.join(dir, 'b'), Buffer.from([0x61, 0, 0x62]));
    writeFileSync(path.join(dir, 'l'), Buffer.from('caf\xe9', 'latin1'));
    expect(await editError(dir, { path: 'd', old_string: 'x', new_string: 'y' })).toMatch(/^d is a directory, not a file; .*use ls/);
    expect(await editError(dir, { path: 'b', old_string: 'a', new_string: 'y' })).toMatch(/^b is a binary file/);
    expect(await editError(dir, { path: 'l', old_string: 'caf', new_string: 'y' })).toMatch(/^l is not valid UTF-8/);
  });
});

describe('edit: line endings and encoding', () => {
  it('matches LF old_string in a CRLF file and writes new_string back with CRLF', async () => {
    const { dir, file } = fileWith('a\r\nb\r\nc\r\n');
    const out = await edit(dir, { old_string: 'a\nb\n', new_string: 'x\ny\nz\n' });
    expect(readFileSync(file, 'utf8')).toBe('x\r\ny\r\nz\r\nc\r\n');
    expect(out).toBe(
      'Edited f.txt: replaced 1 occurrence (the new text is at lines 1-3). Line endings stay CRLF. It now reads:\n     1\tx\n     2\ty\n     3\tz\n     4\tc',
    );
  });
  it('leaves the other line endings of a mixed file as they are', async () => {
    const { dir, file } = fileWith('a\r\nb\nc\r\nd\r\n');
    await edit(dir, { old_string: 'c\nd', new_string: 'C\nD' });
    expect(readFileSync(file, 'utf8')).toBe('a\r\nb\nC\r\nD\r\n');
  });
  it('still matches an old_string written with CRLF in an LF file', async () => {
    const { dir, file } = fileWith('a\nb\n');
    await edit(dir, { old_string: 'a\r\nb', new_string: 'x\r\ny' });
    expect(readFileSync(file, 'utf8')).toBe('x\ny\n');
  });
  it('rejects an edit that would only change line endings the file keeps', async () => {
    const { dir } = fileWith('a\r\nb\r\n');
    expect(await editError(dir, { old_string: 'a\r\nb', new_string: 'a\nb' })).toMatch(/differ only in line endings, and f\.txt keeps its own \(CRLF\)/);
  });
  it('keeps a byte order mark', async () => {
    const { dir, file } = fileWith('\ufeffname = old\n');
    await edit(dir, { old_string: 'old', new_string: 'new' });
    expect(readFileSync(file)).toEqual(Buffer.from('\ufeffname = new\n'));
  });
});

describe('edit: writing', () => {
  it('writes through a symlink, keeps the link, the mode, and leaves no temporary file', async () => {
    const dir = dirs.make();
    mkdirSync(path.join(dir, 'real'));
    writeFileSync(path.join(dir, 'real', 'run.sh'), 'echo old\n');
    chmodSync(path.join(dir, 'real', 'run.sh'), 0o750);
    symlinkSync('real/run.sh', path.join(dir, 'f.txt'));
    const out = await edit(dir, { old_string: 'old', new_string: 'new' });
    expect(out.split('\n')[0]).toBe('Edited f.txt (through the symlink, in real/run.sh): replaced 1 occurrence (the new text is at line 1). It now reads:');
    expect(lstatSync(path.join(dir, 'f.txt')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, 'real', 'run.sh'), 'utf8')).toBe('echo new\n');
    expect(statSync(path.join(dir, 'real', 'run.sh')).mode & 0o7777).toBe(0o750);
    expect(readdirSync(path.join(dir, 'real'))).toEqual(['run.sh']);
  });
});

describe('edit: one file at a time', () => {
  it('lands all of ten concurrent edits to one file', async () => {
    const lines = Array.from({ length: 10 }, (_, i) => `item ${i}: todo`);
    const { dir, file } = fileWith(lines.join('\n') + '\n');
    const locks = new PathLocks();
    await Promise.all(lines.map((_, i) => edit(dir, { old_string: `item ${i}: todo`, new_string: `item ${i}: done` }, locks)));
    expect(readFileSync(file, 'utf8')).toBe(lines.map((l) => l.replace('todo', 'done')).join('\n') + '\n');
    expect(locks.busy()).toEqual([]);
  });
  it('lands concurrent edits made through different symlinks to one file', async () => {
    const { dir, file } = fileWith('a\nb\nc\nd\n');
    symlinkSync('f.txt', path.join(dir, 'l1'));
    symlinkSync('l1', path.join(dir, 'l2'));
    const locks = new PathLocks();
    const paths = ['f.txt', 'l1', 'l2', 'f.txt'];
    await Promise.all(['a', 'b', 'c', 'd'].map((s, i) => edit(dir, { path: paths[i], old_string: `${s}\n`, new_string: `${s.toUpperCase()}\n` }, locks)));
    expect(readFileSync(file, 'utf8')).toBe('A\nB\nC\nD\n');
  });
  it('waits while another holds the file, and reads the file only then', async () => {
    const { dir, file } = fileWith('v1\n');
    const locks = new PathLocks();
    const release = await locks.acquire(file);
    const pending = edit(dir, { old_string: 'v2', new_string: 'v3' }, locks);
    await new Promise((r) => setTimeout(r, 30));
    writeFileSync(file, 'v2\n');
    release();
    await pending;
    expect(readFileSync(file, 'utf8')).toBe('v3\n');
  });
  it('releases the lock when the edit fails', async () => {
    const { dir } = fileWith('x\n');
    const locks = new PathLocks();
    await expect(edit(dir, { old_string: 'nope', new_string: 'y' }, locks)).rejects.toThrow();
    expect(locks.busy()).toEqual([]);
  });
});

describe('edit: preview', () => {
  it('gives before and after exactly as the edit writes them, and changes nothing', async () => {
    const { dir, file } = fileWith('\ufeffa\r\nb\r\n');
    const args = { path: 'f.txt', old_string: 'a\nb', new_string: 'x\ny' };
    const preview = await editTool.preview!(args, toolContext(dir));
    expect(preview).toEqual({ kind: 'file_change', path: file, before: 'a\r\nb\r\n', after: 'x\r\ny\r\n' });
    expect(readFileSync(file, 'utf8')).toBe('\ufeffa\r\nb\r\n');
    await editTool.handler(args, toolContext(dir));
    expect(readFileSync(file, 'utf8')).toBe(`\ufeff${(preview as { after: string }).after}`);
  });
  it('fails with the error the edit would give', async () => {
    const { dir } = fileWith('1 1\n');
    await expect(editTool.preview!({ path: 'f.txt', old_string: '1', new_string: '2' }, toolContext(dir))).rejects.toThrow(
      /^old_string occurs 2 times in f\.txt, on line 1;/,
    );
  });
});

describe('what edit says about a call, beside the text the model reads', () => {
  it('describes a call by the path it changes', () => {
    const dir = dirs.make();
    expect(describeTool(editTool, { path: 'a.ts', old_string: 'x', new_string: 'y' }, { cwd: dir })).toEqual({
      title: 'a.ts',
      kind: 'edit',
      paths: [{ path: 'a.ts', access: 'change', absPath: path.join(dir, 'a.ts') }],
    });
  });

  it('gives the lines added and removed', async () => {
    const dir = dirs.make();
    writeFileSync(path.join(dir, 'f.txt'), 'one\ntwo\nthree\n');
    const r = await runTool(editTool, { path: 'f.txt', old_string: 'two\n', new_string: 'TWO\n2b\n' }, { cwd: dir });
    expect(r.details).toEqual({ kind: 'file_change', path: 'f.txt', created: false, linesAdded: 2, linesRemoved: 1 });
  });
});

describe("edit inside an editor that offers its file system (ctx.files)", () => {
  it("matches the editor's buffer, unsaved changes included, and gives the result to the editor, leaving the disk", async () => {
    const { dir, file } = fileWith('saved\n');
    const written: Array<[string, string]> = [];
    const files = {
      readText: async (p: string) => (p === file ? 'saved\nunsaved line\n' : Promise.reject(new Error('not open'))),
      writeText: async (p: string, text: string) => void written.push([p, text]),
    };
    const r = await runTool(editTool, { path: 'f.txt', old_string: 'unsaved line', new_string: 'edited line' }, { cwd: dir, files });
    expect(r.isError).toBe(false);
    expect(written).toEqual([[file, 'saved\nedited line\n']]);
    expect(readFileSync(file, 'utf8')).toBe('saved\n');
  });

  it("says so when old_string is not in the buffer, and writes nothing", async () => {
    const { dir } = fileWith('saved\n');
    const written: string[] = [];
    const files = { readText: async () => 'the buffer\n', writeText: async (_p: string, text: string) => void written.push(text) };
    const r = await runTool(editTool, { path: 'f.txt', old_string: 'saved', new_string: 'x' }, { cwd: dir, files });
    expect(r.isError).toBe(true);
    expect(written).toEqual([]);
  });
});
