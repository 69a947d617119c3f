#!/usr/bin/env node
// `npm start`: build what lug needs (Nx, cached), then start it here with the
// arguments given after `npm start --`. The build's output is shown only if it
// fails, and then on stderr, so `npm start -- --version` prints only the version.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const nx = join(root, 'node_modules', '.bin', 'nx');
process.stderr.write('lug: building (cached after the first time)…\n');
const build = spawnSync(process.execPath, [nx, 'run', 'lug:build', '--output-style=stream'], { cwd: root, env, encoding: 'utf8' });
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}lug: the build failed (see above)\n`);
  process.exit(build.status ?? 1);
}
// npm runs scripts in the package root; INIT_CWD is where `npm start` was typed.
const cwd = process.env.INIT_CWD || process.cwd();
const lug = spawnSync(process.execPath, [join(root, 'packages', 'cli', 'bin', 'lug.js'), ...process.argv.slice(2)], { cwd, stdio: 'inherit' });
process.exit(lug.status ?? (lug.signal ? 1 : 0));
