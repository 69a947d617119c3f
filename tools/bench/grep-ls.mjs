#!/usr/bin/env node
// grep and ls (with a glob) against bare ripgrep, on the same corpus in the same
// run: ratios of medians (ours / ripgrep's), so a slow or busy machine shows in
// both. Goals (issue 3): grep within 1.1x of ripgrep, a capped search of a
// pattern matching everywhere under 100 ms, ls within 2x of `rg --files`.
//
// The corpus (>= 100 MB, >= 10,000 files, nested .gitignore files that ignore a
// large part of it) is generated once and cached under os.tmpdir().
// Needs the packages built (npm run bench builds them first).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { grepTool } = await import(path.join(root, 'plugins/grep/dist/index.js'));
const { lsTool } = await import(path.join(root, 'plugins/ls/dist/index.js'));
const tools = await import(path.join(root, 'packages/tools/dist/index.js'));

const CORPUS = path.join(os.tmpdir(), 'lug-bench-grep-ls-v1');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

// ---------------------------------------------------------------- corpus
/** A small deterministic generator, so every machine gets the same corpus. */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const WORDS = 'value result index count buffer stream parser token record option handler config module export import return const async await yield state props render update delete insert select filter reduce'.split(' ');

function sourceFile(rand, kb, extra) {
  const lines = [];
  let size = 0;
  while (size < kb * 1024) {
    const w = () => WORDS[Math.floor(rand() * WORDS.length)];
    const r = rand();
    let line;
    if (r < 0.3) line = `export function ${w()}${w()[0].toUpperCase()}${w().slice(1)}(${w()}: number, ${w()}: string) {`;
    else if (r < 0.6) line = `  const ${w()} = ${w()}.${w()}(${w()}, ${Math.floor(rand() * 1000)});`;
    else if (r < 0.8) line = `  // ${w()} the ${w()} before the ${w()} is ${w()}`;
    else line = `  return ${w()} + ${w()};`;
    if (extra && rand() < extra.rate) line = extra.line(rand);
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

function write(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function generateCorpus() {
  const done = path.join(CORPUS, '.complete');
  if (existsSync(done)) return;
  rmSync(CORPUS, { recursive: true, force: true });
  const rand = rng(42);
  // Rare but realistic lines, so three of the searches stay under the output cap
  // and ripgrep and grep both do the whole search.
  const extra = {
    rate: 0.0004,
    line: (r) => (r() < 0.5 ? '  await handleRequest(request, response);' : r() < 0.5 ? '  // TODO: check the retry budget' : '  // todo remove this later'),
  };
  mkdirSync(path.join(CORPUS, '.git', 'info'), { recursive: true });
  write(path.join(CORPUS, '.git', 'info', 'exclude'), '*.bak\n');
  write(path.join(CORPUS, '.gitignore'), 'node_modules/\ndist/\n*.log\n');
  for (let p = 0; p < 40; p++) {
    const pkg = path.join(CORPUS, `pkg-${String(p).padStart(2, '0')}`);
    write(path.join(pkg, '.gitignore'), 'generated/\n*.snap\n!keep.snap\n');
    for (let m = 0; m < 10; m++) {
      for (let f = 0; f < 30; f++) write(path.join(pkg, 'src', `mod-${m}`, `file-${f}.ts`), sourceFile(rand, 4 + Math.floor(rand() * 4), extra));
    }
    for (let d = 0; d < 100; d++) write(path.join(pkg, 'node_modules', `dep-${d}`, 'index.js'), sourceFile(rand, 10));
    for (let g = 0; g < 40; g++) write(path.join(pkg, 'generated', `gen-${g}.ts`), sourceFile(rand, 8));
    for (let s = 0; s < 10; s++) write(path.join(pkg, 'src', `snap-${s}.snap`), sourceFile(rand, 6));
    write(path.join(pkg, 'dist', 'bundle.js'), sourceFile(rand, 200));
    write(path.join(pkg, 'build.log'), sourceFile(rand, 50));
  }
  writeFileSync(done, '');
}

function corpusSize(dir) {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      const s = corpusSize(p);
      files += s.files;
      bytes += s.bytes;
    } else {
      files++;
      bytes += statSync(p).size;
    }
  }
  return { files, bytes };
}

// ---------------------------------------------------------------- timing
const ctx = {
  cwd: CORPUS,
  signal: new AbortController().signal,
  lock: async () => () => undefined,
  limits: tools.DEFAULT_LIMITS,
  emit: () => undefined,
  callId: 'bench',
};

/** Run ripgrep as a bare process, reading (and dropping) all its output: ms. */
function bareRipgrep(rg, args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(rg, args, { cwd: CORPUS, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (d) => (bytes += d.length));
    child.on('error', reject);
    child.on('close', () => resolve({ ms: performance.now() - t0, bytes }));
  });
}

async function timed(fn) {
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, out };
}

/** Alternate ours and the reference, RUNS times each after one warm-up; medians. */
async function compare(ours, reference) {
  await ours();
  await reference();
  const a = [];
  const b = [];
  for (let i = 0; i < RUNS; i++) {
    a.push((await timed(ours)).ms);
    b.push((await reference()).ms);
  }
  return { ours: median(a), ref: median(b) };
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;
const row = (name, r, goal) =>
  console.log(`${name.padEnd(44)} ours ${fmt(r.ours).padStart(10)}  rg ${fmt(r.ref).padStart(10)}  ratio ${(r.ours / r.ref).toFixed(2)}x${goal ? `  (goal <= ${goal}x)` : ''}`);

// ---------------------------------------------------------------- run
const t0 = performance.now();
generateCorpus();
const size = corpusSize(CORPUS);
const rg = await tools.locateRipgrep();
const ignoreArgs = await tools.ripgrepIgnoreArgs(CORPUS);
const visible = await tools.listFiles(CORPUS);
console.log(
  `corpus ${CORPUS}: ${size.files.toLocaleString('en-US')} files, ${(size.bytes / 1e6).toFixed(0)} MB; ` +
    `${visible.length.toLocaleString('en-US')} not ignored (${((1 - visible.length / size.files) * 100).toFixed(0)}% of files ignored); ${RUNS} runs each, medians`,
);

const REGEX = 'const (value|token) = \\w+\\.(parser|stream)\\(\\w+, 9\\d\\d\\);';
const searches = [
  ['grep: common literal (handleRequest)', { pattern: 'handleRequest' }, ['-e', 'handleRequest']],
  ['grep: regex', { pattern: REGEX }, ['-e', REGEX]],
  ['grep: case-insensitive word (todo)', { pattern: '\\btodo\\b', ignore_case: true }, ['--ignore-case', '-e', '\\btodo\\b']],
];
for (const [name, args, rgArgs] of searches) {
  const out = await grepTool.handler(args, ctx);
  const text = typeof out === 'string' ? out : out.content;
  const matches = text.startsWith('No matches') ? 0 : text.split('\n').length;
  const r = await compare(
    () => grepTool.handler(args, ctx),
    () => bareRipgrep(rg, [...ignoreArgs, '--no-heading', '--with-filename', '--line-number', '--null', ...rgArgs, '--', '.']),
  );
  row(`${name.trim()} [${matches} lines]`, r, 1.1);
}

const lsCases = [
  ['ls glob *.ts', { glob: '*.ts' }],
  ['ls glob pkg-1*/src/**/*.ts', { glob: 'pkg-1*/src/**/*.ts' }],
];
for (const [name, args] of lsCases) {
  const r = await compare(() => lsTool.handler(args, ctx), () => bareRipgrep(rg, ['--files', ...ignoreArgs, '--', '.']));
  row(`${name} (vs rg --files)`, r, 2);
}
// The Node walker, for the record (the TUI's @path completion uses it; ls uses rg --files, see packages/tools/README.md).
const walkerGlob = tools.compileGlob('*.ts');
const walk = await compare(
  async () => (await tools.listFilesByWalking(CORPUS)).filter((f) => walkerGlob.test(f)),
  () => bareRipgrep(rg, ['--files', ...ignoreArgs, '--', '.']),
);
row('walker (ignore-aware, Node) *.ts (vs rg --files)', walk);

// A pattern that matches on every line: the output is cut at 30,000 bytes and ripgrep is stopped.
const capped = [];
await grepTool.handler({ pattern: 'e' }, ctx);
for (let i = 0; i < RUNS; i++) capped.push((await timed(() => grepTool.handler({ pattern: 'e' }, ctx))).ms);
const cappedResult = await grepTool.handler({ pattern: 'e' }, ctx);
const cappedOut = typeof cappedResult === 'string' ? cappedResult : cappedResult.content;
console.log(
  `${'grep: capped search matching everywhere (e)'.padEnd(44)} ours ${fmt(median(capped)).padStart(10)}  (goal < 100 ms; ${Buffer.byteLength(cappedOut).toLocaleString('en-US')} bytes returned)`,
);
console.log(`(whole run ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
