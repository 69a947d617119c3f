#!/usr/bin/env node
// ls and grep with a path glob against ripgrep started where the glob's literal
// part points (issue 15): `ls glob=test/built-ins/Array/**/*.js` against
// `rg --files -- test/built-ins/Array`, grep with that glob against bare
// `rg PATTERN -- test/built-ins/Array`, same flags, alternated in the same run:
// a pattern a few files hold (lug's cost a call) and one nearly every line
// holds (its cost a line, 7,500 lines).
// Goals: ls <= 1.5x, grep <= 1.1x; and the file sets equal to the walk from the
// root (the same glob written `{test}/...`, which names no literal directory).
//
// Fair both ways: the reference gets the ignore flags, the output flags and,
// outside a repository, the ignore file of the rules above the subtree that lug
// hands ripgrep (without it ripgrep would search the ignored drafts too, a
// different answer); it must print the same lines as lug (checked). What lug
// adds on its own (the file-name prefilter, its spawn, reading and sorting) is
// lug's cost. Each pair of runs alternates which goes first.
//
// The tree is generated once under os.tmpdir(): ~50,000 small files shaped like
// a large test suite, a root .gitignore and nested ones, some of whose rules
// reach into the subtree the glob names (so rooting must keep them in force).
// It is measured twice: outside a repository (lug hands ripgrep the rules above
// the new start as an ignore file) and inside one (`.git` made for the run).
// Needs the packages built (npm run bench builds them first).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { grepTool } = await import(path.join(root, 'plugins/grep/dist/index.js'));
const { lsTool } = await import(path.join(root, 'plugins/ls/dist/index.js'));
const tools = await import(path.join(root, 'packages/tools/dist/index.js'));

const TREE = path.join(os.tmpdir(), 'lug-bench-path-globs-v1');
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const OBJECTS = ['Array', 'Object', 'String', 'Promise', 'RegExp', 'Map', 'Set', 'Date', 'Math', 'JSON', 'Reflect', 'Proxy', 'Symbol', 'Number', 'BigInt', 'Function', 'Boolean', 'Error', 'TypedArray', 'DataView', 'ArrayBuffer', 'WeakMap', 'WeakSet', 'Atomics', 'Intl', 'Temporal', 'Iterator', 'AsyncIterator', 'Generator', 'AsyncGenerator'];

function write(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const testFile = (obj, method, n) =>
  `// Copyright (C) 2026 the lug bench. All rights reserved.\n/*---\nesid: sec-${obj.toLowerCase()}.prototype.${method}\ndescription: ${obj}.prototype.${method} case ${n}\n---*/\n\nvar result = ${obj}.prototype.${method}.call(thisValue, ${n});\nassert.sameValue(result, expected${n % 7}, 'the result of case ${n}');\n`;

function generateTree() {
  if (existsSync(path.join(TREE, '.complete'))) return;
  rmSync(TREE, { recursive: true, force: true });
  write(path.join(TREE, '.gitignore'), 'node_modules/\n*.log\n/build/\ntest/**/generated/\n');
  write(path.join(TREE, 'test', 'built-ins', '.gitignore'), '*-draft.js\n');
  for (const obj of OBJECTS) {
    for (let m = 0; m < 30; m++) {
      const method = `method${m}`;
      for (let n = 0; n < 50; n++) write(path.join(TREE, 'test', 'built-ins', obj, method, `case-${n}.js`), testFile(obj, method, n));
      write(path.join(TREE, 'test', 'built-ins', obj, method, 'case-x-draft.js'), testFile(obj, method, 99));
      write(path.join(TREE, 'test', 'built-ins', obj, method, 'generated', 'gen.js'), testFile(obj, method, 98));
    }
  }
  for (let d = 0; d < 40; d++) for (let f = 0; f < 50; f++) write(path.join(TREE, 'test', 'language', `dir-${d}`, `t-${f}.js`), testFile('Language', `d${d}`, f));
  for (let d = 0; d < 20; d++) for (let f = 0; f < 20; f++) write(path.join(TREE, 'node_modules', `dep-${d}`, `f-${f}.js`), testFile('Dep', `d${d}`, f));
  for (let f = 0; f < 200; f++) write(path.join(TREE, 'harness', `h-${f}.js`), testFile('Harness', 'h', f));
  writeFileSync(path.join(TREE, '.complete'), '');
}

const ctx = {
  cwd: TREE,
  signal: new AbortController().signal,
  lock: async () => () => undefined,
  limits: { ...tools.DEFAULT_LIMITS, outputBytes: 1 << 30 },
  emit: () => undefined,
  callId: 'bench',
};

/** Bare ripgrep, its output read and collected: what it printed. */
function bareRipgrep(rg, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(rg, args, { cwd: TREE, stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(chunks).toString()));
  });
}

/** Wall time, and this process's CPU time (lug's own work; ripgrep's is its child's). */
async function timed(fn) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = await fn();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, out };
}

/** Calls of each side before the timed ones: the first row of a run met lug's code cold (first-call.mjs measures that). */
const WARM_UP = 5;

/**
 * Ours and the reference RUNS times each after WARM_UP calls, timed alike, each pair in the other order than the
 * last; medians of the wall times, and of the CPU time node spent beyond the reference's: lug's own cost, which
 * ripgrep's time (the noisy part on a shared machine) does not blur.
 */
async function compare(ours, reference) {
  for (let i = 0; i < WARM_UP; i++) {
    await ours();
    await reference();
  }
  const a = [];
  const b = [];
  for (let i = 0; i < RUNS; i++) {
    const pair = i % 2 === 0 ? [await timed(ours), await timed(reference)] : [await timed(reference), await timed(ours)].reverse();
    a.push(pair[0]);
    b.push(pair[1]);
  }
  return { ours: median(a.map((t) => t.ms)), ref: median(b.map((t) => t.ms)), ownCpu: median(a.map((t) => t.cpuMs)) - median(b.map((t) => t.cpuMs)) };
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;
const row = (name, r, goal, note = '') =>
  console.log(
    `  ${name.padEnd(52)} ours ${fmt(r.ours).padStart(9)}  ref ${fmt(r.ref).padStart(9)}  ${(r.ours / r.ref).toFixed(2)}× (goal ≤ ${goal}×)  lug's CPU +${r.ownCpu.toFixed(1)} ms${note}`,
  );

const GLOB = 'test/built-ins/Array/**/*.js';
/** A pattern 1 line in 7 of a tenth of the files holds, and one nearly every line of every file holds. */
const GREP_PATTERNS = ['expected3', 'e'];
const SUBTREE = 'test/built-ins/Array';
const content = (out) => (typeof out === 'string' ? out : out.content);
const lines = (out) => content(out).split('\n').filter(Boolean).sort();

async function measure(where) {
  const rg = await tools.locateRipgrep();
  // The rules above the subtree as lug hands them to ripgrep (outside a repository; inside, ripgrep reads them itself).
  const walkArgs = tools.globWalkArgs(await tools.globWalkRoot(TREE, tools.compileGlob(GLOB))).args;
  const ignoreArgs = [...(await tools.ripgrepIgnoreArgs(TREE)), ...walkArgs];
  console.log(`${where} (${RUNS} runs each, medians; ref = ripgrep started at ${SUBTREE}, same flags${walkArgs.length ? ' and ignore file' : ''})`);
  const lsRef = () => bareRipgrep(rg, ['--files', ...ignoreArgs, '--', SUBTREE]);
  const ls = await compare(() => lsTool.handler({ glob: GLOB }, ctx), lsRef);
  const lsFiles = lines(await lsTool.handler({ glob: GLOB }, ctx));
  const lsFromRoot = lines(await lsTool.handler({ glob: `{test}/built-ins/Array/**/*.js` }, ctx));
  const lsRefFiles = lines(await lsRef());
  const same = JSON.stringify(lsFiles) === JSON.stringify(lsFromRoot) && JSON.stringify(lsFiles) === JSON.stringify(lsRefFiles);
  row(`ls glob=${GLOB}`, ls, 1.5, `  [${lsFiles.length} files; ${same ? 'the same as' : 'DIFFERENT from'} the walk from the root and the reference's]`);
  let sameGrep = true;
  for (const pattern of GREP_PATTERNS) sameGrep = (await measureGrep(rg, ignoreArgs, pattern)) && sameGrep;
  const unrooted = await compare(() => lsTool.handler({ glob: `{test}/built-ins/Array/**/*.js` }, ctx), lsRef);
  row('for the record: ls walking from the root ({test}/…)', unrooted, '—');
  return same && sameGrep;
}

/**
 * grep with the glob against bare ripgrep rooted at the subtree: the same lines, and how long. A pattern a few
 * files hold measures lug's cost a call; one nearly every line holds (the output limit raised, as for the file
 * sets) adds its cost a line (reading, the glob check, formatting, sorting by path).
 */
async function measureGrep(rg, ignoreArgs, pattern) {
  const grepRef = () => bareRipgrep(rg, [...ignoreArgs, '--no-heading', '--with-filename', '--line-number', '--null', '--color=never', '--case-sensitive', '-e', pattern, '--', SUBTREE]);
  const grep = await compare(() => grepTool.handler({ pattern, glob: GLOB }, ctx), grepRef);
  const grepLines = lines(await grepTool.handler({ pattern, glob: GLOB }, ctx));
  const grepFromRoot = lines(await grepTool.handler({ pattern, glob: `{test}/built-ins/Array/**/*.js` }, ctx));
  // ripgrep's `path NUL line:text` as lug shows it, `path:line: text`.
  const grepRefLines = lines(await grepRef()).map((l) => l.replace(/\0(\d+):/, ':$1: '));
  const same = JSON.stringify(grepLines) === JSON.stringify(grepFromRoot) && JSON.stringify(grepLines) === JSON.stringify(grepRefLines);
  row(`grep ${pattern} glob=${GLOB}`, grep, 1.1, `  [${grepLines.length} lines; ${same ? 'the same as' : 'DIFFERENT from'} the walk from the root and the reference's]`);
  return same;
}

generateTree();
let ok = await measure('outside a repository');
mkdirSync(path.join(TREE, '.git'), { recursive: true });
try {
  ok = (await measure('inside a repository')) && ok;
} finally {
  rmSync(path.join(TREE, '.git'), { recursive: true, force: true });
}
if (!ok) process.exitCode = 1;
