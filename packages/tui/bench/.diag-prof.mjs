import { mkdirSync, mkdtempSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedServer } from '@lug/testing';
import { generateInitLua } from './init-lua.mjs';
import { PtyProgram, stripAnsi } from './pty.mjs';
const temp = mkdtempSync(join(tmpdir(), 'lug-diag-'));
mkdirSync(join(temp, 'c', 'lug'), { recursive: true }); writeFileSync(join(temp, 'c', 'lug', 'init.lua'), generateInitLua(200));
mkdirSync(join(temp, 'p')); mkdirSync(join(temp, 'prof'));
const server = await startScriptedServer([]);
for (let i = 0; i < 2; i++) {
  const env = { PATH: process.env.PATH, HOME: temp, TERM: 'xterm-256color', XDG_CONFIG_HOME: join(temp, 'c'), XDG_STATE_HOME: join(temp, 's'), XDG_CACHE_HOME: join(temp, 'k'), ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.anthropicBaseUrl, };
  const p = new PtyProgram([process.execPath, ...(i ? ['--cpu-prof', `--cpu-prof-dir=${join(temp, 'prof')}`, '--cpu-prof-interval=200'] : []), '/work/main/packages/tui/bench/.tmp-cli-time/bin/lug.js'], { env, cwd: join(temp, 'p') });
  const at = await p.waitFor((o) => stripAnsi(o).includes('init.lua applied'));
  console.log('first screen', (at - p.started).toFixed(0));
  await new Promise(r => setTimeout(r, 1700)); p.type('\x03'); await new Promise(r => setTimeout(r, 100)); p.type('\x03');
  await new Promise(r => p.child.once('exit', r));
}
await server.close();
console.log(join(temp, 'prof'), readdirSync(join(temp, 'prof'))); console.log(readFileSync('/tmp/tb/stamps','utf8'));
