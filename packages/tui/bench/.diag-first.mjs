import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedServer } from '@lug/testing';
import { generateInitLua } from './init-lua.mjs';
import { PtyProgram, stripAnsi } from './pty.mjs';
import { median } from '../../../tools/bench/measure.mjs';
const temp = mkdtempSync(join(tmpdir(), 'lug-diag-'));
const mk = (name, init) => { const c = join(temp, name); mkdirSync(join(c, 'lug'), { recursive: true }); if (init) writeFileSync(join(c, 'lug', 'init.lua'), init); return c; };
const withInit = mk('c1', generateInitLua(200)); const noInit = mk('c2', 'lug.opt.statusline = function(s) return "init.lua applied" end\n');
mkdirSync(join(temp, 'p'));
const server = await startScriptedServer([]);
const variants = {
  orig: { cfg: withInit, v8: '', bin: '.tmp-cli' },
  memo: { cfg: withInit, v8: '', bin: '.tmp-cli-memo' },
  alias: { cfg: withInit, v8: '', bin: '.tmp-cli-alias' },
  tiny: { cfg: noInit, v8: '', bin: '.tmp-cli' },
};
const res = Object.fromEntries(Object.keys(variants).map(k => [k, []]));
for (let i = 0; i < 10; i++) for (const [k, v] of Object.entries(variants)) {
  const env = { PATH: process.env.PATH, HOME: temp, TERM: 'xterm-256color', XDG_CONFIG_HOME: v.cfg, XDG_STATE_HOME: join(temp, 's'), XDG_CACHE_HOME: join(temp, 'k'), ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.anthropicBaseUrl, NODE_OPTIONS: '--require /tmp/tb/diag.cjs', DIAG_V8: v.v8, DIAG_OUT: '/dev/null' };
  const p = new PtyProgram([process.execPath, `/work/main/packages/tui/bench/${v.bin}/bin/lug.js`], { env, cwd: join(temp, 'p') });
  const at = await p.waitFor((o) => stripAnsi(o).includes('init.lua applied'));
  if (i > 0) res[k].push(at - p.started);
  await p.stop();
}
for (const [k, xs] of Object.entries(res)) console.log(k, median(xs).toFixed(0), xs.map(x => x.toFixed(0)).join(' '));
await server.close(); rmSync(temp, { recursive: true, force: true });
