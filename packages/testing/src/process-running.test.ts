import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { processRunning, sleepsRunning, sleepTag } from './process-running.js';

describe('processRunning', () => {
  it('is true for a live process and false once it has exited', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    await once(child, 'spawn');
    expect(processRunning(child.pid!)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(processRunning(child.pid!)).toBe(false);
  });

  it('is false for a zombie: killed but not reaped yet', async () => {
    // The shell starts sleep, kills it and keeps running without waiting for it.
    const sh = spawn('sh', ['-c', 'sleep 30 & echo $!; kill -9 $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const [chunk] = (await once(sh.stdout!, 'data')) as [Buffer];
    const pid = Number(String(chunk).trim());
    await new Promise((r) => setTimeout(r, 50));
    expect(processRunning(pid)).toBe(process.platform !== 'linux');
    sh.kill('SIGKILL');
    await once(sh, 'exit');
  });
});

describe('sleepsRunning', () => {
  it('finds the running sleeps of a tag, and none once they are killed', async () => {
    const tag = sleepTag();
    expect(sleepTag()).not.toBe(tag);
    const child = spawn('sleep', [tag], { stdio: 'ignore' });
    await once(child, 'spawn');
    const deadline = Date.now() + 5000;
    while (sleepsRunning(tag).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(sleepsRunning(tag)).toEqual([child.pid]);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(sleepsRunning(tag)).toEqual([]);
  });
});
