/**
 * Lua cannot hang lug: a rule that loops for ever is stopped by its budget of
 * instructions (a rule failure, shown), and SIGINT, SIGTERM and SIGHUP end lug
 * while it loops, once the budget has freed the event loop.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, waitUntil, type ScriptedServer } from '@lug/testing';
import { LUG_BIN, lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a Lua rule that never returns', () => {
  it('is stopped by the budget, with the file and line; the call then goes on as a failed rule says (auto: it runs)', async () => {
    const box = sandbox('lug.opt.lua_budget = 200000\nlug.tool.rule("bash", function(args)\n  while true do end\nend)\n');
    server = await startScriptedServer([turn(toolCall('bash', { command: 'touch ran' }, { id: 'b1' })), text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/lug: rule .*init\.lua:2 failed: .*init\.lua:3: ran past its budget of 200000 instructions without waiting/);
    expect(existsSync(join(box.project, 'ran'))).toBe(true);
  });

  it.each([
    ['SIGTERM', { signal: 'SIGTERM' }],
    ['SIGHUP', { signal: 'SIGHUP' }],
    ['SIGINT', { code: 130 }],
  ] as const)('does not keep lug from ending on %s', async (signal, ending) => {
    // The rule says it started (a file), then loops with the default budget.
    const box = sandbox('lug.tool.rule("bash", function(args)\n  local f = io.open("looping", "w") f:write("x") f:close()\n  while true do end\nend)\n');
    server = await startScriptedServer([turn(toolCall('bash', { command: 'touch ran' }, { id: 'b1' })), text('done'), text('done')]);
    const child = spawn(process.execPath, [LUG_BIN, '-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), stdio: 'ignore' });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, sig) => resolve({ code, signal: sig })));
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    try {
      await waitUntil(() => existsSync(join(box.project, 'looping')), 'the rule to start looping', 30_000);
      child.kill(signal);
      const r = await ended;
      if ('signal' in ending) expect(r.signal).toBe(ending.signal);
      else expect(r.code).toBe(ending.code);
    } finally {
      clearTimeout(guard);
      child.kill('SIGKILL');
    }
  });
});
