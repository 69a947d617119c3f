/**
 * Processes that leave lug's process group or session are found by the mark
 * in their environment and killed like the rest: when their call is killed,
 * when lug exits (by a signal it can catch or normally), and, when lug was
 * killed with SIGKILL, by the next start's sweep. Real processes; each test
 * counts what is left the way `ps` would, by a unique `sleep` argument.
 * The lug-like child scripts load the built package (`npx tsup` first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sleepsRunning, sleepTag } from '@lug/testing';
import { killAllProcesses } from './exit-cleanup.js';
import { processTable } from './process-table.js';
import { runProcess } from './run-process.js';

const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-escape-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await killAllProcesses({ graceMs: 200 });
});

/** Numbers the scripts and notes directories of this file. */
let unique = 0;

async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** The three ways out of the group the issue names, and a plain redirected background job. */
const escapes: Array<[string, (t: string) => string]> = [
  ['setsid sleep &', (t) => `setsid sleep ${t} &`],
  ['set -m; sleep &', (t) => `set -m; sleep ${t} &`],
  ['a double fork with setsid', (t) => `sh -c 'setsid sh -c "sleep ${t} &" &'`],
];

describe.skipIf(process.platform !== 'linux')('processes that leave the group', () => {
  for (const [name, command] of escapes) {
    it(`${name}: outlives its call as a background process, and killAllProcesses kills it`, async () => {
      const t = sleepTag();
      const r = await runProcess({ shell: command(t) });
      expect(r.code).toBe(0);
      expect(await until(() => sleepsRunning(t).length === 1)).toBe(true);
      expect(processTable.background()).toBe(1);
      await killAllProcesses({ graceMs: 200 });
      expect(sleepsRunning(t)).toEqual([]);
      expect(processTable.background()).toBe(0);
    });

    it(`${name}: is killed with its call on timeout`, async () => {
      const t = sleepTag();
      const r = await runProcess({ shell: `${command(t)}\nsleep 30` }, { timeoutSecs: 1, killGraceMs: 200 });
      expect(r.timedOut).toBe(true);
      expect(sleepsRunning(t)).toEqual([]);
    });

    it(`${name}: is killed with its call on cancel`, async () => {
      const t = sleepTag();
      const controller = new AbortController();
      const pending = runProcess({ shell: `${command(t)}\nsleep 30` }, { signal: controller.signal, killGraceMs: 200 });
      expect(await until(() => sleepsRunning(t).length === 1)).toBe(true);
      controller.abort();
      expect((await pending).cancelled).toBe(true);
      expect(sleepsRunning(t)).toEqual([]);
    });
  }

  it('kills an escaped process that ignores TERM', async () => {
    const t = sleepTag();
    await runProcess({ shell: `setsid sh -c "trap '' TERM; sleep ${t}; :" &` });
    expect(await until(() => sleepsRunning(t).length === 1)).toBe(true);
    await killAllProcesses({ graceMs: 200 });
    expect(await until(() => sleepsRunning(t).length === 0, 3000)).toBe(true);
  });

  it('gives the mark to every process, and a caller cannot take it away', async () => {
    const r = await runProcess({ shell: 'echo "$LUG_PROCESS_OWNER"' }, { env: { LUG_PROCESS_OWNER: undefined } });
    expect(r.stdout).toMatch(new RegExp(`^1:.+:${process.pid}:\\d+/\\d+\\n$`));
  });
});

/** A lug-like process: loads the package, runs each command through bash, prints "ready", then waits. */
function startLugLike(commands: string[], notes: string): Promise<{ child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }> {
  const script = path.join(dir, `lug-like-${++unique}.mjs`);
  writeFileSync(
    script,
    `import { configureLeftovers, installExitCleanup, runProcess } from ${JSON.stringify(dist)};
configureLeftovers({ dir: ${JSON.stringify(notes)} });
installExitCleanup();
for (const command of ${JSON.stringify(commands)}) await runProcess({ shell: command });
console.log('ready');
process.stdin.on('data', (d) => { if (String(d).includes('exit')) process.exit(0); });
setInterval(() => {}, 1000);
`,
  );
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (String(d).includes('ready')) resolve({ child, exited });
    });
    void exited.then((e) => reject(new Error(`the script exited early (${JSON.stringify(e)})`)));
  });
}

/** The next lug's start: sweep what dead lugs left, print the report. */
async function startNextLug(notes: string): Promise<{ deadOwners: number; tempFiles: string[] }> {
  const script = path.join(dir, `next-lug-${++unique}.mjs`);
  writeFileSync(
    script,
    `import { configureLeftovers, sweepLeftovers } from ${JSON.stringify(dist)};
configureLeftovers({ dir: ${JSON.stringify(notes)} });
console.log(JSON.stringify(await sweepLeftovers({ graceMs: 200 })));
`,
  );
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((resolve) => child.on('close', resolve));
  return JSON.parse(out);
}

describe.skipIf(process.platform !== 'linux')('when lug goes away', () => {
  const everyWay = (t: string) => [...escapes.map(([, command]) => command(t)), `sleep ${t} > /dev/null 2>&1 &`];

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`leaves no process when it dies of ${signal}: not one of the three escapes, nor a redirected background job`, async () => {
      const t = sleepTag();
      const { child, exited } = await startLugLike(everyWay(t), path.join(dir, `notes-${unique}`));
      expect(await until(() => sleepsRunning(t).length === 4)).toBe(true);
      child.kill(signal);
      expect(await exited).toEqual({ code: null, signal });
      expect(sleepsRunning(t)).toEqual([]);
    });
  }

  it('leaves no process when it exits normally, and removes its note', async () => {
    const t = sleepTag();
    const notes = path.join(dir, `notes-${++unique}`);
    const { child, exited } = await startLugLike(everyWay(t), notes);
    expect(readdirSync(notes)).toHaveLength(1);
    child.stdin!.write('exit\n');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(sleepsRunning(t)).toEqual([]);
    expect(readdirSync(notes)).toEqual([]);
  });

  it('after a SIGKILL, the next start kills what it left, escaped or not, and removes the note', async () => {
    const t = sleepTag();
    const notes = path.join(dir, `notes-${++unique}`);
    const { child, exited } = await startLugLike(everyWay(t), notes);
    expect(await until(() => sleepsRunning(t).length === 4)).toBe(true);
    child.kill('SIGKILL');
    await exited;
    expect(sleepsRunning(t)).toHaveLength(4); // nothing ran at exit
    expect(await startNextLug(notes)).toMatchObject({ deadOwners: 1 });
    expect(sleepsRunning(t)).toEqual([]);
    expect(readdirSync(notes)).toEqual([]);
  });

  it('the sweep leaves a running lug’s processes alone', async () => {
    const t = sleepTag();
    const notes = path.join(dir, `notes-${++unique}`);
    const { child, exited } = await startLugLike(everyWay(t), notes);
    expect(await until(() => sleepsRunning(t).length === 4)).toBe(true);
    expect(await startNextLug(notes)).toMatchObject({ deadOwners: 0 });
    expect(sleepsRunning(t)).toHaveLength(4);
    expect(existsSync(notes) && readdirSync(notes)).toHaveLength(1);
    child.kill('SIGTERM');
    await exited;
    expect(sleepsRunning(t)).toEqual([]);
  });
});
