#!/usr/bin/env node
// The cost of a checkpoint (CheckpointStore.beginTurn: the files' state
// written to the shadow repository, the record made) on a 10,000-file tree:
// with nothing changed since the last one, and with 10 files changed. The
// reference, measured in the same run on the same tree: `git status` in an
// ordinary repository of it (what any git tool pays to look at the tree).
// Goals (issue 19): under 100 ms with nothing changed, under 300 ms with 10
// files changed. Medians of 15 runs each; the first checkpoint (every file
// hashed) is printed once.
// Usage: node packages/checkpoints/bench/checkpoint.bench.mjs [FILES] (default 10000)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const FILES = Number(process.argv[2] ?? 10_000);
const RUNS = 15;
const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const { openCheckpoints } = await import(dist);

const root = mkdtempSync(join(tmpdir(), 'lug-checkpoint-bench-'));
const project = join(root, 'project');
const reference = join(root, 'reference');
const env = { PATH: process.env.PATH, HOME: root, XDG_STATE_HOME: join(root, 'state') };

function makeTree(dir) {
  for (let i = 0; i < FILES; i++) {
    const sub = join(dir, `pkg${Math.floor(i / 100)}`, `mod${Math.floor((i % 100) / 10)}`);
    if (i % 10 === 0) mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `file${i}.ts`), `export const value${i} = ${i};\n// ${'x'.repeat(i % 200)}\n`);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

try {
  makeTree(project);
  makeTree(reference);
  const gitEnv = { ...env, GIT_CONFIG_NOSYSTEM: '1' };
  execFileSync('git', ['init', '-q'], { cwd: reference, env: gitEnv });
  execFileSync('git', ['add', '-A'], { cwd: reference, env: gitEnv });
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-q', '-m', 'tree'], { cwd: reference, env: gitEnv });

  const opened = await openCheckpoints({ cwd: project, env });
  if (!opened.store) throw new Error(opened.off);
  const store = opened.store;
  let t = performance.now();
  await store.beginTurn('bench', 1, 'first');
  console.log(`first checkpoint of ${FILES} files (every file hashed): ${ms(performance.now() - t)}`);

  const statusTimes = [];
  const unchanged = [];
  const changed = [];
  let turn = 2;
  for (let run = 0; run < RUNS; run++) {
    t = performance.now();
    spawnSync('git', ['status', '--porcelain'], { cwd: reference, env: gitEnv, stdio: 'ignore' });
    statusTimes.push(performance.now() - t);
    t = performance.now();
    await store.beginTurn('bench', turn++, 'nothing changed');
    unchanged.push(performance.now() - t);
    for (let f = 0; f < 10; f++) {
      const i = (run * 10 + f) * 97 % FILES;
      writeFileSync(join(project, `pkg${Math.floor(i / 100)}`, `mod${Math.floor((i % 100) / 10)}`, `file${i}.ts`), `export const value${i} = ${run};\n`);
    }
    t = performance.now();
    await store.beginTurn('bench', turn++, '10 files changed');
    changed.push(performance.now() - t);
  }
  const ref = median(statusTimes);
  console.log(`reference: git status on the same tree          ${ms(ref)}`);
  console.log(`a checkpoint, nothing changed                   ${ms(median(unchanged))} (${(median(unchanged) / ref).toFixed(2)}x git status; goal < 100 ms)`);
  console.log(`a checkpoint, 10 files changed                  ${ms(median(changed))} (${(median(changed) / ref).toFixed(2)}x git status; goal < 300 ms)`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
