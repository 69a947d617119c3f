#!/usr/bin/env node
// `npm test`: the module-boundary check, the built-in tool name check, then every package's build and tests
// through Nx (cached), each package's output shown, the type check of every package (tools/typecheck.mjs),
// and one closing line that adds up the tests of every package: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, NX_DAEMON: process.env.NX_DAEMON ?? 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

const boundaries = spawnSync(process.execPath, [join(root, 'tools', 'check-boundaries.mjs')], { cwd: root, stdio: 'inherit' });
if (boundaries.status !== 0) process.exit(boundaries.status ?? 1);
// A failing name check fails the run at the end, after the tests have run (they say more about what broke).
const toolNames = spawnSync(process.execPath, [join(root, 'tools', 'check-tool-names.mjs')], { cwd: root, stdio: 'inherit' });

const nx = spawn(process.execPath, [join(root, 'node_modules', '.bin', 'nx'), 'run-many', '-t', 'test', '--output-style=static', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let text = '';
nx.stdout.on('data', (d) => {
  process.stdout.write(d);
  text += d;
});
nx.stderr.on('data', (d) => {
  process.stderr.write(d);
  text += d;
});
nx.on('close', (code) => {
  // vitest's summary of each package: "Tests  2 failed | 101 passed | 1 skipped (104)".
  const plain = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  // vitest's "FAIL  src/a.test.ts > group > name" lines, repeated at the end so a long log's tail names them.
  const failures = new Set();
  for (const line of plain.split('\n')) {
    const failure = /^\s*(\S+:test:\s+)?FAIL\s+(\S.*\S)\s*$/.exec(line);
    if (failure && failure[2].includes(' > ')) failures.add(failure[2]);
    if (!/^\s*Tests\s+\d/.test(line)) continue;
    passed += Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
    skipped += Number(/(\d+) skipped/.exec(line)?.[1] ?? 0);
  }
  // Types last: the builds above made the declarations every package's sources import.
  const types = spawnSync(process.execPath, [join(root, 'tools', 'typecheck.mjs')], { cwd: root, stdio: 'inherit' });
  if (failures.size > 0) process.stdout.write(`\nfailed:\n${[...failures].map((f) => `  ${f}\n`).join('')}`);
  process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  if (toolNames.status !== 0) process.stdout.write('the built-in tool name check failed (above)\n');
  if (types.status !== 0) process.stdout.write('the type check failed (above)\n');
  const checks = toolNames.status !== 0 ? (toolNames.status ?? 1) : types.status !== 0 ? (types.status ?? 1) : 0;
  process.exit(code === 0 ? checks : (code ?? 1));
});
