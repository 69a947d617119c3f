import { mkdirSync, mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedServer } from '@lug/testing';
import { generateInitLua } from './init-lua.mjs';
import { PtyProgram, stripAnsi } from './pty.mjs';
import { median } from '../../../tools/bench/measure.mjs';
const temp = mkdtempSync(join(tmpdir(), 'lug-diag-'));
mkdirSync(join(temp, 'c', 'lug'), { recursive: true }); writeFileSync(join(temp, 'c', 'lug', 'init.lua'), generateInitLua(200));
mkdirSync(join(temp, 'p'));
const server = await startScriptedServer([]);
const env = { PATH: process.env.PATH, HOME: temp, TERM: 'xterm-256color', XDG_CONFIG_HOME: join(temp, 'c'), XDG_STATE_HOME: join(temp, 's'), XDG_CACHE_HOME: join(temp, 'k'), ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
const variants = process.argv.slice(2);
const res = Object.fromEntries(variants.map(v => [v, []]));
for (let i = 0; i < 9; i++) for (const v of variants) {
  const p = new PtyProgram([process.execPath, `/work/main/packages/tui/bench/${v}/bin/lug.js`], { env, cwd: join(temp, 'p') });
  const at = await p.waitFor((o) => stripAnsi(o).includes('init.lua applied'));
  await new Promise(r => setTimeout(r, 1600));
  const st = JSON.parse(readFileSync('/tmp/tb/stamps', 'utf8'));
  if (i > 0) res[v].push({ wall: at - p.started, ...st });
  await p.stop();
}
for (const [v, xs] of Object.entries(res)) {
  const m = (k) => median(xs.map(x => x[k])).toFixed(0);
  const d = (a, b) => median(xs.map(x => x[b] - x[a])).toFixed(0);
  console.log(v, 'wall', m('wall'), '| in-process ready', m('ready'), '| bin', m('binStart'), 'pre-tui', d('mainImported', 'runInterface'), 'tuiImport', d('runInterface', 'tuiImported'), 'compose', d('tuiImported', 'composed'), 'firstFrame+sl', d('composed', 'ready'));
}
await server.close(); rmSync(temp, { recursive: true, force: true });
