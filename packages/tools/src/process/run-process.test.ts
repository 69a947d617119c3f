import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { pollUntil, processRunning } from '@lug/testing';
import { killAllProcesses } from './exit-cleanup.js';
import { groupAlive } from './kill-group.js';
import { processTable } from './process-table.js';
import { ProcessError, runProcess, spawnProcess } from './run-process.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-proc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await killAllProcesses({ graceMs: 200 });
});

describe('runProcess', () => {
  it('returns the exit status, stdout and stderr apart', async () => {
    const r = await runProcess({ shell: 'echo out; echo err >&2; exit 3' });
    expect(r).toMatchObject({ code: 3, signal: null, stdout: 'out\n', stderr: 'err\n', killed: false, timedOut: false });
    expect(r.stdoutCutBytes).toBe(0);
  });

  it('gives an empty standard input unless stdin is given', async () => {
    expect((await runProcess({ shell: 'cat; echo done' })).stdout).toBe('done\n');
    expect((await runProcess(['cat'], { stdin: 'hello' })).stdout).toBe('hello');
  });

  it('keeps standard input open with openStdin, for a protocol spoken over it', async () => {
    const lines: string[] = [];
    const handle = spawnProcess(['cat'], { openStdin: true, onOutput: (text) => lines.push(text) });
    handle.stdin!.write('ping\n');
    const deadline = Date.now() + 10_000;
    while (!lines.join('').includes('ping') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(lines.join('')).toBe('ping\n');
    handle.stdin!.end();
    expect((await handle.wait()).code).toBe(0);
  });

  it('lists a process started with background as background, not running', async () => {
    const handle = spawnProcess(['sleep', '30'], { background: true });
    expect(processTable.running()).toBe(0);
    expect(processTable.background()).toBe(1);
    await handle.kill();
    await handle.wait();
    expect(processTable.background()).toBe(0);
  });

  it('runs an argument list without a shell', async () => {
    expect((await runProcess(['echo', '$HOME', '; ls'])).stdout).toBe('$HOME ; ls\n');
  });

  it('runs in the given directory, with variables added and removed', async () => {
    process.env.LUG_TEST_REMOVE_ME = 'x';
    const r = await runProcess({ shell: 'pwd; echo "$LUG_A" "${LUG_TEST_REMOVE_ME:-gone}"' }, { cwd: dir, env: { LUG_A: 'a', LUG_TEST_REMOVE_ME: undefined } });
    expect(r.stdout).toBe(`${dir}\na gone\n`);
  });

  it('reports the signal that killed the command', async () => {
    const r = await runProcess({ shell: 'kill -KILL $$' });
    expect(r).toMatchObject({ code: null, signal: 'SIGKILL', killed: false });
  });

  it('on timeout kills the whole group, a grandchild that ignores TERM included', async () => {
    const pidFile = path.join(dir, 'grandchild.pid');
    const r = await runProcess(
      { shell: `(trap '' TERM; exec sleep 30) & echo $! > ${pidFile}; wait` },
      { timeoutSecs: 1, killGraceMs: 300 },
    );
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(r.timedOut).toBe(true);
    expect(r.killed).toBe(true);
    expect(r.durationMs).toBeGreaterThanOrEqual(1000);
    expect(processRunning(grandchild)).toBe(false);
  });

  it('on abort kills the group and says it was cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const r = await runProcess({ shell: 'sleep 30' }, { signal: controller.signal });
    expect(r).toMatchObject({ cancelled: true, killed: true, timedOut: false, signal: 'SIGTERM' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('starts nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const r = await runProcess({ shell: `touch ${path.join(dir, 'should-not-exist')}` }, { signal: controller.signal });
    expect(r.cancelled).toBe(true);
    expect(() => readFileSync(path.join(dir, 'should-not-exist'))).toThrow();
  });

  it('lets a redirected background process outlive the call, as a background group', async () => {
    const r = await runProcess({ shell: 'sleep 30 > /dev/null 2>&1 & echo $!' });
    const pid = Number(r.stdout.trim());
    expect(r.durationMs).toBeLessThan(1000);
    expect(processRunning(pid)).toBe(true);
    expect(processTable.background()).toBeGreaterThanOrEqual(1);
    await killAllProcesses({ graceMs: 200 });
    expect(processRunning(pid)).toBe(false);
    expect(processTable.background()).toBe(0);
  });

  it('does not hang when a background child keeps the output pipe open', async () => {
    const started = Date.now();
    const r = await runProcess({ shell: 'sleep 30 & echo started' });
    expect(r.stdout).toBe('started\n');
    expect(r.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps the last maxBytes of each stream and counts the bytes cut', async () => {
    const r = await runProcess({ shell: 'seq 1 100000; echo tail-of-err >&2' }, { maxBytes: 100 });
    expect(Buffer.byteLength(r.stdout)).toBeLessThanOrEqual(100);
    expect(r.stdout.endsWith('99999\n100000\n')).toBe(true);
    expect(r.stdoutCutBytes + Buffer.byteLength(r.stdout)).toBe(588895);
    expect(r.stderr).toBe('tail-of-err\n');
  });

  it('keeps memory flat on yes | head -c 1000000000, and the result at 30,000 bytes', async () => {
    // What this process holds, JavaScript heap and buffers: its RSS also counts what the allocator keeps after
    // a free, and other test files' work in the same worker (65 MB once, in a whole run of this package).
    const held = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    global.gc?.();
    const start = held();
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, held());
    }, 10);
    const r = await runProcess({ shell: 'yes | head -c 1000000000' });
    clearInterval(sampler);
    peak = Math.max(peak, held());
    expect(Buffer.byteLength(r.stdout)).toBe(30_000);
    expect(r.stdoutCutBytes).toBe(1_000_000_000 - 30_000);
    expect(peak - start).toBeLessThan(50 * 1024 * 1024);
  }, 30_000);

  it('streams decoded output to onOutput, never splitting a character', async () => {
    const chunks: string[] = [];
    await runProcess(['printf', '%s', 'naïve café'], { onOutput: (text, stream) => stream === 'stdout' && chunks.push(text) });
    expect(chunks.join('')).toBe('naïve café');
  });

  it('fails the call when onOutput throws, and stops the process', async () => {
    const handle = spawnProcess({ shell: 'echo x; sleep 30' }, {
      onOutput() {
        throw new Error('listener broke');
      },
    });
    await expect(handle.wait()).rejects.toThrow('listener broke');
  });

  it('says clearly when the program does not exist or the directory is missing', async () => {
    await expect(runProcess(['lug-no-such-program-xyz'])).rejects.toThrow(ProcessError);
    await expect(runProcess(['lug-no-such-program-xyz'])).rejects.toThrow(/no such program/);
    expect(() => spawnProcess(['ls'], { cwd: path.join(dir, 'missing') })).toThrow(/working directory .* does not exist/);
    expect(() => spawnProcess([])).toThrow(/argument list is empty/);
  });
});

describe('spawnProcess', () => {
  it('gives the pid, and kill() ends the whole group', async () => {
    const handle = spawnProcess({ shell: 'sleep 30 & sleep 30; wait' }, { timeoutSecs: 0 });
    expect(handle.pid).toBeGreaterThan(0);
    expect(processTable.running()).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 50));
    await handle.kill();
    const r = await handle.wait();
    expect(r.killed).toBe(true);
    expect(r.timedOut).toBe(false);
    expect(groupAlive(handle.pid)).toBe(false);
  });

  it('keeps a process that starts none of its own (startsNoProcesses) in lug\'s session and group, never signalled as a group', async () => {
    const lone = spawnProcess(['sleep', '30'], { timeoutSecs: 0, startsNoProcesses: true });
    // "pid (comm) state ppid pgrp session …"
    const [, , pgrp, session] = readFileSync(`/proc/${lone.pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
    const [, , ownPgrp, ownSession] = readFileSync('/proc/self/stat', 'latin1').split(') ')[1]!.split(' ');
    expect([pgrp, session]).toEqual([ownPgrp, ownSession]);
    expect(processTable.running()).toBeGreaterThanOrEqual(1);
    expect(processTable.groups()).not.toContain(lone.pid);
    await lone.kill();
    expect(await lone.wait()).toMatchObject({ killed: true, signal: 'SIGTERM' });
    expect(processTable.list().map((e) => e.pgid)).not.toContain(lone.pid);
  });

  it('kills a process that starts none of its own, still running, with everything else at exit (by its mark)', async () => {
    const lone = spawnProcess(['sleep', '30'], { timeoutSecs: 0, startsNoProcesses: true });
    await new Promise((r) => setTimeout(r, 50));
    await killAllProcesses({ graceMs: 200 });
    // Its mark goes with its memory, a moment before it is a zombie: the kill ends then, and the process is gone just after.
    expect(await pollUntil(() => !processRunning(lone.pid), 2000, 5)).toBe(true);
    expect(await lone.wait()).toMatchObject({ signal: 'SIGTERM' });
  });

  it('kills a process that starts none of its own (startsNoProcesses) alone and by its exit: TERM, then KILL after the grace', async () => {
    const polite = spawnProcess(['sleep', '30'], { timeoutSecs: 0, startsNoProcesses: true });
    await new Promise((r) => setTimeout(r, 50));
    await polite.kill();
    expect(await polite.wait()).toMatchObject({ killed: true, signal: 'SIGTERM' });
    expect(processRunning(polite.pid)).toBe(false);
    // Killed only once the shell says its trap is set: a fixed wait lost the race on a loaded machine (CI), and TERM ended it.
    let said = '';
    const stubborn = spawnProcess(
      { shell: 'trap "" TERM; echo ready; while :; do :; done' },
      { timeoutSecs: 0, startsNoProcesses: true, killGraceMs: 100, onOutput: (text) => void (said += text) },
    );
    const deadline = Date.now() + 10_000;
    while (!said.includes('ready') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(said).toBe('ready\n');
    const killing = stubborn.kill();
    await killing;
    expect(await stubborn.wait()).toMatchObject({ killed: true, signal: 'SIGKILL' });
    expect(processRunning(stubborn.pid)).toBe(false);
  });
});

describe('spawnProcess: what no process can be started with', () => {
  it('is a ProcessError that says why, never node\'s own TypeError or spawn error', () => {
    const thrown = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return `${(err as Error).name}: ${(err as Error).message}`;
      }
      return 'started';
    };
    expect(thrown(() => spawnProcess(['echo', 'a\0b']))).toBe('ProcessError: could not start echo: an argument or the environment holds a NUL byte, which no argument can hold');
    expect(thrown(() => spawnProcess(['echo', 'x'.repeat(200_000)]))).toBe(
      'ProcessError: could not start echo: its arguments and environment are longer than the system allows (E2BIG; Linux takes at most 128 KiB for one argument)',
    );
  });
});
