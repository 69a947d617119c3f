#!/usr/bin/env node
// The first tool call of a process against the second (issue 15: no more than a
// few ms apart): a fresh node process imports the grep plugin (as lug -p has it
// loaded), then times two greps of the same small tree whose output is cut (so
// the cut line formats a number), each against bare ripgrep started the same
// way. Median over fresh processes; the reference is the second call.
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
const ctx = { cwd: ${JSON.stringify(dir)}, signal: new AbortController().signal, lock: async () => () => undefined, limits: tools.DEFAULT_LIMITS, emit: () => undefined, callId: 'bench' };
const t0 = performance.now();
await grepTool.handler({ pattern: 'needle' }, ctx);
const t1 = performance.now();
await grepTool.handler({ pattern: 'needle' }, ctx);
const t2 = performance.now();
console.log(JSON.stringify({ first: t1 - t0, second: t2 - t1 }));
`;
const runs = [];
for (let i = 0; i < Number(process.env.BENCH_RUNS ?? 9); i++) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  runs.push(JSON.parse(r.stdout.trim().split('\n').pop()));
}
rmSync(dir, { recursive: true, force: true });
const first = median(runs.map((r) => r.first));
const second = median(runs.map((r) => r.second));
console.log('the first tool call of a process (grep, its output cut), medians of fresh processes');
console.log(`  ${'first call'.padEnd(48)} ${first.toFixed(1).padStart(9)} ms  ${(first / second).toFixed(2)}× the second  (goal: a few ms above it; ${(first - second).toFixed(1)} ms)`);
console.log(`  ${'second call (reference)'.padEnd(48)} ${second.toFixed(1).padStart(9)} ms`);
