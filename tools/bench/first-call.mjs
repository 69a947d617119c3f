#!/usr/bin/env node
// The first tool call of a process against the second (issue 15: no more than a
// few ms apart): a fresh node process imports the grep plugin (as lug -p has it
// loaded), then times two greps of the same small tree whose output is cut (so
// the cut line formats a number). Median over fresh processes; the reference is
// the second call. Twice: cold, and as lug runs it, the tool registered on a
// host whose first model request went out and whose answer began 50 ms before
// the call (a real model takes longer than that to answer): the core's warm-up
// (tool-warm-up.ts, the tool's `warm`) runs at the first response_start.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'lug-bench-first-call-'));
for (let i = 0; i < 50; i++) {
  mkdirSync(join(dir, `d${i % 5}`), { recursive: true });
  writeFileSync(join(dir, `d${i % 5}`, `f${i}.txt`), 'needle in a file\n'.repeat(200));
}
const CHILD = `
const { grepTool } = await import(${JSON.stringify(join(root, 'plugins/grep/dist/index.js'))});
const tools = await import(${JSON.stringify(join(root, 'packages/tools/dist/index.js'))});
if (process.env.LUG_BENCH_WARM) {
  const core = await import(${JSON.stringify(join(root, 'packages/core/dist/index.js'))});
  const host = core.createHost({ cwd: ${JSON.stringify(dir)}, authorize: core.allowAll });
  host.tools.register(grepTool, 'built-in');
  host.events.emit('request_start', { step: 1, model: 'bench' });
  host.events.emit('response_start', { step: 1 });
  await new Promise((r) => setTimeout(r, 50));
}
const ctx = { cwd: ${JSON.stringify(dir)}, signal: new AbortController().signal, lock: async () => () => undefined, limits: tools.DEFAULT_LIMITS, emit: () => undefined, callId: 'bench' };
const t0 = performance.now();
await grepTool.handler({ pattern: 'needle' }, ctx);
const t1 = performance.now();
await grepTool.handler({ pattern: 'needle' }, ctx);
const t2 = performance.now();
console.log(JSON.stringify({ first: t1 - t0, second: t2 - t1 }));
`;
function measure(warm) {
  const runs = [];
  for (let i = 0; i < Number(process.env.BENCH_RUNS ?? 9); i++) {
    const env = { ...process.env, ...(warm ? { LUG_BENCH_WARM: '1' } : {}) };
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: root, encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(r.stderr);
    runs.push(JSON.parse(r.stdout.trim().split('\n').pop()));
  }
  return { first: median(runs.map((r) => r.first)), second: median(runs.map((r) => r.second)) };
}
const cold = measure(false);
const warm = measure(true);
rmSync(dir, { recursive: true, force: true });
console.log('the first tool call of a process (grep, its output cut), medians of fresh processes');
const line = (label, m, goal) =>
  console.log(
    `  ${label.padEnd(48)} ${m.first.toFixed(1).padStart(9)} ms  ${(m.first / m.second).toFixed(2)}× the second (${m.second.toFixed(1)} ms)` +
      (goal ? `  (goal: a few ms above it; ${(m.first - m.second).toFixed(1)} ms)` : ''),
  );
line('first call, as lug runs it (warmed)', warm, true);
line('first call, cold (no model request before it)', cold, false);
