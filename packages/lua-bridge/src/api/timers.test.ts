/** lug.defer, lug.schedule, lug.timer: timers with handles, owned like every registration, failures reported with file and line. */
import { describe, expect, it } from "vitest";
import { luaEachTest } from "../test-support.js";

const lua = luaEachTest();
const { run, failure } = lua;

/** Wait until `check` holds (the machine may be loaded: poll with a deadline, never sleep-and-hope). */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('timers', () => {
  it('lug.defer runs a function once after its delay, and lug.schedule soon after the current work', async () => {
    await run('fired = {}; lug.defer(10, function() table.insert(fired, "defer") end); lug.schedule(function() table.insert(fired, "schedule") end)');
    await until(async () => (await run('return #fired'))[0] === 2);
    expect(await run('return fired')).toEqual([['schedule', 'defer']]);
  });

  it('a repeating lug.timer runs until its handle stops it', async () => {
    await run('n = 0; t = lug.timer(5, function() n = n + 1; if n == 3 then t.stop() end end, { ["repeat"] = true })');
    await until(async () => (await run('return t.active()'))[0] === false);
    await new Promise((r) => setTimeout(r, 30));
    expect(await run('return n')).toEqual([3]);
  });

  it('a stopped timer never runs', async () => {
    await run('ran = false; local h = lug.defer(5, function() ran = true end); h.stop(); h.stop()');
    await new Promise((r) => setTimeout(r, 40));
    expect(await run('return ran')).toEqual([false]);
  });

  it('close() stops every timer', async () => {
    const s = lua.s;
    await run('lug.timer(5, function() lug.ui.notify("tick") end, { ["repeat"] = true })');
    await until(() => s.ui.notes.some((n) => n.message === 'tick'));
    s.runtime.close();
    const count = s.ui.notes.length;
    await new Promise((r) => setTimeout(r, 40));
    expect(s.ui.notes.length).toBe(count);
  });

  it('a failing timer is a notice naming where it was made and the error line; a repeating one is stopped', async () => {
    const s = lua.s;
    await run('t = lug.timer(5, function()\n  error("boom")\nend, { ["repeat"] = true })');
    await until(() => s.ui.notes.some((n) => n.level === 'error'));
    expect(s.ui.notes.filter((n) => n.level === 'error').map((n) => n.message)).toEqual(['the Lua timer (lug.timer) made at :lua:1 failed, so it was stopped: :lua:2: boom']);
    expect(await run('return t.active()')).toEqual([false]);
  });

  it('a timer may wait', async () => {
    const s = lua.s;
    await run('answer = nil; lug.defer(1, function() answer = lug.ui.confirm("go?") end)');
    await s.ui.questions(1);
    s.ui.asked[0]!.answer(true);
    await until(async () => (await run('return answer'))[0] === true);
  });

  it('checks its arguments', async () => {
    expect(await failure('lug.defer(-1, print)')).toMatch(/bad argument #1 to 'lug.defer' \(ms: expected a whole number of milliseconds from 0 to 2147483647, got -1\)/);
    expect(await failure('lug.timer(5, print, { repeats = true })')).toMatch(/bad argument #3 to 'lug.timer' \(opts: unknown field "repeats"; the fields are: repeat\)/);
  });
});
