/** lug.hl.set and lug.opt.input from an init.lua, through the real binary: the interface's options are there, headless too, and checked. */
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the interface set up from init.lua', () => {
  it('takes highlight groups, vi mode and the notify style without complaint', async () => {
    const box = sandbox('lug.hl.set("prompt", { fg = "magenta", bold = true })\nlug.hl.set("status_auto", { fg = "black", bg = "#ffaf00" })\nlug.opt.input = "vi"\nlug.opt.notify = "bell"\n');
    server = await startScriptedServer([text('fine')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('fine\n');
  });

  it('reports a colour it cannot draw and an unknown group, with the line, and runs on', async () => {
    const box = sandbox('lug.hl.set("prompt", { fg = "purple" })\nlug.hl.set("promt", { fg = "red" })\n');
    server = await startScriptedServer([text('still here')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.stdout).toBe('still here\n');
    expect(r.stderr).toMatch(/init\.lua:1: lug\.hl\.set: highlight prompt\.fg must be a colour name \(black, red,.*\) or "#rrggbb", got "purple"/);
  });
});
