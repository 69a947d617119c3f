#!/usr/bin/env node
// MCP and the first screen (issue 17): the real `lug` binary in a pty, the
// interface's benchmark init.lua (packages/tui/bench/init-lua.mjs) with and
// without three configured MCP servers (the reference server from npm, over
// stdio), alternating, medians. The servers' client (@lug/mcp, the SDK) loads
// after the first screen, so the first screen with three servers should stay
// within 1.05× of the one with none.
//
//   node packages/mcp/bench/first-screen.bench.mjs      (needs the packages built; `npm run bench` builds them)
//   BENCH_RUNS=9 to change the count.
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, row } from '../../../tools/bench/measure.mjs';
import { benchHome } from '../../tui/bench/bench-home.mjs';
import { generateInitLua, READY_MARKER } from '../../tui/bench/init-lua.mjs';
import { PtyProgram, stripAnsi } from '../../tui/bench/pty.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const LUG = join(root, 'packages', 'cli', 'bin', 'lug.js');
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(join(root, 'packages', 'cli', 'dist', 'lug.cjs'))) {
  console.error('build first: npm run build (or npm run bench, which builds)');
  process.exit(1);
}

const temp = mkdtempSync(join(tmpdir(), 'lug-bench-mcp-'));
const programs = new Set();
process.on('exit', () => {
  for (const p of programs) p.kill();
  rmSync(temp, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

/** A home whose init.lua is the interface benchmark's, with `servers` MCP servers added in front. */
function home(name, servers) {
  const add = Array.from({ length: servers }, (_, i) => `lug.mcp.add("everything${i}", { command = { ${JSON.stringify(process.execPath)}, ${JSON.stringify(EVERYTHING)}, "stdio" } })`);
  const { env, cwd } = benchHome(join(temp, name), { initLua: [...add, generateInitLua(200)].join('\n') });
  return { env, cwd };
}

const subjects = { none: home('none', 0), three: home('three', 3) };

async function firstScreen(subject) {
  const { env, cwd } = subjects[subject];
  const p = new PtyProgram([process.execPath, LUG], { env, cwd });
  programs.add(p);
  const at = await p.waitFor((out) => stripAnsi(out).includes(READY_MARKER), 20_000, READY_MARKER);
  return { p, ms: at - p.started };
}

async function stop(p) {
  await p.stop();
  programs.delete(p);
}

console.log(`first screen with MCP servers, in a pty; medians of ${RUNS} alternating runs`);
// One untimed start each: caches written (compiled Lua, V8 code caches), files in the page cache.
for (const subject of ['none', 'three']) {
  const { p } = await firstScreen(subject);
  await sleep(1500);
  await stop(p);
}
const times = { none: [], three: [] };
for (let i = 0; i < RUNS; i++) {
  for (const subject of i % 2 ? ['three', 'none'] : ['none', 'three']) {
    const { p, ms } = await firstScreen(subject);
    times[subject].push(ms);
    await stop(p);
  }
}
row('first screen: no MCP server', median(times.none), 'ms');
row('first screen: three MCP servers', median(times.three), 'ms', median(times.none), 'within 1.05× of none');
console.log(`    (all runs: none ${times.none.map((t) => t.toFixed(0)).join(' ')}; three ${times.three.map((t) => t.toFixed(0)).join(' ')})`);
