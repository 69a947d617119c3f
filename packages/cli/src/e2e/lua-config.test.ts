/** The user's page's Lua examples, as written, from an init.lua, end to end through `lug -p`. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

const SPEC_RULES = `
lug.tool.rule("bash", function(args)
  if args.command:match("^git status") then return "allow" end
  return "ask"
end)
lug.tool.rule("write", "deny")
`;

const SPEC_TOOL = `
lug.tool.register("today", {
  description = "Return today's date.",
  ask = false,
  handler = function()
    return lug.proc.run({ "date", "+%F" }).stdout
  end,
})
`;

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the page's Lua examples in init.lua", () => {
  it('allows git status without asking, asks for anything else, and denies write even with --auto', async () => {
    const box = sandbox(SPEC_RULES);
    execFileSync('git', ['init', '-q'], { cwd: box.project });
    server = await startScriptedServer([
      turn(
        toolCall('bash', { command: 'git status --short' }, { id: 'b1' }),
        toolCall('bash', { command: 'git status && touch pwned' }, { id: 'b2' }),
        toolCall('write', { path: 'w.txt', content: 'x' }, { id: 'w1' }),
      ),
      text('done'),
    ]);
    const headless = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(headless.code).toBe(0);
    const results = toolResultsIn(server.modelRequests()[1]!);
    expect(results[0]!.content).not.toMatch(/denied/);
    expect(results[0]!.content).toMatch(/^exit 0|exit status 0|exit code 0/m);
    expect(results[1]!.content).toMatch(/needs approval/);
    expect(results[2]!.content).toMatch(/^denied/);
    expect(existsSync(join(box.project, 'pwned'))).toBe(false);
    expect(existsSync(join(box.project, 'w.txt'))).toBe(false);

    server.push(turn(toolCall('write', { path: 'w.txt', content: 'x' }, { id: 'w2' })), text('done'));
    const auto = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(auto.code).toBe(0);
    expect(toolResultsIn(server.modelRequests()[3]!)[0]!.content).toMatch(/^denied/);
    expect(existsSync(join(box.project, 'w.txt'))).toBe(false);
  });

  it('registers "today", which returns the date through lug.proc.run', async () => {
    const box = sandbox(SPEC_TOOL);
    server = await startScriptedServer([turn(toolCall('today', {}, { id: 't1' })), text('ok')]);
    const r = await runLug(['-p', 'what day is it?'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.code).toBe(0);
    const offered = server.modelRequests()[0]!.body.tools.map((t: any) => t.function.name);
    expect(offered).toContain('today');
    const today = execFileSync('date', ['+%F']).toString().trim();
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content.trim()).toBe(today);
  });

  it('starts with a syntax error in init.lua, showing the file and line', async () => {
    const box = sandbox('lug.opt.tool_concurrency = 4\nlocal x = = 1\n');
    server = await startScriptedServer([text('still here')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('still here\n');
    expect(r.stderr).toMatch(/init\.lua:2/);
  });

  it('lets flags on the command line win over init.lua', async () => {
    const box = sandbox('lug.opt.model = "openai/from-init"\nlug.opt.approval = "all"\n');
    server = await startScriptedServer([turn(toolCall('ls', {}, { id: 'l1' })), text('ok')]);
    const r = await runLug(['-p', 'hi', '--model', 'anthropic/from-flag', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(server.modelRequests()[0]!.body.model).toBe('from-flag');
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).not.toMatch(/needs approval/);
  });
});
