// How long a large finished answer takes to appear in the real binary, through a pty: a scripted model
// answers the prompt with one block of KB kilobytes (KIND: code, prose or list), and the time is from Enter
// to the block's last row and the answer's last line on the screen. Then a key typed 50 ms later, to echo.
//
//   node packages/tui/bench/huge-answer.bench.mjs                      this build: 256 KB and 1 MB, and their ratio
//   A=/copy/of/cli/bin/lug.js B=packages/cli/bin/lug.js node …        two builds, alternating, and B/A
//   RUNS=3 SIZES=256,1024 KINDS=code,prose                             (defaults)
//
// Build first (`npx nx run-many -t build -p @lug/tui lug`). No threshold: it prints times and ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScriptedServer, text } from '@lug/testing';
import { benchHome } from './bench-home.mjs';
import { PtyProgram, stripAnsi } from './pty.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const builds = process.env.A ? { A: resolve(process.env.A), B: resolve(process.env.B ?? join(root, 'packages/cli/bin/lug.js')) } : { this: join(root, 'packages/cli/bin/lug.js') };
const RUNS = Number(process.env.RUNS ?? 3);
const SIZES = (process.env.SIZES ?? '256,1024').split(',').map(Number);
const KINDS = (process.env.KINDS ?? 'code,prose').split(',');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function answerOf(kind, kb) {
  const line = (i) => `const value${i} = compute(${i}, "some string here", { option: true }); // comment ${i}`;
  let body = '';
  for (let i = 0; body.length < kb * 1024; i++) body += line(i) + '\n';
  const block = kind === 'code' ? '```ts\n' + body + '```' : kind === 'prose' ? body.replace(/\n/g, ' ') : body.trimEnd().split('\n').map((l) => '- ' + l).join('\n');
  return { answer: `${block}\n\nEND-OF-ANSWER`, last: body.trimEnd().split('\n').at(-1).slice(-24) };
}

async function once(lug, kind, kb) {
  const temp = mkdtempSync(join(tmpdir(), 'lug-huge-'));
  const server = await startScriptedServer([]);
  const { dirs, env } = benchHome(temp, { initLua: '-- empty\n', anthropicBaseUrl: server.anthropicBaseUrl });
  const { answer, last } = answerOf(kind, kb);
  server.push(text(answer.match(/[\s\S]{1,2000}/g)));
  const p = new PtyProgram([process.execPath, lug], { env, cwd: dirs.project });
  try {
    await p.waitFor((o) => stripAnsi(o).includes('Ask'), 20000, 'ready');
    await sleep(1500);
    p.type('go');
    await sleep(1000);
    p.clear();
    p.type('\r');
    const t = performance.now();
    // Only the end of the output is searched: searching all of it at every write would cost the square of its length.
    await p.waitFor((o) => {
      const end = stripAnsi(o.slice(-20000));
      return end.includes('END-OF-ANSWER') && end.replace(/\s+/g, ' ').includes(last);
    }, 120000, 'the answer');
    const shown = performance.now() - t;
    await sleep(50);
    p.clear();
    const t2 = performance.now();
    p.type('z');
    await p.waitFor((o) => stripAnsi(o).includes('z'), 60000, 'the key');
    return { shown, echo: performance.now() - t2 };
  } finally {
    await p.stop();
    await server.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

for (const kind of KINDS) {
  const medians = {};
  for (const kb of SIZES) {
    const times = Object.fromEntries(Object.keys(builds).map((b) => [b, []]));
    const echoes = Object.fromEntries(Object.keys(builds).map((b) => [b, []]));
    for (let run = 0; run < RUNS; run++)
      for (const [name, lug] of Object.entries(builds)) {
        const { shown, echo } = await once(lug, kind, kb);
        times[name].push(shown);
        echoes[name].push(echo);
      }
    for (const name of Object.keys(builds)) {
      medians[`${name} ${kb}`] = median(times[name]);
      const ms = times[name].map((t) => t.toFixed(0)).join(' ');
      console.log(`${kind} ${kb} KB ${name}: shown after ${ms} ms (median ${median(times[name]).toFixed(0)}, ${(median(times[name]) / kb).toFixed(2)} ms/KB); key echo median ${median(echoes[name]).toFixed(0)} ms`);
    }
    if (builds.A) console.log(`${kind} ${kb} KB: B/A ${(medians[`B ${kb}`] / medians[`A ${kb}`]).toFixed(2)}`);
  }
  for (const name of Object.keys(builds))
    if (SIZES.length > 1) console.log(`${kind} ${name}: ${SIZES.at(-1)} KB / ${SIZES[0]} KB = ${(medians[`${name} ${SIZES.at(-1)}`] / medians[`${name} ${SIZES[0]}`]).toFixed(2)} (size ratio ${(SIZES.at(-1) / SIZES[0]).toFixed(2)})`);
}
