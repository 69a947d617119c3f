#!/usr/bin/env node
// Five Lua rules against the same five rules in TypeScript, deciding an edit
// call with small arguments and with a 20 KB new_string, in the same run
// (issue 15: Lua ≤ 2× TypeScript on the 20 KB edit; a decision with five rules
// ≤ 20 µs in TypeScript, ≤ 50 µs in Lua). Each decision goes through
// @lug/approvals' decide (rules, the decision event, the log line), the call
// described beforehand as the core's scheduler describes it. Interleaved
// rounds, medians; run on dist/ (`npx tsup` first). With --cpu, each round is
// timed by the process's CPU time instead of the clock: on a loaded machine the
// clock also counts the time other processes had the core (at load 7 on two
// cores, five Lua rules read 22-109 µs by the clock from one run to the next).
// With --against=DIR (another build's dist/, kept under that name: a build
// looks for its fengari.cjs in ../dist), the Lua rules also run on that
// build in the same process, round by round in alternating order, and the
// paired ratio of the two builds is printed: on a loaded machine, a far
// steadier comparison than separate runs. The build loaded second reads a few
// per cent faster on the 20 KB edit: run it both ways (swap BENCH_DIST and
// --against) and take both.
//   node bench/rules.bench.mjs [calls per round] [--cpu] [--against=DIR]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHostWithApprovals } from '@lug/approvals';
import { describeCall } from '@lug/core';

// BENCH_DIST (a build's index.js) and --against (a build's dist/) may be relative to the working directory.
const bridge = await import(process.env.BENCH_DIST ? pathToFileURL(resolve(process.env.BENCH_DIST)).href : new URL('../dist/index.js', import.meta.url).href);
const CPU = process.argv.includes('--cpu');
const AGAINST = process.argv.find((a) => a.startsWith('--against='))?.slice('--against='.length);
const otherBridge = AGAINST ? await import(pathToFileURL(resolve(AGAINST, 'index.js')).href) : undefined;
const N = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 2000);
const ROUNDS = 7;
const dir = mkdtempSync(join(tmpdir(), 'lug-bench-rules-'));
mkdirSync(join(dir, 'src'));
writeFileSync(join(dir, 'src', 'a.ts'), 'export {};\n');
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const never = new AbortController().signal;

const editTool = {
  name: 'edit',
  description: 'edit',
  ask: false,
  parameters: { type: 'object', properties: { path: { type: 'string' }, old_string: { type: 'string' }, new_string: { type: 'string' } } },
  describe: (args) => ({ title: args.path, kind: 'edit', paths: [{ path: args.path, access: 'change' }] }),
  handler: () => '',
};

const TS_RULES = [
  ['*', (_args, call) => (call.abs_path?.startsWith('/etc') ? { verdict: 'deny', reason: 'not /etc' } : undefined)],
  ['edit', (args) => (/\.env$/.test(String(args.path)) ? 'ask' : undefined)],
  ['edit', (args) => (String(args.new_string).includes('rm -rf') ? 'deny' : undefined)],
  ['*', (args) => (typeof args.command === 'string' && args.command.startsWith('sudo') ? 'deny' : undefined)],
  ['*', (_args, call) => (call.abs_path?.startsWith(dir) ? 'allow' : undefined)],
];
const LUA_RULES = `
local dir = ${JSON.stringify(dir)}
lug.tool.rule("*", function(args, call) if call.abs_path and call.abs_path:sub(1, 4) == "/etc" then return "deny", "not /etc" end end)
lug.tool.rule("edit", function(args) if tostring(args.path):match("%.env$") then return "ask" end end)
lug.tool.rule("edit", function(args) if tostring(args.new_string):find("rm -rf", 1, true) then return "deny" end end)
lug.tool.rule("*", function(args) if type(args.command) == "string" and args.command:sub(1, 4) == "sudo" then return "deny" end end)
lug.tool.rule("*", function(args, call) if call.abs_path and call.abs_path:sub(1, #dir) == dir then return "allow" end end)
`;

function approvalsWith(kind) {
  const made = createHostWithApprovals({ cwd: dir, env: { XDG_STATE_HOME: join(dir, 'state'), HOME: dir } }, { logPath: join(dir, 'state', `${kind}.log`) });
  made.host.tools.register(editTool);
  if (kind === 'ts') for (const [tool, fn] of TS_RULES) made.approvals.rule(tool, fn);
  return made;
}

const none = approvalsWith('none');
const ts = approvalsWith('ts');
const lua = approvalsWith('lua');
const runtime = bridge.createLuaRuntime(lua.host, lua.approvals, { configDir: join(dir, 'empty') });
await runtime.run(LUA_RULES);
const other = otherBridge && approvalsWith('lua');
const otherRuntime = other && otherBridge.createLuaRuntime(other.host, other.approvals, { configDir: join(dir, 'empty') });
await otherRuntime?.run(LUA_RULES);

// The arguments parsed from their JSON text, as the core has them from the model's call (flat strings,
// not the ropes a template literal makes, whose first reader would pay for flattening them).
const described = (i, newString) => {
  const argsText = JSON.stringify({ path: 'src/a.ts', old_string: 'export {};', new_string: newString(i) });
  const args = JSON.parse(argsText);
  return { id: `c${i}`, tool: 'edit', args, argsText, description: describeCall(editTool, args, '', dir), cwd: dir };
};
const small = (i) => `export const n = ${i};`;
const LINE = 'export const value = compute(input, options); // a line of an edit\n';
const big = (i) => `${LINE.repeat(Math.ceil(20_480 / LINE.length))}// ${i}\n`;

/** Microseconds since `start()`: by the clock, or with --cpu by the CPU time this process used (user and system). */
function stopwatch() {
  if (!CPU) {
    const start = process.hrtime.bigint();
    return () => Number(process.hrtime.bigint() - start) / 1e3;
  }
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return used.user + used.system;
  };
}

async function perCallMicros(approvals, requests) {
  const elapsed = stopwatch();
  for (const request of requests) {
    const decision = await approvals.decide(request, never);
    if (!decision.allow) throw new Error(`expected the call to run: ${JSON.stringify(decision)}`);
  }
  return elapsed() / requests.length;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function compare(label, newString) {
  const requests = Array.from({ length: N }, (_, i) => described(i, newString));
  const times = { none: [], ts: [], lua: [], other: [] };
  const runs = { none, ts, lua, ...(other ? { other } : {}) };
  for (const a of Object.values(runs)) await perCallMicros(a.approvals, requests); // warm
  for (let round = 0; round < ROUNDS; round++) {
    const order = Object.keys(runs);
    if (other && round % 2) order.reverse();
    for (const key of order) times[key].push(await perCallMicros(runs[key].approvals, requests));
  }
  const [m0, mt, ml] = [median(times.none), median(times.ts), median(times.lua)];
  console.log(`  ${label.padEnd(30)} no rules ${m0.toFixed(1).padStart(6)} µs  5 TS rules ${mt.toFixed(1).padStart(6)} µs  5 Lua rules ${ml.toFixed(1).padStart(6)} µs`);
  console.log(`  ${''.padEnd(30)} Lua rules ${((ml - m0) / (mt - m0)).toFixed(2)}× TS rules (what the rules add: ${(ml - m0).toFixed(1)} against ${(mt - m0).toFixed(1)} µs); decision ${(ml / mt).toFixed(2)}× (goal ≤ 2×; TS ≤ 20 µs, Lua ≤ 50 µs)`);
  if (other) {
    const paired = median(times.lua.map((t, i) => t / times.other[i]));
    console.log(`  ${''.padEnd(30)} --against build: 5 Lua rules ${median(times.other).toFixed(1)} µs, decision ${(median(times.other) / mt).toFixed(2)}×; this build / that one, paired by round: ${paired.toFixed(3)}`);
  }
}

console.log(`rules (median of ${ROUNDS} interleaved rounds of ${N} decisions, ${CPU ? 'CPU time' : 'clock time'})`);
await compare('edit, small arguments', small);
await compare('edit, a 20 KB new_string', big);
runtime.close();
otherRuntime?.close();
