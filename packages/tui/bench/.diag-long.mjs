import { mkdirSync, mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedServer, text } from '@lug/testing';
import { generateInitLua } from './init-lua.mjs';
import { PtyProgram, rssOf, stripAnsi } from './pty.mjs';
const TURNS = Number(process.argv[2] ?? 200);
const temp = mkdtempSync(join(tmpdir(), 'lug-diag-'));
const dirs = Object.fromEntries(['home', 'config', 'state', 'cache', 'project'].map((d) => [d, join(temp, d)]));
for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
mkdirSync(join(dirs.config, 'lug'));
if (!process.env.NO_INIT) writeFileSync(join(dirs.config, 'lug', 'init.lua'), generateInitLua(200));
const server = await startScriptedServer([]);
const out = join(temp, 'diag.jsonl');
const env = { PATH: process.env.PATH, HOME: dirs.home, TERM: 'xterm-256color', LANG: 'C.UTF-8', XDG_CONFIG_HOME: dirs.config, XDG_STATE_HOME: dirs.state, XDG_CACHE_HOME: dirs.cache, ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.anthropicBaseUrl, NODE_OPTIONS: `--expose-gc --require /tmp/tb/diag.cjs ${process.env.EXTRA ?? ''}`, DIAG_OUT: out, DIAG_V8: process.env.DIAG_V8 ?? "" };
const answer = (n) => text(`## Step ${n}\n\nHere is **some** text for turn ${n}, long enough to wrap a little on a narrow terminal window, with \`code\` in it.\n\n\`\`\`ts\nconst answer = ${n};\nconsole.log(answer);\n\`\`\`\n\nFinished turn ${n}.`);
server.push(...Array.from({ length: TURNS }, (_, n) => answer(n)));
const p = new PtyProgram([process.execPath, '/work/main/packages/cli/bin/lug.js'], { env, cwd: dirs.project });
await p.waitFor((o) => stripAnsi(o).includes('Ask'));
const pid = await p.programPid();
const snap = async (label) => { await new Promise(r=>setTimeout(r,500)); const rss0 = rssOf(pid); process.kill(pid, 'SIGUSR2'); await new Promise(r=>setTimeout(r,500)); const lines = readFileSync(out,'utf8').trim().split('\n'); console.log(label, 'rss', (rss0/2**20).toFixed(1), 'after gc rss', (rssOf(pid)/2**20).toFixed(1), lines[lines.length-1]); };
console.log('start rss', (rssOf(pid)/2**20).toFixed(1));
for (let n = 0; n < TURNS; n++) {
  p.clear(); p.type(`prompt number ${n}`); await new Promise(r=>setTimeout(r,15)); p.type('\r');
  await p.waitFor((o) => stripAnsi(o).includes(`Finished turn ${n}.`), 30000);
  server.requests.splice(0);
  if ([0, 9, 49, 99, 199, 299, 399].includes(n)) console.log(`after ${n + 1}: rss ${(rssOf(pid)/2**20).toFixed(1)}`);
}
for (let t = 0; t <= 4; t += 2) { process.stdout.write(`idle ${t}s: ${(rssOf(pid)/2**20).toFixed(0)}  `); await new Promise(r=>setTimeout(r,2000)); } await snap('end'); await p.stop(); await server.close(); rmSync(temp, { recursive: true, force: true });
