#!/usr/bin/env node
// The type check of every workspace package's sources and tests (`tsc --noEmit`), two at a time.
// vitest runs tests without checking types and tsup's declaration build sees only what the entry exports,
// so a call left with a missing argument by a merge compiled and failed only at run time: this catches it.
// Run after the packages are built (their dist/*.d.ts are what the others import).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const globs = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const folders = globs.flatMap((glob) => {
  const base = glob.replace(/\/\*$/, '');
  return readdirSync(join(root, base)).map((name) => join(base, name)).filter((dir) => existsSync(join(root, dir, 'tsconfig.json')));
});

function check(dir) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', '.'], { cwd: join(root, dir), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ dir, code, out }));
  });
}

const queue = [...folders];
const failed = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      const r = await check(dir);
      if (r.code !== 0) {
        failed.push(dir);
        process.stdout.write(`type errors in ${dir}:\n${r.out.replace(/^/gm, '  ')}\n`);
      }
    }
  }),
);
process.stdout.write(failed.length ? `type check: ${failed.length} of ${folders.length} packages have errors\n` : `type check: ${folders.length} packages, no errors\n`);
process.exit(failed.length ? 1 : 0);
