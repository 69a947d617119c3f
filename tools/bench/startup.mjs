// lug's start-up: `lug --version`, `lug --help` and `lug -p` until its first
// request reaches the scripted server, as ratios against `node -e 0` measured in
// the same run (issue 15: the static answers ≤ 1.1×, `-p` ≤ 1.5×).
//
// Every row runs with the same small environment (PATH, a fresh HOME, the
// scripted server's key and URL): node's own start depends on it. Here
// NODE_EXTRA_CA_CERTS, set for every process on these machines, costs node
// ~30 ms at start (it parses the bundle of certificates before any code
// runs): `node -e 0` read 48 ms with it and 20 ms without. The -p row used to
// run lug without it against a `node -e 0` with it, and read 1.5-1.8× where
// the same environment gives 3.8×. When this shell sets such variables, -p
// and `node -e 0` are also run with them, for the record (2.1× here).
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScriptedServer, text } from '@lug/testing';
import { median, row, timeProcess, timeProcessesInterleaved, timeUntil } from './measure.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lug = join(root, 'packages', 'cli', 'bin', 'lug.js');

const home = mkdtempSync(join(tmpdir(), 'lug-bench-'));
mkdirSync(join(home, 'project'));
const server = await startScriptedServer(Array.from({ length: 40 }, () => text('ok')));
const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, 'c'), XDG_STATE_HOME: join(home, 's'), ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
const inherited = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'].filter((name) => process.env[name] !== undefined);

console.log(`start-up (medians; every row in the same environment${inherited.length ? `, without this shell's ${inherited.join(' and ')}` : ''})`);
// Their answers read through a pipe, as a script reads `lug --version`: the slower case (making process.stdout
// for a pipe cost ~2 ms, bin/lug.js), against the same node -e 0. The three round by round: timed one after the
// other, 15 runs each, --version read 1.18-1.22x in two runs of a slowing machine and 0.99-1.00x interleaved.
const [bare, version, help] = timeProcessesInterleaved(
  [
    { argv: [process.execPath, '-e', '0'], env },
    { argv: [process.execPath, lug, '--version'], env, stdout: 'pipe' },
    { argv: [process.execPath, lug, '--help'], env, stdout: 'pipe' },
  ],
  { runs: 21 },
);
row('node -e 0 (reference)', bare, 'ms');
row('lug --version (its stdout a pipe)', version, 'ms', bare, '≤ 1.1× node -e 0');
row('lug --help (its stdout a pipe)', help, 'ms', bare, '≤ 1.1× node -e 0');

// One untimed run to its end, as any earlier use would: it writes the caches
// the next starts read (compiled Lua, the V8 code caches of lug's bundles).
await new Promise((resolve, reject) => {
  const warm = spawn(process.execPath, [lug, '-p', 'hi'], { env, cwd: join(home, 'project'), stdio: 'ignore' });
  warm.on('error', reject);
  warm.on('exit', resolve);
});
/** Median ms from starting `lug -p hi` in `runEnv` (made afresh for each run by `envOfRun`) until its request reaches the server. */
async function untilFirstRequest(runEnv, envOfRun = () => runEnv) {
  const times = [];
  for (let i = 0; i < 7; i++) {
    const before = server.modelRequests().length;
    times.push(
      await timeUntil([process.execPath, lug, '-p', 'hi'], async () => {
        while (server.modelRequests().length === before) await new Promise((r) => setTimeout(r, 2));
      }, { env: envOfRun(), cwd: join(home, 'project') }),
    );
  }
  return median(times);
}
row('lug -p: until the first request reaches the server', await untilFirstRequest(env), 'ms', bare, '≤ 1.5× node -e 0');
// For the record: each run with a new $XDG_CACHE_HOME (a new user, a container's fresh home): no V8 code caches and
// no compiled Lua of its own. It runs from the caches kept beside lug's files (startup/code-cache.ts) and the stock
// Lua compiled by the build (lua-bridge's compile-chunks.ts).
const freshCache = () => ({ ...env, XDG_CACHE_HOME: mkdtempSync(join(home, 'cache-')) });
row('  the same, each run with a new $XDG_CACHE_HOME', await untilFirstRequest(env, freshCache), 'ms', bare);
if (inherited.length) {
  // For the record: both again with what this shell sets, as a user with it would start them.
  const shellEnv = { ...env, ...Object.fromEntries(inherited.map((name) => [name, process.env[name]])) };
  const shellBare = timeProcess([process.execPath, '-e', '0'], { runs: 15, env: shellEnv });
  console.log(`  with this shell's ${inherited.join(' and ')} for both:`);
  row('  node -e 0', shellBare, 'ms');
  row('  lug -p: until the first request', await untilFirstRequest(shellEnv), 'ms', shellBare);
}
await server.close();
