#!/usr/bin/env node
// Resuming a big session: the time and the peak RSS (VmHWM, the whole
// process's resident high-water mark) of SessionStore.load plus a Session
// made from it, each in a child process of its own, next to a reference
// measured in the same run: reading the file whole and parsing every line
// (what load did before it streamed). The file is a working day's session:
// ~11,000 turns of a prompt, a tool call, an 8 KB result and an answer, with
// a compaction every 200 turns, as lug.opt.compact_at makes them.
// Goals (issue 16): under 2 s and under 200 MiB on a 100 MiB file. On a loaded
// machine the wall time says little: the CPU time is printed beside it.
// Usage: node packages/core/bench/resume.bench.mjs [MB] (default 100)
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const mb = Number(process.argv[2] ?? 100);
const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'lug-resume-bench-'));
const id = '2026-12-01_09-00-00-bench1';
const file = join(dir, `${id}.jsonl`);

async function makeFile() {
  const out = createWriteStream(file);
  const write = async (record) => {
    if (!out.write(JSON.stringify(record) + '\n')) await once(out, 'drain');
  };
  await write({ type: 'session', id, cwd: '/project', created: new Date().toISOString(), version: 1 });
  const code = 'export function parse(input: string): Node { return walk(tokenize(input), 0); } // é\n'.repeat(100);
  let messages = 0;
  for (let turn = 1; out.bytesWritten < mb * 1024 * 1024; turn++) {
    await write({ type: 'message', message: { role: 'user', content: `step ${turn}: look at src/parser.ts again and fix what the tests say is wrong` } });
    await write({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'Reading it.' }, { type: 'tool_call', id: `c${turn}`, name: 'read', argsText: JSON.stringify({ path: 'src/parser.ts' }) }] } });
    await write({ type: 'message', message: { role: 'tool', results: [{ type: 'tool_result', callId: `c${turn}`, name: 'read', content: code, isError: false }] } });
    await write({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'The tokenizer drops the last token; fixed by reading to the end. '.repeat(6) }] } });
    messages += 4;
    await write({ type: 'usage', usage: { inputTokens: 1000 * turn, outputTokens: 50 * turn } });
    if (turn % 200 === 0) {
      const compaction = { summary: `## Goal\nFix the parser.\n## Done\n${turn} steps.`, keptFrom: 0, reason: 'threshold', userPrompts: ['step 1'], pinned: [], by: 'model', tokensBefore: 100000, tokensAfter: 8000, created: new Date().toISOString() };
      await write({ type: 'compaction', compaction, kept: 12 });
    }
  }
  out.end();
  await once(out, 'finish');
  return messages;
}

const child = `
const { readFileSync } = await import('node:fs');
const kb = (key) => Number(new RegExp(key + ':\\\\s+(\\\\d+)').exec(readFileSync('/proc/self/status', 'utf8'))[1]);
const [what, dist, dir, id] = process.argv.slice(1);
const t0 = performance.now();
const c0 = process.cpuUsage();
let count;
if (what === 'whole') {
  const lines = readFileSync(dir + '/' + id + '.jsonl', 'utf8').split('\\n');
  const messages = [];
  for (const line of lines) if (line) { const r = JSON.parse(line); if (r.type === 'message') messages.push(r.message); }
  count = messages.length;
} else {
  const core = await import(dist);
  const host = core.createHost({ cwd: '/project', env: {}, authorize: core.allowAll });
  const store = new core.SessionStore(dir);
  const s = store.load(id);
  const session = new core.Session(host, { store, id, messages: s.messages, usage: s.usage, compactions: s.compactions, branches: s.branches.length, hydrate: s.hydrate });
  session.messagesToSend();
  count = session.messages.length;
}
const cpu = process.cpuUsage(c0);
console.log(JSON.stringify({ ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, peakMiB: kb('VmHWM') / 1024, count }));
`;

function measure(what) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', child, what, dist, dir, id], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

try {
  const written = await makeFile();
  const size = statSync(file).size / 1024 / 1024;
  const whole = measure('whole');
  const resume = measure('resume');
  if (resume.count !== written || whole.count !== written) throw new Error(`read ${resume.count} and ${whole.count} messages of ${written}`);
  console.log(`session file: ${size.toFixed(0)} MiB, ${written.toLocaleString('en-US')} messages`);
  console.log(`read whole and parse every line (reference): ${whole.ms.toFixed(0)} ms (CPU ${whole.cpuMs.toFixed(0)} ms), peak RSS ${whole.peakMiB.toFixed(0)} MiB`);
  console.log(`lug resume (load + Session):                 ${resume.ms.toFixed(0)} ms (CPU ${resume.cpuMs.toFixed(0)} ms), peak RSS ${resume.peakMiB.toFixed(0)} MiB  (${(resume.ms / whole.ms).toFixed(2)}× the time, ${(resume.peakMiB / whole.peakMiB).toFixed(2)}× the memory)`);
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  console.log(`goal under 200 MiB: ${verdict(resume.peakMiB < 200)}; under 2 s: ${verdict(resume.ms < 2000)} in wall time, ${verdict(resume.cpuMs < 2000)} in CPU time`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
