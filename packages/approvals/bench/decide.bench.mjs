// What rules cost: deciding a call through five TypeScript rules that each look
// at the arguments, against the same call with no rules, in the same run.
// Goal: under 20 µs more. Plain node against the built package: `npx tsup` first.
// Each request is described beforehand as the core's scheduler describes it
// (paths resolved); what describing costs the core is printed on its own line.
//   node bench/decide.bench.mjs [iterations per round]
import { describeCall } from '@lug/core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHostWithApprovals } from '../dist/index.js';
import { createRequire } from 'node:module';
import { splitCommandLine } from '../dist/index.js';

const ITERATIONS = Number(process.argv[2] ?? 10_000);
const ROUNDS = 5;
const dir = mkdtempSync(join(tmpdir(), 'lug-bench-approvals-'));
mkdirSync(join(dir, 'src'));
writeFileSync(join(dir, 'src', 'a.ts'), 'export {};\n');
const never = new AbortController().signal;

const tool = (name) => ({ name, description: name, ask: false, parameters: { type: 'object', properties: { path: { type: 'string' } } }, handler: () => '' });
const editTool = { ...tool('edit'), describe: (args) => ({ title: args.path, kind: 'edit', paths: [{ path: args.path, access: 'change' }] }) };
const bashTool = {
  ...tool('bash'),
  parameters: { type: 'object', properties: { command: { type: 'string' } } },
  describe: (args) => ({ title: args.command, kind: 'execute', command: args.command }),
};

function approvals(withRules) {
  const { host, approvals: a } = createHostWithApprovals(
    { cwd: dir, env: { XDG_STATE_HOME: join(dir, 'state'), HOME: dir } },
    { logPath: join(dir, 'state', withRules ? 'rules.log' : 'none.log') },
  );
  host.tools.register(editTool);
  host.tools.register(bashTool);
  if (withRules) {
    a.rule('*', (_args, call) => (call.abs_path?.startsWith('/etc') ? { verdict: 'deny', reason: 'not /etc' } : undefined));
    a.rule('edit', (args) => (/\.env$/.test(String(args.path)) ? 'ask' : undefined));
    a.rule('edit', (args) => (String(args.new_string).includes('rm -rf') ? 'deny' : undefined));
    a.rule('*', (args) => (typeof args.command === 'string' && args.command.startsWith('sudo') ? 'deny' : undefined));
    a.rule('*', (args, call) => (call.abs_path?.startsWith(dir) || /^(git status|ls|make)\b/.test(String(args.command)) ? 'allow' : undefined));
  }
  return a;
}

async function perCallMicros(a, makeRequest, iterations) {
  const requests = Array.from({ length: iterations }, (_, i) => makeRequest(i));
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const decision = await a.decide(requests[i], never);
    if (!decision.allow) throw new Error(`expected the call to run: ${JSON.stringify(decision)}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e3 / iterations;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/** A decision's median time without rules and with five, printed with what the five add. */
async function compare(label, makeRequest, iterations) {
  const none = approvals(false);
  const five = approvals(true);
  await perCallMicros(none, makeRequest, iterations); // warm up both paths (and load the bash parser)
  await perCallMicros(five, makeRequest, iterations);
  const a = [];
  const b = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(await perCallMicros(none, makeRequest, iterations));
    b.push(await perCallMicros(five, makeRequest, iterations));
  }
  const [m0, m5] = [median(a), median(b)];
  console.log(`${label.padEnd(44)} no rules ${m0.toFixed(2).padStart(7)} µs   five rules ${m5.toFixed(2).padStart(7)} µs   difference ${(m5 - m0).toFixed(2).padStart(7)} µs`);
  return { none: m0, five: m5 };
}

const described = (id, tool, args) => ({ id, tool: tool.name, args, argsText: '', description: describeCall(tool, args, '', dir), cwd: dir });
const edit = (i) => described(`c${i}`, editTool, { path: 'src/a.ts', old_string: 'export {};', new_string: `export const n = ${i};` });
const bash = (i) => described(`c${i}`, bashTool, { command: `git status && ls -la src > /dev/null; make test${i % 10}` });
const expandingBash = (i) => described(`c${i}`, bashTool, { command: `git status && ls -la "$HOME" src/*.ts > /dev/null; make test${i % 10}` });
const substitutingBash = (i) => described(`c${i}`, bashTool, { command: `git status && ls -la "$(pwd)" > /dev/null; make test${i % 10}` });
const assigningBash = (i) => described(`c${i}`, bashTool, { command: `git status && LC_ALL=C ls -la src > /dev/null; make test${i % 10}` });
const wrappedBash = (i) => described(`c${i}`, bashTool, { command: `git status && nice ls -la src > /dev/null; make test${i % 10}` });
// A loop and a here-document (read without the parser since they are simple), and a line only the parser reads.
const loopBash = (i) => described(`c${i}`, bashTool, { command: `for f in src/*.ts; do wc -l "$f"; done && make test${i % 10}` });
const heredocBash = (i) => described(`c${i}`, bashTool, { command: `cat <<EOF > /dev/null\nline ${i % 10}\nEOF\nmake test` });
const ifBash = (i) => described(`c${i}`, bashTool, { command: `if [ -f x ]; then make test${i % 10}; else git status; fi` });
// A case, a [[ … ]] test and a here-document followed by `;` on its line: read without the parser too (bash-plain-compound.ts).
const caseBash = (i) => described(`c${i}`, bashTool, { command: `case "$1" in start) make test${i % 10} ;; *) git status ;; esac` });
const doubleTestBash = (i) => described(`c${i}`, bashTool, { command: `[[ -f x && $y == *.ts ]] && make test${i % 10}` });
const heredocListBash = (i) => described(`c${i}`, bashTool, { command: `cat > /dev/null <<EOF; make test\nline ${i % 10}\nEOF` });

console.log(`deciding a call (median of ${ROUNDS} rounds; each decision is also an event and a log line)`);
const editTimes = await compare(`edit, ${ITERATIONS} calls/round`, edit, ITERATIONS);
const difference = editTimes.five - editTimes.none;
const bashPlain = await compare(`bash, 3 plain parts, ${ITERATIONS / 5} calls/round`, bash, ITERATIONS / 5);
const bashExpanding = await compare(`bash, 3 parts, "$HOME" and a glob`, expandingBash, ITERATIONS / 5);
const bashSubstituting = await compare(`bash, 3 parts, "$(pwd)"`, substitutingBash, ITERATIONS / 5);
const bashAssigning = await compare(`bash, 3 parts, LC_ALL=C`, assigningBash, ITERATIONS / 5);
const bashWrapped = await compare(`bash, 3 parts, nice ls (a wrapper)`, wrappedBash, ITERATIONS / 5);
const bashLoop = await compare(`bash, a for loop`, loopBash, ITERATIONS / 5);
const bashHeredoc = await compare(`bash, a here-document`, heredocBash, ITERATIONS / 5);
const bashIf = await compare(`bash, if/else with [ ]`, ifBash, ITERATIONS / 5);
const bashCase = await compare(`bash, a case`, caseBash, ITERATIONS / 5);
const bashDoubleTest = await compare(`bash, [[ … ]] && make`, doubleTestBash, ITERATIONS / 5);
const bashHeredocList = await compare(`bash, a here-document then ; make`, heredocListBash, ITERATIONS / 5);
const describing = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i++) describeCall(editTool, { path: 'src/a.ts', old_string: 'export {};', new_string: `${i}` }, '', dir);
  describing.push(Number(process.hrtime.bigint() - start) / 1e3 / ITERATIONS);
}
console.log(`${'describing an edit call (the core, once per call)'.padEnd(44)} ${median(describing).toFixed(2).padStart(7)} µs (realpath of its path)`);
console.log(`goal: five rules add under 20 µs to a call → ${difference < 20 ? 'met' : 'NOT met'} (${difference.toFixed(2)} µs)`);
// Issue 12: validate + 5 rules + schedule ≤ 20 µs with TypeScript rules, the bash splitter included.
const bashGoals = [
  ['a plain bash line', bashPlain],
  ['a bash line with a variable and a glob', bashExpanding],
  ['a bash line with a command substitution', bashSubstituting],
  ['a bash line with an assignment', bashAssigning],
  ['a bash line with a wrapper (nice ls)', bashWrapped],
  ['a bash line with a for loop', bashLoop],
  ['a bash line with a here-document', bashHeredoc],
  ['a bash line with if/else and [ ]', bashIf],
  ['a bash line with a case', bashCase],
  ['a bash line with [[ … ]]', bashDoubleTest],
  ['a bash line with a here-document then ;', bashHeredocList],
];
for (const [what, { five: m5 }] of bashGoals) {
  console.log(`goal: a whole decision on ${what}, five rules, ≤ 20 µs → ${m5 <= 20 ? 'met' : 'NOT met'} (${m5.toFixed(2)} µs)`);
}

// What splitting a line into parts costs beyond tree-sitter's parse of it, in the same run.
const { Parser, Language } = await import('web-tree-sitter');
await Parser.init();
const parser = new Parser().setLanguage(await Language.load(createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm')));
const lines = {
  // All but the last are read without the parser (bash-plain-line.ts): "parse alone" is what they no longer pay.
  'a plain 3-part line': 'git status && ls -la src > /dev/null; make test1',
  'the same with a quoted word': 'git status && ls -la "src" > /dev/null; make test1',
  'the same with "$HOME" and a glob': 'git status && ls -la "$HOME" src/*.ts > /dev/null; make test1',
  'the same with "$(pwd)"': 'git status && ls -la "$(pwd)" > /dev/null; make test1',
  'the same with LC_ALL=C': 'git status && LC_ALL=C ls -la src > /dev/null; make test1',
  'the same with nice ls': 'git status && nice ls -la src > /dev/null; make test1',
  'a for loop': 'for f in src/*.ts; do wc -l "$f"; done && git status',
  'a here-document': 'cat <<EOF > /dev/null\nline 1\nEOF\nmake test',
  'if/else with [ ]': 'if [ -f x ]; then make test; else git status; fi',
  'a case': 'case "$1" in start) npm start ;; *) echo usage ;; esac',
  '[[ … ]] && make': '[[ -f x && $y == *.ts ]] && make test',
  'a here-document then ;': 'cat > f <<EOF; git add f\nhello\nEOF',
  'wrappers, a heredoc, bash -c': "sudo -u root env FOO=1 nice -n 5 rm -rf x; cat <<EOF | sh\necho $(date) `id`\nEOF\nbash -c 'ls; git status'",
};
async function perLineMicros(f, iterations) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await f();
  return Number(process.hrtime.bigint() - start) / 1e3 / iterations;
}
for (const [label, line] of Object.entries(lines)) {
  const parse = async () => parser.parse(line).delete();
  const split = () => splitCommandLine(line);
  await perLineMicros(parse, ITERATIONS / 5);
  await perLineMicros(split, ITERATIONS / 5);
  const p = [];
  const s = [];
  for (let round = 0; round < ROUNDS; round++) {
    p.push(await perLineMicros(parse, ITERATIONS / 5));
    s.push(await perLineMicros(split, ITERATIONS / 5));
  }
  const [mp, ms] = [median(p), median(s)];
  console.log(`splitting ${label.padEnd(31)} parse alone ${mp.toFixed(2).padStart(7)} µs   split ${ms.toFixed(2).padStart(7)} µs   ×${(ms / mp).toFixed(2)}`);
}
rmSync(dir, { recursive: true, force: true });
