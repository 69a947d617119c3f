/** lug.proc.run and lug.proc.spawn through @lug/tools' real process runner. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sleepsRunning } from '@lug/testing';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const run = async (code: string) => (await s!.runtime.run(code)).values;

describe('lug.proc.run', () => {
  it('runs an argument list in the project directory with empty stdin, and returns code, stdout, stderr', async () => {
    s = setup();
    const [r] = await run('return lug.proc.run({ "sh", "-c", "pwd; cat; echo err >&2; exit 3" })');
    expect(r).toEqual({ code: 3, stdout: `${fs.realpathSync(s.lug.project)}\n`, stderr: 'err\n', killed: false, timed_out: false });
  });

  it('takes cwd, env (added to lug\'s), stdin, and never a shell string', async () => {
    s = setup();
    fs.mkdirSync(path.join(s.lug.project, 'sub'));
    const [r] = await run('return lug.proc.run({ "sh", "-c", "echo $FOO; cat; basename $PWD", "ignored; rm -rf x" }, { cwd = "' + path.join(s.lug.project, 'sub') + '", env = { FOO = "bar" }, stdin = "in€" })');
    expect(r).toMatchObject({ code: 0, stdout: 'bar\nin€sub\n' });
    await expect(run('lug.proc.run("ls -la")')).rejects.toThrow(`:lua:1: bad argument #1 to 'lug.proc.run' (argv: expected a list of strings like { "git", "status" }, got string)`);
  });

  it('resolves a relative cwd against the project directory, not the process directory', async () => {
    s = setup();
    fs.mkdirSync(path.join(s.lug.project, 'sub'));
    const [r] = await run('return lug.proc.run({ "pwd" }, { cwd = "sub" })');
    expect(r).toMatchObject({ code: 0, stdout: `${fs.realpathSync(path.join(s.lug.project, 'sub'))}\n` });
  });

  it('kills the program after timeout seconds', async () => {
    s = setup();
    const [r] = await run('return lug.proc.run({ "sleep", "5" }, { timeout = 0.3 })');
    expect(r).toMatchObject({ killed: true, timed_out: true, signal: 'SIGTERM' });
  });

  it('a program that cannot start is an error; unknown options are errors', async () => {
    s = setup();
    await expect(run('lug.proc.run({ "no-such-program-lug" })')).rejects.toThrow(/could not start no-such-program-lug/);
    await expect(run('lug.proc.run({ "true" }, { timeout_secs = 1 })')).rejects.toThrow(
      `:lua:1: bad argument #2 to 'lug.proc.run' (opts: unknown field "timeout_secs"; the fields are: cwd, env, timeout, stdin, max_bytes)`,
    );
  });

  it('a tool handler\'s process is killed when the call is cancelled', async () => {
    s = setup({ 'init.lua': 'lug.tool.register("slow", { description = "d", handler = function() return lug.proc.run({ "sleep", "10" }) end })' });
    await s.runtime.loadStartup();
    const ac = new AbortController();
    const started = Date.now();
    const out = s.host.tools.get('slow')!.handler({}, { cwd: s.host.cwd, signal: ac.signal, lock: async () => () => {}, limits: s.host.limits, emit: () => {}, callId: 'c' });
    setTimeout(() => ac.abort(), 200);
    await expect(out).rejects.toThrow(/cancelled by the user/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('lug.proc.spawn', () => {
  it('returns a handle with pid, wait and kill', async () => {
    s = setup();
    const [pid, result] = await run('local p = lug.proc.spawn({ "sleep", "10" }) local pid = p.pid p:kill() return pid, p.wait()');
    expect(typeof pid).toBe('number');
    expect(result).toMatchObject({ killed: true });
    const [done] = await run('local p = lug.proc.spawn({ "echo", "hi" }) return p:wait()');
    expect(done).toMatchObject({ code: 0, stdout: 'hi\n' });
  });

  it('kill() also ends what the program started that left its group and session (setsid)', async () => {
    s = setup();
    const t = `6${Math.floor(100 + Math.random() * 800)}.${Math.floor(Math.random() * 1000)}`;
    const [pid] = await run(`local p = lug.proc.spawn({ "sh", "-c", "setsid sleep ${t} & sleep 30" }) _G.p = p return p.pid`);
    expect(typeof pid).toBe('number');
    expect(await until(() => sleepsRunning(t).length === 1)).toBe(true);
    await run('_G.p:kill() return _G.p:wait()');
    expect(sleepsRunning(t)).toEqual([]);
  });
});

async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !check()) await new Promise((r) => setTimeout(r, 20));
  return check();
}
