// What the OS sandbox costs a bash call: `bash -c true` through runProcess,
// unsandboxed and in the workspace sandbox (bubblewrap), interleaved in the
// same run; the goal is at most 10 ms more per call. Run after a build
// (`npm run bench` builds; alone: `node packages/tools/bench/sandbox.bench.mjs`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPolicy, killAllProcesses, locateBwrap, runProcess } from '../dist/index.js';

if (process.platform !== 'linux') {
  console.log('sandbox: bubblewrap is Linux only; nothing to measure here');
  process.exit(0);
}
if (!locateBwrap()) {
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
async function perCallMs(sandbox) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) {
    const r = await runProcess({ shell: 'true' }, { cwd: project, sandbox });
    if (r.code !== 0) throw new Error(`bash -c true failed: ${r.stderr}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e6 / CALLS;
}

await perCallMs(null); // warm up both paths (and the launcher's one probe)
await perCallMs(policy);
const plain = [];
const boxed = [];
for (let round = 0; round < ROUNDS; round++) {
  plain.push(await perCallMs(null));
  boxed.push(await perCallMs(policy));
}
const [a, b] = [median(plain), median(boxed)];
console.log(`bash -c true through runProcess (median of ${ROUNDS} rounds of ${CALLS} calls, interleaved)`);
console.log(`unsandboxed ${a.toFixed(2).padStart(7)} ms   workspace sandbox ${b.toFixed(2).padStart(7)} ms   difference ${(b - a).toFixed(2).padStart(6)} ms   ×${(b / a).toFixed(2)}`);
console.log(`goal: the sandbox adds at most 10 ms a call → ${b - a <= 10 ? 'met' : 'NOT met'} (${(b - a).toFixed(2)} ms)`);
await killAllProcesses({ graceMs: 200 });
rmSync(root, { recursive: true, force: true });
