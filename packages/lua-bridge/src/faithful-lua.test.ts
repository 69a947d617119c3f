/** Lua as Lua 5.3 is, in lug's runtime: collectgarbage, float text, os.date's "!", the top level of a chunk, print, io.input/io.output. */
import { describe, expect, it } from 'vitest';
import { luaEachTest } from './test-support.js';

const lua = luaEachTest();
const { run } = lua;

describe('faithful Lua 5.3', () => {
  it('accepts collectgarbage in every form, answering as Lua 5.3 does', async () => {
    const [count, collect, step, running, stopped, pause, mode] = await run(
      'local c = collectgarbage("count"); local r = collectgarbage(); local st = collectgarbage("step", 0); collectgarbage("stop"); local stopped = not collectgarbage("isrunning"); collectgarbage("restart"); collectgarbage("setpause", 100); return c, r, st, collectgarbage("isrunning"), stopped, collectgarbage("setpause", 200), collectgarbage("generational")',
    );
    expect(typeof count).toBe('number');
    expect(count as number).toBeGreaterThan(100);
    expect([collect, step, running, stopped, pause, mode]).toEqual([0, true, true, true, 100, 'incremental']);
    await expect(run('collectgarbage("sweep")')).rejects.toThrow(/bad argument #1 to 'collectgarbage' \(invalid option 'sweep'; the options are: collect, stop/);
  });

  it('formats floats with %.14g, as Lua 5.3', async () => {
    expect(await run('return tostring(1e15), tostring(-0.0), tostring(0.1), tostring(1/0), tostring(2^63), string.format("%g", 1e20), string.format("%5.1f", 3.14159), 1e100 .. ""')).toEqual([
      '1e+15',
      '-0.0',
      '0.1',
      'inf',
      '9.2233720368548e+18',
      '1e+20',
      '  3.1',
      '1e+100',
    ]);
  });

  it('formats os.date with "!" in UTC, and sets isdst', async () => {
    expect(await run('return os.date("!%H:%M", 0), os.date("!%Y-%m-%d %H:%M:%S", 86400 + 3661), os.date("!*t", 0).hour, os.date("!*t", 0).isdst, type(os.date("*t").isdst)')).toEqual([
      '00:00',
      '1970-01-02 01:01:01',
      0,
      false,
      'boolean',
    ]);
  });

  it('is the main thread at the top level of a chunk: pcall(coroutine.yield) fails, coroutine.running() says main', async () => {
    expect(await run('local ok, err = pcall(coroutine.yield); local _, main = coroutine.running(); return ok, err, main, coroutine.isyieldable()')).toEqual([
      false,
      'attempt to yield from outside a coroutine',
      true,
      false,
    ]);
  });

  it('keeps coroutines the user makes as they were', async () => {
    expect(await run('local co = coroutine.create(function(a) local _, main = coroutine.running(); local b = coroutine.yield(a + 1, main, coroutine.isyieldable()); return b * 2 end); local _, x, m, y = coroutine.resume(co, 1); local _, z = coroutine.resume(co, 10); return x, m, y, z')).toEqual([2, false, true, 20]);
  });

  it('print calls the global tostring', async () => {
    const s = lua.s;
    await run('local old = tostring; tostring = function(v) return "<" .. old(v) .. ">" end; print(1, "a"); tostring = old');
    expect(s.ui.notes.map((n) => n.message)).toContain('<1>\t<a>');
  });

  it('io.input and io.output take lug\'s own file handles', async () => {
    expect(await run('local f = io.open("x.txt", "w"); io.output(f); io.write("hi"); io.close(f); io.output(io.stdout); local g = io.open("x.txt"); io.input(g); local t = io.read("a"); io.input():close(); io.input(io.stdin); return t, io.type(g)')).toEqual(['hi', 'closed file']);
  });
});
