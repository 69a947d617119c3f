#!/usr/bin/env node
// Peak memory of edit on a large file, each measured in a child process of its
// own from /proc/self/status (VmHWM, the resident high-water mark, minus the
// RSS before the call), next to a reference measured in the same run: reading
// the file into one Buffer. The goal: edit's peak within 2× the file's size.
// Usage: node plugins/edit/bench/edit-memory.bench.mjs [MB] (default 100)
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const mb = Number(process.argv[2] ?? 100);
const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'lug-edit-bench-'));
const file = join(dir, 'big.txt');

/** A file of `mb` MiB of code-like lines with one NEEDLE in the middle and a few é (so the text is not one-byte). */
async function makeFile() {
  const out = createWriteStream(file);
  const line = 'const value = "abcdefghijklmnopqrstuvwxyz 0123456789 café";\n';
  const lines = Math.floor((mb * 1024 * 1024) / Buffer.byteLength(line));
  const block = line.repeat(1000);
  for (let i = 0; i < lines; i += 1000) {
    if (i === Math.floor(lines / 2000) * 1000) out.write('NEEDLE\n');
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const child = `
const { readFileSync } = await import('node:fs');
const kb = (key) => Number(new RegExp(key + ':\\\\s+(\\\\d+)').exec(readFileSync('/proc/self/status', 'utf8'))[1]);
const [what, dist, file] = process.argv.slice(1);
const ctx = { cwd: '/', signal: new AbortController().signal, lock: async () => () => {}, limits: { outputBytes: 30000, lineChars: 2000, readLines: 2000 }, emit() {}, callId: 'bench' };
let run;
if (what === 'read') run = async () => readFileSync(file).length;
else {
  const { createEditTool } = await import(dist);
  const edit = createEditTool(() => ({ maxBytes: 1024 * 1024 * 1024 }));
  run = () => edit.handler({ path: file, old_string: what === 'edit' ? 'NEEDLE' : 'FOUND', new_string: what === 'edit' ? 'FOUND' : 'NEEDLE' }, ctx);
}
const before = kb('VmRSS');
const t0 = performance.now();
await run();
console.log(JSON.stringify({ peakMB: (kb('VmHWM') - before) / 1024, ms: performance.now() - t0 }));
`;

function measure(what) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', child, what, dist, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

try {
  await makeFile();
  const read = measure('read');
  const edit = measure('edit');
  const back = measure('edit-back');
  const show = (name, m, ref) =>
    console.log(`  ${name.padEnd(44)} ${m.peakMB.toFixed(0).padStart(6)} MB peak  ${(m.peakMB / mb).toFixed(2)}× the file  ${ref ? `${(m.peakMB / ref.peakMB).toFixed(2)}× of reference` : '(reference)'}  ${m.ms.toFixed(0)} ms`);
  console.log(`  edit of a ${mb} MiB file (peak RSS above the start of the call)`);
  show('reference: readFileSync of the file', read);
  show('edit: replace one line', edit, read);
  show('edit: and back', back, read);
  console.log(`  goal: edit within 2× the file's size: ${Math.max(edit.peakMB, back.peakMB) <= 2 * mb ? 'met' : 'NOT MET'}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
