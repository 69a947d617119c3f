#!/usr/bin/env node
/**
 * How long the TUI takes to its first full frame (input and status line
 * drawn), from the start of the process, with the real core and approvals
 * and no Lua: the TUI's own share of lug's start-up. Prints milliseconds.
 *   node scripts/first-frame.mjs [runs]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (process.argv[2] === '--child') {
  const { EventEmitter } = await import('node:events');
  const [{ Session }, { createHostWithApprovals }, { startTui }] = await Promise.all([import('@lug/core'), import('@lug/approvals'), import('@lug/tui')]);
  if (process.env.FIRST_FRAME_VERBOSE) process.stderr.write(`imports done at ${performance.now().toFixed(1)}\n`);
  const { host, approvals } = createHostWithApprovals(
    { cwd: process.cwd(), env: { HOME: '/nonexistent', ANTHROPIC_API_KEY: 'x' }, interactive: true },
    { logPath: '/dev/null' },
  );
  const stdout = Object.assign(new EventEmitter(), {
    isTTY: true, columns: 100, rows: 30,
    write(chunk) {
      if (String(chunk).includes('approval:')) {
        process.stderr.write(`${performance.now().toFixed(1)}\n`);
        process.exit(0);
      }
      return true;
    },
  });
  const stdin = Object.assign(new EventEmitter(), { isTTY: true, setRawMode() {}, setEncoding() {}, ref() {}, unref() {}, resume() {}, pause() {}, read: () => null });
  await startTui({ host, session: new Session(host), approvals, version: 'bench', stdout, stdin, probe: false });
} else {
  const runs = Number(process.argv[2] ?? 5);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child'], { encoding: 'utf8' });
    times.push(Number(/^(\d+(?:\.\d+)?)$/m.exec(r.stderr)?.[1]));
  }
  times.sort((a, b) => a - b);
  console.log(`first frame, ms since process start (median of ${runs}): ${times[Math.floor(runs / 2)]} (all: ${times.join(', ')})`);
}
