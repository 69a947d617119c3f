/**
 * Exit cleanup, in real child processes: a small lug-like node script that
 * loads the built package, starts a redirected background job through bash,
 * and is then stopped the way lug can be (needs `npx tsup` first, as the
 * package's test script runs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { processRunning } from '@lug/testing';
import { installExitCleanup, killAllProcesses } from './exit-cleanup.js';
import { processTable } from './process-table.js';
import { runProcess } from './run-process.js';

const require = createRequire(import.meta.url);
const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-exit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** Start the lug-like script; resolves with it and the pid of the background job it started. */
async function startLugLike(extra = '', install = true): Promise<{ child: ChildProcess; jobPid: number; lines: string[] }> {
  const script = path.join(dir, `lug-like-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    script,
    `import { installExitCleanup, runProcess } from ${JSON.stringify(dist)};
${install ? 'installExitCleanup();' : ''}
${extra}
const r = await runProcess({ shell: 'sleep 60 > /dev/null 2>&1 & echo $!' });
console.log('job ' + r.stdout.trim());
process.stdin.on('data', (d) => { if (String(d).includes('exit')) process.exit(0); });
setInterval(() => {}, 1000);
`,
  );
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const jobPid = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      for (const line of String(d).split('\n').filter(Boolean)) {
        lines.push(line);
        const m = /^job (\d+)$/.exec(line);
        if (m) resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`the script exited early (${code})`)));
  });
  return { child, jobPid, lines };
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.on('exit', (code, signal) => resolve({ code, signal }));
  });

describe('killAllProcesses', () => {
  it('kills running and background groups, a TERM-ignoring one too', async () => {
    await runProcess({ shell: 'sleep 60 > /dev/null 2>&1 &' });
    const pidFile = path.join(dir, 'stubborn.pid');
    void runProcess({ shell: `(trap '' TERM; exec sleep 60) > /dev/null 2>&1 & echo $! > ${pidFile}; sleep 60` });
    expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '')).toBe(true);
    const stubborn = Number(readFileSync(pidFile, 'utf8'));
    expect(processTable.running()).toBe(1);
    expect(processTable.background()).toBe(1);
    await killAllProcesses({ graceMs: 200 });
    expect(processRunning(stubborn)).toBe(false);
    expect(processTable.background()).toBe(0);
  });
});

describe('installExitCleanup', () => {
  it('installs its handlers once, and can remove them', () => {
    const uninstall = installExitCleanup();
    expect(installExitCleanup()).toBe(uninstall);
    expect(process.listenerCount('SIGTERM')).toBeGreaterThan(0);
    uninstall();
    expect(installExitCleanup()).not.toBe(uninstall);
    installExitCleanup()();
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`kills the background job when lug dies of ${signal}, and lug still dies of it`, async () => {
      const { child, jobPid } = await startLugLike();
      expect(processRunning(jobPid)).toBe(true);
      child.kill(signal);
      expect(await exited(child)).toEqual({ code: null, signal });
      expect(processRunning(jobPid)).toBe(false);
    });
  }

  it('is installed by the first process started, for a host that never called it', async () => {
    const { child, jobPid } = await startLugLike('', false);
    child.kill('SIGTERM');
    expect(await exited(child)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(processRunning(jobPid)).toBe(false);
  });

  it('kills the background job when lug exits normally', async () => {
    const { child, jobPid } = await startLugLike();
    child.stdin!.write('exit\n');
    expect(await exited(child)).toEqual({ code: 0, signal: null });
    expect(processRunning(jobPid)).toBe(false);
  });

  it('still dies of SIGTERM when another signal-exit 4 user listens too', async () => {
    const signalExit = pathToFileURL(require.resolve('signal-exit')).href;
    const { child, jobPid } = await startLugLike(`const { onExit } = await import(${JSON.stringify(signalExit)}); onExit(() => {});`);
    child.kill('SIGTERM');
    expect(await exited(child)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(processRunning(jobPid)).toBe(false);
  });

  // ink (the TUI) brings signal-exit 3, which shares its emitter with 4 through the process object.
  const inkSignalExit = [
    fileURLToPath(new URL('../../../../node_modules/ink/node_modules/signal-exit/index.js', import.meta.url)),
  ].find((file) => existsSync(file));
  it.skipIf(!inkSignalExit)('still dies of SIGTERM when ink’s signal-exit 3 listens too', async () => {
    const { child, jobPid } = await startLugLike(
      `const { default: onExit } = await import(${JSON.stringify(pathToFileURL(inkSignalExit!).href)}); onExit(() => {});`,
    );
    child.kill('SIGTERM');
    expect(await exited(child)).toEqual({ code: null, signal: 'SIGTERM' });
    expect(processRunning(jobPid)).toBe(false);
  });

  it('leaves SIGINT to a host that handles it (a TUI cancelling a turn), and cleans up when it exits', async () => {
    const { child, jobPid, lines } = await startLugLike("process.on('SIGINT', () => console.log('host: cancel the turn'));");
    child.kill('SIGINT');
    expect(await until(() => lines.includes('host: cancel the turn'))).toBe(true);
    expect(child.exitCode).toBeNull();
    expect(processRunning(jobPid)).toBe(true);
    child.stdin!.write('exit\n');
    expect(await exited(child)).toEqual({ code: 0, signal: null });
    expect(processRunning(jobPid)).toBe(false);
  });
});
