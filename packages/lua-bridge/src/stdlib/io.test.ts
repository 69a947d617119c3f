/** The io and os functions lug provides so ordinary Lua code runs. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const run = async (code: string) => (await s!.runtime.run(code)).values;

describe('io', () => {
  it('writes, appends and reads a file in every format, relative to the project directory', async () => {
    s = setup();
    expect(
      await run(`
      local f = assert(io.open("notes.txt", "w"))
      f:write("first line\\n", 42, " 3.5 0x10\\n")
      f:close()
      local a = assert(io.open("notes.txt", "a")) a:write("last") a:close()
      local r = assert(io.open("notes.txt"))
      local line = r:read("l")
      local n1, n2, n3 = r:read("n", "n", "n")
      local rest = r:read("L")
      local tail = r:read(2)
      local all = r:read("a")
      local eof = r:read("l")
      r:close()
      return line, n1, n2, n3, rest, tail, all, eof`),
    ).toEqual(['first line', 42, 3.5, 16, '\n', 'la', 'st', undefined]);
    expect(fs.readFileSync(path.join(s.lug.project, 'notes.txt'), 'utf8')).toBe('first line\n42 3.5 0x10\nlast');
  });

  it('io.lines and file:lines iterate, and io.lines closes the file at the end', async () => {
    s = setup();
    fs.writeFileSync(path.join(s.lug.project, 'l.txt'), 'a\nb\n\nc');
    expect(
      await run(`
      local seen = {}
      for line in io.lines("l.txt") do seen[#seen + 1] = line end
      local f = io.open("l.txt")
      local count = 0
      for l in f:lines("L") do count = count + 1 end
      local still_open = io.type(f)
      f:close()
      return seen, count, still_open, io.type(f), io.type(42)`),
    ).toEqual([['a', 'b', '', 'c'], 4, 'file', 'closed file', undefined]);
  });

  it('seek moves, reports the position and the size', async () => {
    s = setup();
    fs.writeFileSync(path.join(s.lug.project, 's.txt'), '0123456789');
    expect(await run('local f = io.open("s.txt", "r+") local size = f:seek("end") f:seek("set", 2) local two = f:read(3) f:write("X") local pos = f:seek() f:close() return size, two, pos')).toEqual([10, '234', 6]);
    expect(fs.readFileSync(path.join(s.lug.project, 's.txt'), 'utf8')).toBe('01234X6789');
  });

  it('failures return nil, a message with the file name, and errno', async () => {
    s = setup();
    expect(await run('return io.open("missing.txt")')).toEqual([undefined, 'missing.txt: No such file or directory', 2]);
    await expect(run('for l in io.lines("missing.txt") do end')).rejects.toThrow('missing.txt: No such file or directory');
    await expect(run('io.open("x", "rw")')).rejects.toThrow(/invalid mode "rw"/);
    expect(await run('local f = io.open("w.txt", "w") local ok, msg = f:read("a") f:close() return ok, msg')).toEqual([undefined, 'Bad file descriptor']);
  });

  it('io.write and print become notifications; stdin cannot be read; popen points to lug.proc.run', async () => {
    s = setup();
    await run('io.write("to stdout ", 1, "\\n") print("a", 1, nil, true) io.stderr:write("careful")');
    expect(s.ui.notes).toEqual([
      { message: 'to stdout 1', level: 'info' },
      { message: 'a\t1\tnil\ttrue', level: 'info' },
      { message: 'careful', level: 'warn' },
    ]);
    await expect(run('io.read()')).rejects.toThrow(/standard input belongs to lug/);
    await expect(run('io.popen("ls")')).rejects.toThrow(/use lug\.proc\.run|run programs with lug\.proc\.run/);
  });

  it('io.output redirects io.write to a file', async () => {
    s = setup();
    await run('io.output("out.txt") io.write("hello") io.close() io.output(io.stdout)');
    expect(fs.readFileSync(path.join(s.lug.project, 'out.txt'), 'utf8')).toBe('hello');
  });

  it('keeps bytes exact: binary in, binary out', async () => {
    s = setup();
    const bytes = Buffer.from([0, 1, 0xff, 0xc3, 0x28, 10, 13]);
    fs.writeFileSync(path.join(s.lug.project, 'b.bin'), bytes);
    await run('local d = io.open("b.bin", "rb"):read("a") local o = io.open("c.bin", "wb") o:write(d) o:close()');
    expect(fs.readFileSync(path.join(s.lug.project, 'c.bin'))).toEqual(bytes);
  });
});

describe('os', () => {
  it('remove, rename, tmpname, getenv from the host', async () => {
    s = setup();
    s.host.env.LUG_TEST_VAR = 'from host';
    fs.writeFileSync(path.join(s.lug.project, 'a'), 'x');
    const [renamed, removed, missing, msg, tmp, env] = await run(`
      local r = os.rename("a", "b")
      local d = os.remove("b")
      local m, msg = os.remove("b")
      local t = os.tmpname()
      return r, d, m, msg, t, os.getenv("LUG_TEST_VAR")`);
    expect([renamed, removed, missing, msg, env]).toEqual([true, true, undefined, 'b: No such file or directory', 'from host']);
    expect(fs.statSync(tmp as string).mode & 0o777).toBe(0o600);
    fs.unlinkSync(tmp as string);
    expect(fs.existsSync(path.join(s.lug.project, 'b'))).toBe(false);
  });

  it('time, date and clock work; execute and exit are refused with a pointer', async () => {
    s = setup();
    const [t, d, c] = await run('return os.time(), os.date("%Y-%m-%d", 0), os.clock()');
    expect(Math.abs((t as number) - Date.now() / 1000)).toBeLessThan(5);
    expect(d).toMatch(/^19(69|70)-/);
    expect(typeof c).toBe('number');
    await expect(run('os.execute("ls")')).rejects.toThrow(/os\.execute is not available in lug: run programs with lug\.proc\.run/);
    await expect(run('os.exit(1)')).rejects.toThrow(/os\.exit is not available in lug/);
  });
});
