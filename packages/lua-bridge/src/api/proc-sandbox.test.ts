/**
 * lug.proc runs in the OS sandbox of lug.opt.sandbox like bash: in
 * workspace mode a program writes inside the project, not outside it, and
 * the result table says what the sandbox blocked; a program killed by a
 * signal says so as it does unsandboxed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defineSandboxOptions } from '@lug/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
let outside: string | undefined;
afterEach(() => {
  s?.runtime.close();
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

const run = async (code: string) => (await s!.runtime.run(code)).values;

describe.runIf(process.platform === 'linux')('lug.proc in the sandbox', () => {
  it('writes inside the project and is blocked outside it, saying so, once lug.opt.sandbox is "workspace"', async () => {
    s = setup();
    defineSandboxOptions(s.host.options);
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-proc-outside-'));
    const target = path.join(outside, 'x.txt');
    await run('lug.opt.sandbox = "workspace"');
    const [inside] = await run('return lug.proc.run({ "sh", "-c", "echo in > inside.txt" })');
    expect(inside).toMatchObject({ code: 0 });
    expect(fs.readFileSync(path.join(s.lug.project, 'inside.txt'), 'utf8')).toBe('in\n');
    const [r] = await run(`return lug.proc.run({ "sh", "-c", "echo out > ${target}" })`);
    expect(fs.existsSync(target)).toBe(false);
    expect(r).toMatchObject({ code: 2, sandbox_blocked: [expect.stringMatching(/^blocked by the sandbox: write outside the project/)] });
    const [h] = await run(`local h = lug.proc.spawn({ "sh", "-c", "echo out > ${target}" }); return h.wait()`);
    expect(h).toMatchObject({ sandbox_blocked: [expect.stringMatching(/^blocked by the sandbox/)] });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('reports a program killed by a signal as that signal, as unsandboxed, in run and spawn', async () => {
    s = setup();
    defineSandboxOptions(s.host.options);
    const ends = async () => {
      const [r] = await run('local r = lug.proc.run({ "sh", "-c", "kill -KILL $$" }) return { code = r.code, signal = r.signal }');
      const [h] = await run('local r = lug.proc.spawn({ "sh", "-c", "kill -TERM $$" }).wait() return { code = r.code, signal = r.signal }');
      const [e] = await run('local r = lug.proc.run({ "sh", "-c", "exit 137" }) return { code = r.code, signal = r.signal }');
      return [r, h, e];
    };
    const free = await ends();
    expect(free).toEqual([{ signal: 'SIGKILL' }, { signal: 'SIGTERM' }, { code: 137 }]);
    await run('lug.opt.sandbox = "workspace"');
    expect(await ends()).toEqual(free);
  });
});
