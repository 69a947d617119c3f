/**
 * A configuration that fails to load may be missing its deny rules, so lug
 * never runs in auto mode with it: `lug -p … --auto` exits 1 naming the error,
 * before the model is asked anything. A rule that fails is a stderr line.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function logLines(state: string): Array<Record<string, any>> {
  return readFileSync(join(state, 'lug', 'approvals.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('a broken configuration', () => {
  it('with a syntax error in init.lua: lug -p --auto exits 1 naming the file and line, and asks the model nothing', async () => {
    const box = sandbox('lug.tool.rule("bash", function(args) if args.command:match("rm ") then return "deny" end end)\nlocal x = = 1\n');
    server = await startScriptedServer([turn(toolCall('bash', { command: 'touch pwned' }, { id: 'b1' })), text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/init\.lua:2/);
    expect(r.stderr).toMatch(/lug: not running in auto mode: .*init\.lua failed to load: .*init\.lua:2: .*so rules may be missing/);
    expect(server.modelRequests()).toHaveLength(0);
    expect(existsSync(join(box.project, 'pwned'))).toBe(false);
  });

  it('that set approval "off" before failing: lug -p runs in neither auto mode nor at all', async () => {
    const box = sandbox('lug.opt.approval = "off"\nerror("late failure")\n');
    server = await startScriptedServer([turn(toolCall('bash', { command: 'touch pwned' }, { id: 'b1' })), text('done')]);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/init\.lua:2: late failure/);
    expect(server.modelRequests()).toHaveLength(0);
  });

  it('with a bad option value on line 1 (approval = "never") refuses --auto the same way', async () => {
    const box = sandbox('lug.opt.approval = "never"\n');
    server = await startScriptedServer([text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/init\.lua:1: .*approval/);
  });

  it('in a Lua plugin refuses --auto too', async () => {
    const box = sandbox('');
    const plugin = join(box.config, 'lug', 'plugins', 'broken');
    mkdirSync(plugin, { recursive: true });
    writeFileSync(join(plugin, 'init.lua'), 'error("plugin trouble")\n');
    server = await startScriptedServer([text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/plugins\/broken\/init\.lua:1: plugin trouble/);
  });

  it('without auto mode, runs in policy mode, where calls that ask are refused', async () => {
    const box = sandbox('local x = = 1\n');
    server = await startScriptedServer([turn(toolCall('bash', { command: 'touch pwned' }, { id: 'b1' })), text('done')]);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toMatch(/needs approval/);
    expect(existsSync(join(box.project, 'pwned'))).toBe(false);
  });
});

describe('a rule that fails', () => {
  it('in auto mode is a stderr line and a log entry with its error, and the call runs (rule_failure "ask")', async () => {
    const box = sandbox('lug.tool.rule("bash", function(args) error("rule trouble") end)\n');
    server = await startScriptedServer([turn(toolCall('bash', { command: 'touch ran' }, { id: 'b1' })), text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/lug: rule .*init\.lua:1 failed: .*init\.lua:1: rule trouble/);
    expect(existsSync(join(box.project, 'ran'))).toBe(true);
    expect(logLines(box.state)[0]).toMatchObject({ decision: 'allow', by: 'mode', failures: [{ error: expect.stringMatching(/rule trouble/) }] });
  });

  it('with lug.opt.rule_failure = "deny" denies the call, also in auto mode', async () => {
    const box = sandbox('lug.opt.rule_failure = "deny"\nlug.tool.rule("bash", function(args) return "DENY" end)\n');
    server = await startScriptedServer([turn(toolCall('bash', { command: 'touch ran' }, { id: 'b1' })), text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toMatch(/returned "DENY".*rule_failure is "deny"/);
    expect(existsSync(join(box.project, 'ran'))).toBe(false);
  });
});
