#!/usr/bin/env node
// What each start-up intervention saves (the table in README.md): the binary
// is built once whole and once without each intervention that can be left out
// (interventions.ts, through LUG_STARTUP_OFF), each build in its own folder
// with its own caches; then every build is started in turn, round after round
// (so a busy machine slows them all alike), and timed:
//
//   first screen   the interface in a real pty (100×40) with a 200-line
//                  init.lua, until its Lua status line is drawn (as the
//                  interface bench, packages/tui/bench/tui.bench.mjs)
//   -p request     `lug -p` until its first request reaches the scripted
//                  server (as tools/bench/startup.mjs)
//
// each as wall time and as the CPU time the process had used by then (all its
// threads, from /proc/PID/task/*/schedstat, in ns): on a machine shared with
// other work the wall time wanders by tens of ms, the CPU time much less.
//
// Besides: `lug --version` and `lug --help` (answered by bin/lug.js without
// loading lug) against `node -e 0`, and requiring the fengari package against the Lua
// bridge's one-file bundle.
//
//   node packages/cli/startup/measure.mjs        (needs the packages built)
//   MEASURE_RUNS=9 to change the rounds; MEASURE_ONLY=a,b to build and time only those (and the whole).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScriptedServer, text } from '@lug/testing';
import { generateInitLua, READY_MARKER } from '../../tui/bench/init-lua.mjs';
import { PtyProgram, stripAnsi } from '../../tui/bench/pty.mjs';
import { interleavedRounds, median } from '../../../tools/bench/measure.mjs';

const cliDir = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.MEASURE_RUNS ?? 9);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// The names, as interventions.ts lists them (this script runs on plain node, which cannot import .ts).
const REMOVABLE = [...readFileSync(join(cliDir, 'startup', 'interventions.ts'), 'utf8').matchAll(/^ {2}'(\w+)',$/gm)].map((m) => m[1]);
if (REMOVABLE.length < 5) throw new Error('could not read the intervention names from interventions.ts');

const builds = join(cliDir, '.measure');
const temp = mkdtempSync(join(tmpdir(), 'lug-measure-'));
const programs = new Set();
process.on('exit', () => {
  for (const p of programs) p.kill();
  rmSync(temp, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

// ---------------------------------------------------------------- the builds
const only = process.env.MEASURE_ONLY?.split(',').filter(Boolean);
const variants = ['whole', ...REMOVABLE.filter((name) => !only || only.includes(name))];
for (const name of variants) {
  const dir = join(builds, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  cpSync(join(cliDir, 'bin', 'lug.js'), join(dir, 'bin', 'lug.js'));
  cpSync(join(cliDir, 'bin', 'package.json'), join(dir, 'bin', 'package.json'));
  cpSync(join(cliDir, 'package.json'), join(dir, 'package.json'));
  if (existsSync(join(cliDir, 'docs'))) symlinkSync(join(cliDir, 'docs'), join(dir, 'docs'));
  process.stderr.write(`building ${name === 'whole' ? 'the whole binary' : `without ${name}`}…\n`);
  execFileSync(process.execPath, [join(cliDir, '..', '..', 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--out-dir', join(dir, 'dist'), '--no-dts'], {
    cwd: cliDir,
    env: { ...process.env, LUG_STARTUP_OFF: name === 'whole' ? '' : name },
    stdio: 'ignore',
  });
}

// ---------------------------------------------------------------- the environment of each build
const server = await startScriptedServer([]);
const envOf = (name) => {
  const home = join(temp, name);
  for (const d of ['home', 'config/lug', 'state', 'cache', 'project']) mkdirSync(join(home, d), { recursive: true });
  writeFileSync(join(home, 'config', 'lug', 'init.lua'), generateInitLua(200));
  return {
    cwd: join(home, 'project'),
    env: {
      PATH: process.env.PATH,
      HOME: join(home, 'home'),
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      XDG_CACHE_HOME: join(home, 'cache'),
      ANTHROPIC_API_KEY: 'measure-key',
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
    },
  };
};
const subjects = Object.fromEntries(variants.map((name) => [name, { bin: join(builds, name, 'bin', 'lug.js'), ...envOf(name) }]));

/** CPU time (ms) process `pid` has used so far, all its threads. */
function cpuMs(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

async function firstScreen(name) {
  const { bin, env, cwd } = subjects[name];
  const p = new PtyProgram([process.execPath, bin], { env, cwd });
  programs.add(p);
  try {
    const pid = await p.programPid();
    const at = await p.waitFor((out) => stripAnsi(out).includes(READY_MARKER), 20_000, `${name}'s status line`);
    return { wall: at - p.started, cpu: cpuMs(pid) };
  } finally {
    await p.stop();
    programs.delete(p);
  }
}

async function firstRequest(name) {
  const { bin, env, cwd } = subjects[name];
  server.push(text('ok'));
  const before = server.modelRequests().length;
  const t0 = performance.now();
  const child = spawn(process.execPath, [bin, '-p', 'hi'], { env, cwd, stdio: 'ignore' });
  try {
    while (server.modelRequests().length === before) await sleep(1);
    return { wall: performance.now() - t0, cpu: cpuMs(child.pid) };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)));
  }
}

// One untimed start of each, run to its end, as any earlier use would: it writes the caches the next starts read.
for (const name of variants) {
  const { bin, env, cwd } = subjects[name];
  server.push(text('ok'));
  await new Promise((resolve, reject) => spawn(process.execPath, [bin, '-p', 'hi'], { env, cwd, stdio: 'ignore' }).on('error', reject).on('exit', resolve));
  const p = new PtyProgram([process.execPath, bin], { env, cwd });
  programs.add(p);
  await p.waitFor((out) => stripAnsi(out).includes(READY_MARKER), 20_000, `${name}'s status line`);
  await sleep(1500); // the code caches are written a second after start
  await p.stop();
  programs.delete(p);
}

const times = Object.fromEntries(variants.map((name) => [name, { screen: [], request: [] }]));
for (let round = 0; round < RUNS; round++) {
  process.stderr.write(`round ${round + 1} of ${RUNS}\n`);
  // Each round starts at another build, so none is always first after a pause.
  const order = variants.map((_, i) => variants[(i + round) % variants.length]);
  for (const name of order) {
    times[name].screen.push(await firstScreen(name));
    times[name].request.push(await firstRequest(name));
  }
}
await server.close();

// ---------------------------------------------------------------- the table
const fmt = (ms) => `${ms.toFixed(0)} ms`;
const stat = (name, what, key) => median(times[name][what].map((t) => t[key]));
console.log(`start-up interventions: medians of ${RUNS} interleaved rounds; "+" is what the build without it costs more than the whole build`);
console.log(`  ${'build'.padEnd(38)} ${'first screen: wall'.padStart(20)} ${'CPU'.padStart(14)} ${'-p request: wall'.padStart(20)} ${'CPU'.padStart(14)}`);
for (const name of variants) {
  const label = name === 'whole' ? 'whole (every intervention)' : `without ${name}`;
  const cell = (what, key) => {
    const x = stat(name, what, key);
    return name === 'whole' ? fmt(x) : `${fmt(x)} (${x >= stat('whole', what, key) ? '+' : ''}${(x - stat('whole', what, key)).toFixed(0)})`;
  };
  console.log(`  ${label.padEnd(38)} ${cell('screen', 'wall').padStart(20)} ${cell('screen', 'cpu').padStart(14)} ${cell('request', 'wall').padStart(20)} ${cell('request', 'cpu').padStart(14)}`);
}

// Whole processes, interleaved (tools/bench's interleavedRounds): wall time, and user + system CPU time from /usr/bin/time (10 ms steps).
function processTimes(commands, runs = 21) {
  const rounds = interleavedRounds(commands.length, runs, (k) => {
    const t0 = performance.now();
    const r = spawnSync('/usr/bin/time', ['-f', '%U %S', ...commands[k]], { env: subjects.whole.env, cwd: subjects.whole.cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    const wall = performance.now() - t0;
    const [user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
    return { wall, cpu: (user + sys) * 1000 };
  });
  return rounds.map((r) => ({ wall: median(r.map((x) => x.wall)), cpu: median(r.map((x) => x.cpu)) }));
}
const both = (t) => `${fmt(t.wall)} wall, ${fmt(t.cpu)} CPU`;
const [bare, version, help] = processTimes([
  [process.execPath, '-e', '0'],
  [process.execPath, subjects.whole.bin, '--version'],
  [process.execPath, subjects.whole.bin, '--help'],
]);
console.log(`  node -e 0: ${both(bare)}; lug --version: ${both(version)}; lug --help: ${both(help)}`);
console.log(`    above node -e 0: --version ${fmt(version.wall - bare.wall)} wall, ${fmt(version.cpu - bare.cpu)} CPU; --help ${fmt(help.wall - bare.wall)} wall, ${fmt(help.cpu - bare.cpu)} CPU`);

// fengari, required inside one process each time: the package (~40 modules) against the bridge's one-file bundle.
const bridgeRequire = createRequire(join(cliDir, '..', 'lua-bridge', 'package.json'));
const fengariFiles = { package: bridgeRequire.resolve('fengari'), bundle: join(cliDir, '..', 'lua-bridge', 'dist', 'fengari.cjs') };
const requireTimes = { package: [], bundle: [] };
for (let i = 0; i < 15; i++) {
  for (const [what, file] of Object.entries(fengariFiles)) {
    const code = `const c = process.cpuUsage(); const t = performance.now(); require(${JSON.stringify(file)}); const u = process.cpuUsage(c); console.log(JSON.stringify({ wall: performance.now() - t, cpu: (u.user + u.system) / 1000 }))`;
    requireTimes[what].push(JSON.parse(execFileSync(process.execPath, ['-e', code], { encoding: 'utf8' })));
  }
}
const req = (what) => ({ wall: median(requireTimes[what].map((t) => t.wall)), cpu: median(requireTimes[what].map((t) => t.cpu)) });
console.log(`  require fengari: the package ${both(req('package'))}; the bridge's one-file bundle ${both(req('bundle'))}`);
