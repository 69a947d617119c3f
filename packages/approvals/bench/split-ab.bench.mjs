// Two builds of this package split the same lines (that needed the parser, or still do), in alternating rounds in one
// process (so both see the same load): medians, the fastest and slowest round, and new/old.
//   cp -r dist /tmp/old-dist   (before the change; then rebuild with npx tsup)
//   node bench/split-ab.bench.mjs /tmp/old-dist/index.js dist/index.js
// N (calls per round, default 2000) and ROUNDS (default 15) come from the environment.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [oldDist, newDist] = process.argv.slice(2, 4).map((p) => pathToFileURL(resolve(p)).href);
if (!oldDist || !newDist) throw new Error('usage: node bench/split-ab.bench.mjs OLD/index.js NEW/index.js');
const before = await import(oldDist);
const after = await import(newDist);
const lines = {
  'a for loop': 'for f in src/*.ts; do wc -l "$f"; done && make test',
  'a here-document': 'cat <<EOF > /dev/null\nline 1\nEOF\nmake test',
  'if/else with [ ]': 'if [ -f x ]; then make test; else npm test; fi',
  'a case': 'case "$1" in start) npm start ;; *) echo usage ;; esac',
  '[[ … ]] && make': '[[ -f x && $y == *.ts ]] && make test',
  'a here-document then ;': 'cat > f <<EOF; git add f\nhello\nEOF',
  'a subshell, arithmetic': '(cd src && ls -la) > /dev/null; echo $((1+2))',
  'wrappers, heredoc, bash -c': "sudo -u root env FOO=1 nice -n 5 rm -rf x; cat <<EOF | sh\necho $(date) `id`\nEOF\nbash -c 'ls; git status'",
};
const N = Number(process.env.N ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
async function perLineMicros(split, line) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await split(line);
  return Number(process.hrtime.bigint() - start) / 1e3 / N;
}
for (const [label, line] of Object.entries(lines)) {
  const a = JSON.stringify(await before.splitCommandLine(line));
  const b = JSON.stringify(await after.splitCommandLine(line));
  if (a !== b) throw new Error(`the two builds split "${label}" differently`);
  await perLineMicros(before.splitCommandLine, line);
  await perLineMicros(after.splitCommandLine, line);
  const old = [];
  const now = [];
  for (let round = 0; round < ROUNDS; round++) {
    old.push(await perLineMicros(before.splitCommandLine, line));
    now.push(await perLineMicros(after.splitCommandLine, line));
  }
  const range = (xs) => `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}`;
  console.log(`${label.padEnd(28)} old ${median(old).toFixed(1).padStart(6)} µs (${range(old)})   new ${median(now).toFixed(1).padStart(6)} µs (${range(now)})   new/old ${(median(now) / median(old)).toFixed(2)}`);
}
