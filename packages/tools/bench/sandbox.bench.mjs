// What the OS sandbox costs a bash call: `bash -c true` through runProcess,
// unsandboxed and in the workspace sandbox (bubblewrap), interleaved in the
// same run; the goal is at most 10 ms more per call. A third series starts
// bwrap bare (`bwrap --ro-bind / / bash -c true`: the user and mount
// namespaces alone, nothing of lug's), so the overhead splits into what any
// bwrap costs on this machine and what lug's arguments and supervisor add.
// Run after a build
// (`npm run bench` builds; alone: `node packages/tools/bench/sandbox.bench.mjs`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPolicy, killAllProcesses, locateBwrap, runProcess } from '../dist/index.js';

const bwrap = locateBwrap();

if (process.platform !== 'linux') {
  console.log('sandbox: bubblewrap is Linux only; nothing to measure here');
  process.exit(0);
}
if (!bwrap) {
  console.error('sandbox: bubblewrap is not installed (apt-get install bubblewrap): cannot measure');
  process.exit(1);
}

const ROUNDS = 7;
const CALLS = 20;
const root = mkdtempSync(join(tmpdir(), 'lug-sandbox-bench-'));
const project = join(root, 'project');
execFileSync('git', ['init', '-q', project]);
const policy = buildPolicy({ mode: 'workspace', network: false, projectRoot: project, configDir: join(root, 'config'), tempDir: root });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const BARE = [bwrap, '--ro-bind', '/', '/', '--', '/bin/bash', '-c', 'true'];
async function perCallMs(sandbox, command = { shell: 'true' }) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) {
    const r = await runProcess(command, { cwd: project, sandbox });
    if (r.code !== 0) throw new Error(`bash -c true failed: ${r.stderr}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e6 / CALLS;
}

await perCallMs(null); // warm up both paths (and the launcher's one probe)
await perCallMs(policy);
await perCallMs(null, BARE);
const plain = [];
const bare = [];
const boxed = [];
for (let round = 0; round < ROUNDS; round++) {
  plain.push(await perCallMs(null));
  bare.push(await perCallMs(null, BARE));
  boxed.push(await perCallMs(policy));
}
const [a, f, b] = [median(plain), median(bare), median(boxed)];
console.log(`bash -c true through runProcess (median of ${ROUNDS} rounds of ${CALLS} calls, interleaved)`);
console.log(`unsandboxed ${a.toFixed(2).padStart(7)} ms   workspace sandbox ${b.toFixed(2).padStart(7)} ms   difference ${(b - a).toFixed(2).padStart(6)} ms   ×${(b / a).toFixed(2)}`);
console.log(`of which bare bwrap ${(f - a).toFixed(2).padStart(6)} ms (×${(f / a).toFixed(2)}), lug's mounts, namespaces and supervisor ${(b - f).toFixed(2).padStart(6)} ms (×${(b / f).toFixed(2)} over bare)`);
console.log(`goal: the sandbox adds at most 10 ms a call → ${b - a <= 10 ? 'met' : 'NOT met'} (${(b - a).toFixed(2)} ms)`);
await killAllProcesses({ graceMs: 200 });
rmSync(root, { recursive: true, force: true });
