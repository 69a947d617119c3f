#!/usr/bin/env node
// The interface (issue 6), in a real pseudo-terminal, each number next to a
// reference measured in the same run: a bundled one-line ink app started the
// same way (bench/reference-app.mjs).
//
//   1. First screen: from starting the real `lug` binary (basic.lug + a
//      generated 200-line init.lua, a key for the scripted server) until the
//      whole interface is drawn with init.lua applied: the Lua status line's
//      text is on the screen. Goal: no slower than the reference, under 0.5 s.
//   2. Idle memory: the RSS (VmRSS) of the node process ~2 s after its first
//      screen, in the first 3 of those runs.
//      Goal: under 80 MiB.
//   3. A 500-turn session: the real binary answers 500 prompts from the
//      scripted server (Markdown with a code block each), then key press to
//      echo through the pty, and its RSS. Also scripts/long-session.mjs (the
//      same in-process, fake terminal, tool calls too) for the echo without the
//      pty. Goals: echo under 16 ms, memory under 150 MiB. Then the same
//      session in vi mode (lug.opt.input = "vi"): typing in insert mode, x in
//      normal mode, and the RSS after; the same goals.
//   4. The first turn against the next four, in fresh sessions: typed (the keys,
//      then Enter a second later; goal ≤ 1.5×), sent in one write with its
//      Enter, with its Enter 10 ms after the keys (two writes), and sent in one
//      write with the model answering 400 ms after each request.
//
//   node packages/tui/bench/tui.bench.mjs      (needs the packages built; `npm run bench` builds them)
//   BENCH_RUNS=7 BENCH_TURNS=500 to change the counts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { delay, startScriptedServer, text } from '@lug/testing';
import { median, row } from '../../../tools/bench/measure.mjs';
import { benchHome } from './bench-home.mjs';
import { generateInitLua, READY_MARKER } from './init-lua.mjs';
import { PtyProgram, rssOf, stripAnsi } from './pty.mjs';
import { bundleReferenceApp } from './reference-app.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// LUG_BIN: another build's bin/lug.js, to compare two builds run after run (the default: this one).
const LUG = process.env.LUG_BIN ?? join(root, 'packages', 'cli', 'bin', 'lug.js');
const LONG_SESSION = join(root, 'packages', 'tui', 'scripts', 'long-session.mjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const MEMORY_RUNS = Math.min(3, RUNS);
const TURNS = Number(process.env.BENCH_TURNS ?? 500);
const MiB = 2 ** 20;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(join(root, 'packages', 'cli', 'dist', 'lug.cjs'))) {
  console.error('build first: npm run build (or npm run bench, which builds)');
  process.exit(1);
}

// ---------------------------------------------------------------- setup
const started = performance.now();
const temp = mkdtempSync(join(tmpdir(), 'lug-bench-tui-'));
const programs = new Set();
async function cleanUp() {
  await Promise.all([...programs].map((p) => p.stop()));
  await server?.close();
  rmSync(temp, { recursive: true, force: true });
}
// Whatever happens (a failed wait, Ctrl-C), leave no program running and no temp dir.
process.on('exit', () => {
  for (const p of programs) p.kill();
  rmSync(temp, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

const server = await startScriptedServer([]);
const { dirs, env } = benchHome(temp, { initLua: generateInitLua(200), anthropicBaseUrl: server.anthropicBaseUrl });
writeFileSync(join(dirs.project, 'README.md'), '# a project\n');
dirs.ref = join(temp, 'ref');
mkdirSync(dirs.ref);
const reference = await bundleReferenceApp(dirs.ref);

const subjects = {
  lug: { argv: [process.execPath, LUG], ready: (s) => s.includes(READY_MARKER), what: `the status line "${READY_MARKER} …"` },
  reference: { argv: [process.execPath, reference], ready: (s) => s.includes('ready'), what: '"ready"' },
};

// Without a key (issue 15: as fast and as small as the keyed screen): stable once the no-model message is drawn.
const { ANTHROPIC_API_KEY: _key, ANTHROPIC_BASE_URL: _url, ...noKeyEnv } = env;
subjects.lugNoKey = { argv: [process.execPath, LUG], env: noKeyEnv, ready: (s) => s.includes('No model is configured') && s.includes('needs none'), what: 'the no-model message' };

function start(subject) {
  const p = new PtyProgram(subjects[subject].argv, { env: subjects[subject].env ?? env, cwd: dirs.project });
  programs.add(p);
  return p;
}

async function stop(p) {
  await p.stop();
  programs.delete(p);
}

/** Start, wait for the first screen: ms from spawning `script` to the marker arriving. */
async function firstScreen(subject) {
  const p = start(subject);
  const at = await p.waitFor((out) => subjects[subject].ready(stripAnsi(out)), 20_000, subjects[subject].what);
  return { p, ms: at - p.started };
}

/**
 * Type `count` letters one by one, each once the previous frame is out and
 * ink's 30 fps window has passed; ms from writing a key to the pty until the
 * frame showing the input so far comes back.
 */
async function echoLatencies(p, count = 15) {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const times = [];
  for (let i = 0; i < count; i++) {
    await sleep(60);
    const want = letters.slice(0, i + 1);
    p.clear();
    const t0 = performance.now();
    p.type(letters[i]);
    const at = await p.waitFor((out) => stripAnsi(out).includes(want), 5000, `the typed "${want}"`);
    times.push(at - t0);
  }
  // Leave the input empty (Ctrl-U) for whatever comes next.
  p.type('\x15');
  return times;
}

/**
 * Vi mode's normal mode: type 16 letters, Esc, then `x` `count` times, each
 * once the previous frame is out; ms from writing x until the frame without
 * the deleted letter comes back.
 */
async function normalModeLatencies(p, count = 10) {
  const letters = 'abcdefghijklmnop';
  p.type(letters);
  await p.waitFor((out) => stripAnsi(out).includes(letters), 5000, 'the typed letters');
  await sleep(60);
  p.type('\x1b');
  // A lone Esc waits for ink's escape timeout; init.lua's status line does not show the mode.
  await sleep(300);
  const times = [];
  for (let i = 1; i <= count; i++) {
    await sleep(60);
    const want = new RegExp(`${letters.slice(0, letters.length - i)}(?![a-z])`);
    p.clear();
    const t0 = performance.now();
    p.type('x');
    const at = await p.waitFor((out) => want.test(stripAnsi(out)), 5000, `the text without its last ${i} letters`);
    times.push(at - t0);
  }
  // Back to an empty input in insert mode.
  p.type('dd');
  await sleep(60);
  p.type('i');
  return times;
}

const mib = (bytes) => bytes / MiB;

// ---------------------------------------------------------------- 1 and 2: first screen, idle memory
console.log(`interface, in a pty (script -qfec) at 100×40; reference: a bundled one-line ink app; medians of ${RUNS} alternating runs`);
// One untimed start each. lug's runs on a moment after its first screen, as
// any earlier session would, so it writes its caches (compiled Lua, the V8
// code caches of its bundles) for the next start; and it fills the file cache.
// That start has none of its own, but those kept beside lug's files (by any
// earlier run of this build: packages/cli/startup/code-cache.ts) and the
// stock Lua compiled by the build; it compiles the generated init.lua.
// The no-key screen's first start too: whatever it alone loads has its caches then, as the keyed one's have.
const cold = {};
for (const subject of ['lug', 'lugNoKey']) {
  cold[subject] = await firstScreen(subject);
  await sleep(1500);
  await stop(cold[subject].p);
}
await stop((await firstScreen('reference')).p);

const times = { lug: [], reference: [], lugNoKey: [] };
const rss = { lug: [], reference: [], lugNoKey: [] };
for (let i = 0; i < RUNS; i++) {
  for (const subject of i % 2 ? ['reference', 'lugNoKey', 'lug'] : ['lug', 'lugNoKey', 'reference']) {
    const { p, ms } = await firstScreen(subject);
    times[subject].push(ms);
    if (i < MEMORY_RUNS) {
      await sleep(2000);
      rss[subject].push(rssOf(await p.programPid()));
    }
    await stop(p);
  }
}
row('first screen: reference', median(times.reference), 'ms');
row('first screen: lug (init.lua applied)', median(times.lug), 'ms', median(times.reference), 'no slower than the reference, < 500 ms');
console.log(`    (lug's first start in this new home, with none of its own caches yet: ${cold.lug.ms.toFixed(0)} ms; all runs: lug ${times.lug.map((t) => t.toFixed(0)).join(' ')}, reference ${times.reference.map((t) => t.toFixed(0)).join(' ')})`);
row('idle RSS (2 s after first screen): reference', mib(median(rss.reference)), 'MiB');
row('idle RSS (2 s after first screen): lug', mib(median(rss.lug)), 'MiB', mib(median(rss.reference)), '< 80 MiB');
row('first screen without a key (the no-model message)', median(times.lugNoKey), 'ms', median(times.lug), 'as fast as the keyed screen: ≤ 1.05×');
row('idle RSS without a key', mib(median(rss.lugNoKey)), 'MiB', mib(median(rss.lug)), 'as small as the keyed screen: ≤ 1.05×');

// ---------------------------------------------------------------- 3: key to echo, fresh and after a long session
const refEcho = await firstScreen('reference');
const refEchoes = await echoLatencies(refEcho.p);
await stop(refEcho.p);
row('key to echo: reference (via the pty)', median(refEchoes), 'ms');

const answer = (n) =>
  text(`## Step ${n}\n\nHere is **some** text for turn ${n}, long enough to wrap a little on a narrow terminal window, with \`code\` in it.\n\n\`\`\`ts\nconst answer = ${n};\nconsole.log(answer);\n\`\`\`\n\nFinished turn ${n}.`);
server.push(...Array.from({ length: TURNS }, (_, n) => answer(n)));
const long = await firstScreen('lug');
const fresh = await echoLatencies(long.p);
row('key to echo: lug, empty session', median(fresh), 'ms', median(refEchoes), '< 16 ms');

/**
 * Prompt n, typed: the keys, then Enter `typingMs` later (or, with `typingMs` null, in one write with its Enter, as
 * `tmux send-keys 'prompt' Enter` sends it); ms from Enter until answer n's end is on screen.
 */
async function turn(p, n, typingMs) {
  p.clear();
  if (typingMs === null) p.type(`prompt number ${n}\r`);
  else {
    p.type(`prompt number ${n}`);
    await sleep(typingMs);
    p.type('\r');
  }
  const enter = performance.now();
  await p.waitFor((out) => stripAnsi(out).includes(`Finished turn ${n}.`), 30_000, `the end of answer ${n}`);
  // The server keeps every request (each holds the whole conversation so far): drop them.
  server.requests.splice(0);
  return performance.now() - enter;
}
// Keys and Enter arrive apart, as typed; the first prompt takes a person a second or more to type, which is
// when the interface makes the first answer's renderer ready (warm-while-typing.ts).
const typing = (n) => (n === 0 ? 1000 : 15);

const sessionStart = performance.now();
const longPid = await long.p.programPid();
const checkpoints = [];
/** ms from Enter to the end of each answer on screen. */
const turnMs = [];
for (let n = 0; n < TURNS; n++) {
  if (n > 0 && n % 100 === 0) checkpoints.push(`${n}: ${mib(rssOf(longPid)).toFixed(0)}`);
  turnMs.push(await turn(long.p, n, typing(n)));
}
const sessionMs = performance.now() - sessionStart;
await sleep(1000);
const afterEchoes = await echoLatencies(long.p);
await sleep(1000);
const longRss = rssOf(longPid);

// The same session in vi mode: typing in insert mode, and x in normal mode.
long.p.clear();
long.p.type(':lua lug.opt.input = "vi"');
// Enter only once the command is on screen: a busy lug reads the text and a quick Enter as one chunk, runs the
// command at once (typed ahead) and, the screen being the same before and after, draws nothing to wait for.
await long.p.waitFor((out) => stripAnsi(out).includes('lug.opt.input'), 10_000, 'the :lua command typed');
long.p.type('\r');
// init.lua's status line replaces the stock one (no INSERT there): the command has run once the input is empty again.
await long.p.waitFor((out) => stripAnsi(out).includes('Ask, or :help'), 10_000, 'the input emptied after :lua');
await sleep(200);
const viInsertEchoes = await echoLatencies(long.p);
const viNormalEchoes = await normalModeLatencies(long.p);
await sleep(1000);
const viRss = rssOf(longPid);
await stop(long.p);
row(`key to echo: lug after ${TURNS} turns`, median(afterEchoes), 'ms', median(refEchoes), '< 16 ms');
console.log(`    (max ${Math.max(...afterEchoes).toFixed(1)} ms; the ${TURNS} turns took ${(sessionMs / 1000).toFixed(1)} s, ${(sessionMs / TURNS).toFixed(0)} ms a turn)`);
row(`RSS after ${TURNS} turns: lug`, mib(longRss), 'MiB', mib(median(rss.reference)), '< 150 MiB');
row(`key to echo after ${TURNS} turns, vi insert mode`, median(viInsertEchoes), 'ms', median(refEchoes), '< 16 ms');
row(`x to redraw after ${TURNS} turns, vi normal mode`, median(viNormalEchoes), 'ms', median(refEchoes), '< 16 ms');
row(`RSS after ${TURNS} turns and vi mode: lug`, mib(viRss), 'MiB', mib(median(rss.reference)), '< 150 MiB');
// One later turn is noisy (a GC, the machine): the first is held against the median of turns 2 to 10.
const laterTurnMs = median(turnMs.slice(1, 10));
row('turns 2 to 10, median (Enter to the answer on screen)', laterTurnMs, 'ms');
row('the first turn of this session (one sample; fresh sessions below)', turnMs[0], 'ms', laterTurnMs);
console.log(`    (turns 2 to 10: ${turnMs.slice(1, 10).map((t) => t.toFixed(0)).join(' ')} ms)`);
console.log(`    (RSS in MiB along the way, after turn ${checkpoints.join(', ')})`);

// The first turn against the next four, in fresh sessions (one sample of the long session above is noisy): typed as a
// person types (the keys, then Enter a second later: the interface warms what the first answer needs meanwhile),
// sent in one write with its Enter (as `tmux send-keys 'prompt' Enter` does: nothing can be warmed before the turn; its
// request goes out first, and the warm-up runs while the model has not answered), and its Enter written 10 ms after
// the prompt (two `tmux send-keys`: the warm-up has begun, and the Enter is read between its steps).
// `firstTypingMs`: the first prompt's Enter that long after its keys, or null for one write.
async function firstTurnRatios(runs, firstTypingMs, answerAfterMs = 0) {
  const firsts = [];
  const laters = [];
  const ratios = [];
  for (let run = 0; run < runs; run++) {
    server.push(...Array.from({ length: 5 }, (_, n) => (answerAfterMs ? delay(answerAfterMs, answer(n)) : answer(n))));
    const { p } = await firstScreen('lug');
    await sleep(1500);
    const ms = [];
    for (let n = 0; n < 5; n++) {
      ms.push(await turn(p, n, n === 0 ? firstTypingMs : typing(n)));
      await sleep(100);
    }
    await stop(p);
    firsts.push(ms[0]);
    laters.push(median(ms.slice(1)));
    ratios.push(ms[0] / median(ms.slice(1)));
  }
  return { first: median(firsts), later: median(laters), ratio: median(ratios), ratios };
}
const typedTurns = await firstTurnRatios(RUNS, typing(0));
const sentTurns = await firstTurnRatios(Math.min(3, RUNS), null);
const QUICK_ENTER_MS = 10;
const quickTurns = await firstTurnRatios(Math.min(3, RUNS), QUICK_ENTER_MS);
// The same with the model's first word 400 ms after the request, as a real provider's comes (the scripted server
// answers at once): what the turn loads once the request is out, it loads while the model has not answered yet.
const SLOW_MODEL_MS = 400;
const sentSlowTurns = await firstTurnRatios(Math.min(3, RUNS), null, SLOW_MODEL_MS);
row(`the first turn, typed (median of ${RUNS} sessions)`, typedTurns.first, 'ms', typedTurns.later, '≤ 1.5× the later ones');
// The goal holds each session's first turn against its own later ones: the median of those ratios, which the row's
// ratio of the two medians (first turns of some sessions against later turns of others) can differ from.
console.log(`    (turns 2 to 5: median ${typedTurns.later.toFixed(1)} ms; each session's ratio: ${typedTurns.ratios.map((r) => r.toFixed(2)).join(' ')}; their median ${typedTurns.ratio.toFixed(2)}×, against the goal ≤ 1.5×)`);
row(`the first turn, sent with its Enter (median of ${Math.min(3, RUNS)})`, sentTurns.first, 'ms', sentTurns.later);
console.log(`    (nothing is warmed before such a turn: its request goes out, then the Markdown renderer loads, here while the answer streams in; each session's ratio: ${sentTurns.ratios.map((r) => r.toFixed(2)).join(' ')})`);
row(`the first turn, its Enter ${QUICK_ENTER_MS} ms after the prompt (median of ${Math.min(3, RUNS)})`, quickTurns.first, 'ms', quickTurns.later);
console.log(`    (two writes, as two \`tmux send-keys\`: the warm-up the prompt started yields between its steps, so the Enter is read and stops it; each session's ratio: ${quickTurns.ratios.map((r) => r.toFixed(2)).join(' ')})`);
row(`the same, the model answering after ${SLOW_MODEL_MS} ms (median of ${Math.min(3, RUNS)})`, sentSlowTurns.first, 'ms', sentSlowTurns.later);
console.log(`    (every turn waits ${SLOW_MODEL_MS} ms for the model, in which the first one warms what its answer needs; each session's ratio: ${sentSlowTurns.ratios.map((r) => r.toFixed(2)).join(' ')})`);

// In-process (fake terminal, no pty): the TUI's own share, with tool calls in every turn.
const inProcess = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ['--expose-gc', LONG_SESSION, String(TURNS)], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.on('error', reject);
  child.on('close', (code) => (code === 0 ? resolve(stripAnsi(out)) : reject(new Error(`long-session.mjs exited ${code}: ${out}`))));
});
const echo = /key press to echo: median ([\d.]+) ms, max ([\d.]+) ms/.exec(inProcess);
const mem = /memory: rss (\d+) MiB, heap used (\d+) MiB/.exec(inProcess);
if (!echo || !mem) throw new Error(`could not read scripts/long-session.mjs's output:\n${inProcess}`);
row(`key to echo after ${TURNS} turns, in-process`, Number(echo[1]), 'ms', undefined, '< 16 ms');
console.log(`    (scripts/long-session.mjs: fake terminal, unbundled, tool calls in every turn; after gc: rss ${mem[1]} MiB, heap used ${mem[2]} MiB; max echo ${echo[2]} ms)`);

const goals = [
  ['first screen no slower than the reference', median(times.lug) <= median(times.reference)],
  ['first screen < 500 ms', median(times.lug) < 500],
  ['idle RSS < 80 MiB', mib(median(rss.lug)) < 80],
  // "As fast and as small as the keyed one" (issue 15), within what separates two medians of the same program here:
  // the keyed screen's own runs differ by more than 5% (see "all runs" above).
  ['first screen without a key as fast as with one (≤ 1.05×)', median(times.lugNoKey) <= 1.05 * median(times.lug)],
  ['idle RSS without a key as small as with one (≤ 1.05×)', median(rss.lugNoKey) <= 1.05 * median(rss.lug)],
  ['the first turn (typed) ≤ 1.5× the later ones', typedTurns.ratio <= 1.5],
  [`key to echo after ${TURNS} turns < 16 ms`, median(afterEchoes) < 16],
  [`RSS after ${TURNS} turns < 150 MiB`, mib(longRss) < 150],
  [`vi mode: key to echo after ${TURNS} turns < 16 ms`, median(viInsertEchoes) < 16 && median(viNormalEchoes) < 16],
  [`vi mode: RSS after ${TURNS} turns < 150 MiB`, mib(viRss) < 150],
];
console.log(`  goals met: ${goals.filter(([, ok]) => ok).map(([g]) => g).join('; ') || 'none'}`);
console.log(`  goals not met: ${goals.filter(([, ok]) => !ok).map(([g]) => g).join('; ') || 'none'}`);
await cleanUp();
console.log(`(whole run ${((performance.now() - started) / 1000).toFixed(1)} s)`);
