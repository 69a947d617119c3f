#!/usr/bin/env node
// `npm run bench`: every benchmark, each printing its numbers as ratios against
// a reference measured in the same run. Builds first (Nx, cached).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const build = spawnSync(process.execPath, [join(root, 'node_modules', '.bin', 'nx'), 'run-many', '-t', 'build', '--output-style=stream'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

const only = process.argv.slice(2);
const benches = [
  ['start-up', 'tools/bench/startup.mjs'],
  ['grep and ls against ripgrep', 'tools/bench/grep-ls.mjs'],
  ['path globs against rooted ripgrep', 'tools/bench/path-globs.mjs'],
  ['the first tool call of a process', 'tools/bench/first-call.mjs'],
  ['approvals', 'packages/approvals/bench/decide.bench.mjs'],
  ['Lua', 'packages/lua-bridge/bench/startup.bench.mjs'],
  ['Lua rules against TypeScript rules', 'packages/lua-bridge/bench/rules.bench.mjs'],
  ['interface', 'packages/tui/bench/tui.bench.mjs'],
  ['MCP servers and the first screen', 'packages/mcp/bench/first-screen.bench.mjs'],
  ['edit memory', 'plugins/edit/bench/edit-memory.bench.mjs'],
  ['sandbox', 'packages/tools/bench/sandbox.bench.mjs'],
  ['resuming a 100 MiB session', 'packages/core/bench/resume.bench.mjs'],
  ['a file checkpoint on 10,000 files', 'packages/checkpoints/bench/checkpoint.bench.mjs'],
];
let failed = 0;
for (const [name, script] of benches) {
  if (only.length && !only.some((o) => name.includes(o) || script.includes(o))) continue;
  if (!existsSync(join(root, script))) {
    console.log(`\n== ${name}: (no benchmark yet: ${script})`);
    continue;
  }
  console.log(`\n== ${name}`);
  const r = spawnSync(process.execPath, [join(root, script)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
