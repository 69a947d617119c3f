/** lug.fs: the project's files from Lua; writes only inside the project. */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { luaEachTest } from "../test-support.js";

const lua = luaEachTest();
const { run, failure } = lua;

describe('lug.fs', () => {
  it('writes, reads, lists and tells existence relative to the project', async () => {
    const s = lua.s;
    await run('lug.fs.write("notes/a.txt", "one\\n"); lug.fs.write("notes/a.txt", "two\\n", { append = true })');
    expect(fs.readFileSync(path.join(s.lug.project, 'notes/a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(await run('return lug.fs.read("notes/a.txt"), lug.fs.list(), lug.fs.list("notes"), lug.fs.exists("notes/a.txt"), lug.fs.exists("nope")')).toEqual([
      'one\ntwo\n',
      ['notes/'],
      ['a.txt'],
      true,
      false,
    ]);
  });

  it('refuses a write outside the project, also through a symlink, and writes nothing', async () => {
    const s = lua.s;
    const outside = path.join(s.lug.root, 'outside');
    fs.mkdirSync(outside);
    fs.symlinkSync(outside, path.join(s.lug.project, 'link'));
    expect(await failure('lug.fs.write("../x.txt", "x")')).toMatch(/lug.fs.write: refused: \.\.\/x\.txt: writes only inside the project \(.*\), and this is .*x\.txt/);
    expect(await failure('lug.fs.write("link/y.txt", "y")')).toMatch(/refused: link\/y\.txt: writes only inside the project/);
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('names the path and the cause when a read fails', async () => {
    expect(await failure('lug.fs.read("missing.txt")')).toBe(':lua:1: lug.fs.read: missing.txt: No such file or directory');
  });

  it('globs the project files as ls does, ignore files kept', async () => {
    const s = lua.s;
    for (const f of ['src/a.ts', 'src/b.js', 'src/deep/c.ts', 'build/d.ts']) {
      fs.mkdirSync(path.dirname(path.join(s.lug.project, f)), { recursive: true });
      fs.writeFileSync(path.join(s.lug.project, f), '');
    }
    fs.writeFileSync(path.join(s.lug.project, '.gitignore'), 'build/\n');
    expect(await run('return lug.fs.glob("**/*.ts")')).toEqual([['src/a.ts', 'src/deep/c.ts']]);
  });
});
