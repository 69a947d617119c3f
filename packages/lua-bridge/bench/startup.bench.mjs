#!/usr/bin/env node
// Start-up and per-decision costs of the Lua bridge, on dist/ (run `npx tsup` first).
//
//   1. In a fresh process: importing the bridge, loading fengari, and a first
//      state with basic.lug and a generated 200-line init.lua (median of 7 processes),
//      without and with the on-disk chunk cache warm.
//   2. A second state in the same process (goal < 10 ms).
//   3. A Lua rule that looks at its arguments: µs it adds to a decision (goal < 50 µs).
//   4. lug.* calls from Lua, whose arguments are checked on every call: µs a call.
//
//   node bench/startup.bench.mjs            all of it
//   node bench/startup.bench.mjs --rules    3 and 4 only (BENCH_DIST=dir/index.js to measure another build)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(here, '..', 'dist', 'index.js');

/** A 200-line init.lua of the kind people write: options, rules, tools, commands, keys, helpers. */
export function generateInitLua(lines = 200) {
  const out = ['-- generated init.lua', 'lug.opt.tool_concurrency = 6', 'local M = {}', ''];
  for (let i = 0; out.length < lines - 7; i++) {
    switch (i % 5) {
      case 0:
        out.push(`lug.tool.rule("bash", function(args)`, `  if args.command:match("^git log ${i}") then return "allow" end`, `end)`);
        break;
      case 1:
        out.push(`lug.tool.register("tool_${i}", {`, `  description = "Generated tool ${i}.",`, `  ask = false,`, `  parameters = { type = "object", properties = { q = { type = "string" } } },`, `  handler = function(args) return "tool ${i}: " .. (args.q or "") end,`, `})`);
        break;
      case 2:
        out.push(`lug.cmd.register("cmd_${i}", function(a) M.last = a end, { desc = "command ${i}" })`);
        break;
      case 3:
        out.push(`function M.helper_${i}(t)`, `  local n = 0`, `  for _, v in ipairs(t) do n = n + #tostring(v) end`, `  return string.format("%d items, %d chars", #t, n)`, `end`);
        break;
      case 4:
        // Alt with a letter: a Ctrl letter may be a key the terminal sends for another (<C-j> is <CR>), which lug.keymap.set refuses.
        out.push(`lug.keymap.set("<M-${String.fromCharCode(97 + (i % 26))}>", ":cmd_${i - 2}", { desc = "key ${i}" })`);
        break;
    }
  }
  while (out.length < lines - 1) out.push('-- end of the generated part');
  return `${out.join('\n')}\nreturn M\n`;
}

const temps = [];
process.on('exit', () => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function tempConfig() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-bench-'));
  temps.push(root);
  fs.mkdirSync(path.join(root, 'config', 'lug'), { recursive: true });
  fs.writeFileSync(path.join(root, 'config', 'lug', 'init.lua'), generateInitLua());
  return root;
}

/**
 * With BENCH_CACHE, fengari's bundle runs from a V8 code cache in the cache
 * directory, as the CLI's loader runs it (packages/cli/startup/code-cache.ts,
 * which this copies in a few lines: the bench runs plain node on dist/).
 * Without, the bridge's default loader requires it.
 */
const V8_LOADER = `
const { Script } = await import('node:vm');
const { createRequire } = await import('node:module');
const fsp = await import('node:fs');
const v8Cache = process.env.BENCH_ROOT + '/cache/fengari.v8cache';
let unsaved;
const loadFengari = process.env.BENCH_CACHE ? (file) => {
  let cachedData;
  try { cachedData = fsp.readFileSync(v8Cache); } catch {}
  const script = new Script('(function (exports, require, module, __filename, __dirname) {' + fsp.readFileSync(file, 'latin1') + '\\n})', { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, file.replace(/[/][^/]*$/, ''));
  if (!cachedData || script.cachedDataRejected) unsaved = script;
  return module.exports;
} : undefined;
const saveFengariCache = () => {
  if (!unsaved) return;
  fsp.mkdirSync(process.env.BENCH_ROOT + '/cache', { recursive: true });
  fsp.writeFileSync(v8Cache, unsaved.createCachedData());
  unsaved = undefined;
};
`;

const CHILD = `
${V8_LOADER}
const { createHostWithApprovals } = await import('@lug/approvals');
const t0 = performance.now();
const bridge = await import(${JSON.stringify(dist)});
const t1 = performance.now();
const root = process.env.BENCH_ROOT;
const env = { ...process.env, XDG_CONFIG_HOME: root + '/config', XDG_STATE_HOME: root + '/state' };
const cache = process.env.BENCH_CACHE ? new bridge.ChunkCache({ dir: root + '/cache' }) : undefined;
const { host, approvals } = createHostWithApprovals({ cwd: root, env });
const t1b = performance.now();
const rt = bridge.createLuaRuntime(host, approvals, { chunkCache: cache, loadFengari });
const t2 = performance.now();
const report = await rt.loadStartup();
const t3 = performance.now();
if (report.errors.length) throw new Error(JSON.stringify(report.errors));
setImmediate(saveFengariCache);
console.log(JSON.stringify({ importMs: t1 - t0, stateMs: t2 - t1b, startupMs: t3 - t2, totalMs: t3 - t0 - (t1b - t1), sinceProcessStartMs: performance.now() }));
`;

function freshProcess(root, cache) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], {
    cwd: path.join(here, '..'),
    env: { ...process.env, BENCH_ROOT: root, BENCH_CACHE: cache ? '1' : '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

function reportFresh(label, runs) {
  const pick = (k) => median(runs.map((r) => r[k]));
  console.log(`${label}`);
  console.log(`  import the bridge (@lug/core and @lug/approvals already loaded): ${fmt(pick('importMs'))}`);
  console.log(`  new state (fengari load, libraries, lug API): ${fmt(pick('stateMs'))}`);
  console.log(`  basic.lug + 200-line init.lua: ${fmt(pick('startupMs'))}`);
  console.log(`  total: ${fmt(pick('totalMs'))} (process alive ${fmt(pick('sinceProcessStartMs'))})`);
}

const SECOND = `
${V8_LOADER}
const { createHostWithApprovals } = await import('@lug/approvals');
const bridge = await import(${JSON.stringify(dist)});
const root = process.env.BENCH_ROOT;
const env = { ...process.env, XDG_CONFIG_HOME: root + '/config', XDG_STATE_HOME: root + '/state' };
const cache = process.env.BENCH_CACHE ? new bridge.ChunkCache({ dir: root + '/cache' }) : undefined;
const times = [];
for (let i = 0; i < 2; i++) {
  if (i === 1 && process.env.BENCH_IDLE) await new Promise((r) => setTimeout(r, 1));
  const { host, approvals } = createHostWithApprovals({ cwd: root, env });
  const t = performance.now();
  const rt = bridge.createLuaRuntime(host, approvals, { chunkCache: cache, loadFengari });
  const report = await rt.loadStartup();
  times.push(performance.now() - t);
  saveFengariCache();
  if (report.errors.length) throw new Error(JSON.stringify(report.errors));
  rt.close();
}
console.log(JSON.stringify(times));
`;

function secondState(root, idle, cache = false) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', SECOND], {
    cwd: path.join(here, '..'),
    env: { ...process.env, BENCH_ROOT: root, BENCH_IDLE: idle ? '1' : '', BENCH_CACHE: cache ? '1' : '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop())[1];
}

async function inProcess() {
  const { createHostWithApprovals } = await import('@lug/approvals');
  const bridge = await import(dist);
  const root = tempConfig();
  const env = { ...process.env, XDG_CONFIG_HOME: path.join(root, 'config'), XDG_STATE_HOME: path.join(root, 'state') };
  console.log('second state in the same process (new state + basic.lug + 200-line init.lua; goal < 10 ms):');
  console.log(`  right after the first (it dumps the first's compiled chunks): ${fmt(median(Array.from({ length: 7 }, () => secondState(root, false))))} (median of 7 processes)`);
  console.log(`  after the process was idle for a moment: ${fmt(median(Array.from({ length: 7 }, () => secondState(root, true))))} (median of 7 processes)`);
  secondState(root, true, true); // fill the on-disk cache
  console.log(`  with the on-disk chunk cache warm (both states load bytecode): ${fmt(median(Array.from({ length: 7 }, () => secondState(root, false, true))))} (median of 7 processes)`);
  const times = [];
  for (let i = 0; i < 12; i++) {
    const { host, approvals } = createHostWithApprovals({ cwd: root, env }, { logPath: path.join(root, 'state', 'approvals.log') });
    await new Promise((r) => setTimeout(r, 1));
    const t = performance.now();
    const rt = bridge.createLuaRuntime(host, approvals);
    const report = await rt.loadStartup();
    times.push(performance.now() - t);
    if (report.errors.length) throw new Error(JSON.stringify(report.errors));
    rt.close();
  }
  console.log(`  later states: median ${fmt(median(times.slice(2)))}`);
  await inLua(bridge, root, env);
}

/** 3 and 4: a rule in Lua against the same in JavaScript, and lug.* calls from Lua. */
async function inLua(bridge, root, env) {
  const { createHostWithApprovals } = await import('@lug/approvals');
  const { describeCall } = await import('@lug/core');
  // Rules: the same decision with no rule, with a JavaScript rule, and with the same rule in Lua.
  const signal = new AbortController().signal;
  const call = (i) => {
    const args = { url: `https://example.com/${i % 50}`, method: 'GET' };
    return { id: `c${i}`, tool: 'fetch', args, argsText: '{}', description: describeCall(undefined, args, '{}', root), cwd: root };
  };
  const N = 1000;
  const timeDecisions = async (approvals) => {
    const t = performance.now();
    for (let i = 0; i < N; i++) await approvals.decide(call(i), signal);
    return ((performance.now() - t) * 1000) / N;
  };
  const fresh = () => {
    const made = createHostWithApprovals({ cwd: root, env }, { logPath: path.join(root, 'state', 'approvals.log') });
    made.host.options.set('approval', 'off');
    return made;
  };
  const bare = fresh();
  const js = fresh();
  js.approvals.rule('fetch', (args) => {
    if (/^http:/.test(args.url) || args.url.includes('..')) return { verdict: 'deny', reason: 'plain http' };
    if (args.method === 'GET' && /^https:\/\/example\.com\//.test(args.url)) return 'allow';
    return undefined;
  });
  const lua = fresh();
  const rt = bridge.createLuaRuntime(lua.host, lua.approvals, { configDir: path.join(root, 'empty') });
  await rt.run(`lug.tool.rule("fetch", function(args, call)
    if args.url:match("^http:") or args.url:find("..", 1, true) then return "deny", "plain http" end
    if args.method == "GET" and args.url:match("^https://example%.com/") then return "allow" end
  end)`);
  // Interleaved rounds, best of each: the machine is shared, and noise only ever adds time.
  const best = { bare: Infinity, js: Infinity, lua: Infinity };
  for (let round = 0; round < 8; round++) {
    best.bare = Math.min(best.bare, await timeDecisions(bare.approvals));
    best.js = Math.min(best.js, await timeDecisions(js.approvals));
    best.lua = Math.min(best.lua, await timeDecisions(lua.approvals));
  }
  const [bareUs, jsUs, luaUs] = [best.bare, best.js, best.lua];
  console.log(`decisions (approval off, one rule reading the arguments; best of 8 interleaved rounds of ${N}): no rule ${bareUs.toFixed(1)} µs, JavaScript rule ${jsUs.toFixed(1)} µs, Lua rule ${luaUs.toFixed(1)} µs`);
  console.log(`  the Lua rule adds ${(luaUs - bareUs).toFixed(1)} µs to a decision, ${(luaUs - jsUs).toFixed(1)} µs more than the same rule in JavaScript (goal < 50 µs)`);
  rt.close();

  // lug.* calls, whose arguments are checked on every call: two positional arguments, and an opts table.
  const api = fresh();
  const art = bridge.createLuaRuntime(api.host, api.approvals, { configDir: path.join(root, 'empty') });
  const CALLS = 2000;
  const loops = {
    'lug.ui.notify("x", "warn")': `for i = 1, ${CALLS} do lug.ui.notify("x", "warn") end`,
    'lug.cmd.register(name, fn, { desc, complete }) and its remover': `local fn = function() end
      for i = 1, ${CALLS} do lug.cmd.register("bench", fn, { desc = "d", complete = fn })() end`,
    'an empty Lua loop (the reference)': `local n = 0 for i = 1, ${CALLS} do n = n + 1 end`,
  };
  const bestApi = {};
  for (let round = 0; round < 8; round++) {
    for (const [name, code] of Object.entries(loops)) {
      const t = performance.now();
      await art.run(code);
      bestApi[name] = Math.min(bestApi[name] ?? Infinity, ((performance.now() - t) * 1000) / CALLS);
    }
  }
  console.log(`lug.* calls from Lua (µs a call, best of 8 rounds of ${CALLS}):`);
  for (const [name, us] of Object.entries(bestApi)) console.log(`  ${name}: ${us.toFixed(2)} µs`);
  art.close();
}

if (!fs.existsSync(dist)) {
  console.error('build first: npx tsup');
  process.exit(1);
}
if (process.argv.includes('--rules')) {
  const root = tempConfig();
  await inLua(await import(dist), root, { ...process.env, XDG_CONFIG_HOME: path.join(root, 'config'), XDG_STATE_HOME: path.join(root, 'state') });
  process.exit(0);
}
const root = tempConfig();
reportFresh('fresh process, first state (median of 7):', Array.from({ length: 7 }, () => freshProcess(root, false)));
const cached = tempConfig();
freshProcess(cached, true); // fill the on-disk chunk cache
reportFresh('fresh process, on-disk chunk cache warm (median of 7):', Array.from({ length: 7 }, () => freshProcess(cached, true)));
await inProcess();
