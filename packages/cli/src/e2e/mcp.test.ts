/** MCP servers through the real binary: configured in init.lua and .mcp.json, their tools offered, calls judged by rules, results reaching the model, no server left after lug exits, `lug mcp list`. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processRunning, startScriptedServer, text, toolCall, turn, waitUntil, type ScriptedServer } from '@lug/testing';
import { REPO_ROOT } from './pack-install.js';
import { LUG_BIN, lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const MISBEHAVING = join(REPO_ROOT, 'packages/mcp/src/test-support/misbehaving-server.mjs');
const lua = (s: string) => JSON.stringify(s);
// Each test starts lug, and lug starts Node servers: minutes on a loaded 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

function initLua(pidFile: string): string {
  return `
lug.mcp.add("everything", { command = { ${lua(process.execPath)}, ${lua(EVERYTHING)}, "stdio" } })
lug.mcp.add("bad", { command = { ${lua(process.execPath)}, ${lua(MISBEHAVING)} }, env = { MISBEHAVING_PID_FILE = ${lua(pidFile)} } })
-- A rule on "*" sees MCP calls; call.tool names the server.
lug.tool.rule("*", function(args, call)
  if call.tool:match("^mcp__everything__") then return "allow" end
end)
lug.tool.rule("mcp__bad__echo", "deny")
`;
}

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('MCP servers in lug -p', () => {
  it('offers their tools, judges calls by rules, gives the model the results, and leaves no server running', async () => {
    const box = sandbox();
    const pidFile = join(box.home, 'bad.pid');
    writeFileSync(join(box.config, 'lug', 'init.lua'), initLua(pidFile));
    server = await startScriptedServer([
      turn(
        toolCall('mcp__everything__echo', { message: 'over MCP' }, { id: 'e1' }),
        toolCall('mcp__bad__echo', { text: 'x' }, { id: 'b1' }),
        toolCall('mcp__bad__noise', {}, { id: 'b2' }),
      ),
      text('done'),
    ]);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), timeoutMs: 60_000 });
    expect(r.stderr).not.toMatch(/could not start/);
    expect(r.code).toBe(0);
    const offered = server.modelRequests()[0]!.body.tools as Array<{ name: string; input_schema: unknown }>;
    expect(offered.find((t) => t.name === 'mcp__everything__echo')?.input_schema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] });
    expect(offered.map((t) => t.name)).toEqual(expect.arrayContaining(['mcp__bad__hang', 'mcp__everything__get-sum']));
    const results = toolResultsIn(server.modelRequests()[1]!);
    expect(results[0]!.content).toBe('Echo: over MCP');
    expect(results[1]!.content).toMatch(/^denied/);
    expect(results[2]!.content).toMatch(/needs approval/);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(processRunning(pid)).toBe(false);
  });

  it('leaves no server running when lug is stopped with SIGTERM during a call', async () => {
    const box = sandbox();
    const pidFile = join(box.home, 'bad.pid');
    writeFileSync(join(box.config, 'lug', 'init.lua'), initLua(pidFile));
    server = await startScriptedServer([turn(toolCall('mcp__bad__hang', {}, { id: 'h1' })), text('done')]);
    const child = spawn(process.execPath, [LUG_BIN, '-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
    await waitUntil(() => server!.modelRequests().length >= 1 && existsSync(pidFile), 'the server to start and the call to be made', 60_000);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(processRunning(pid)).toBe(true);
    child.kill('SIGTERM');
    await exited;
    await waitUntil(() => !processRunning(pid), 'the server process to be gone', 60_000);
  });

  it('does not start a project\'s .mcp.json server headless before it has been allowed, and says so', async () => {
    const box = sandbox('');
    const pidFile = join(box.home, 'project.pid');
    writeFileSync(join(box.project, '.mcp.json'), JSON.stringify({ mcpServers: { proj: { command: process.execPath, args: [MISBEHAVING], env: { MISBEHAVING_PID_FILE: pidFile } } } }));
    server = await startScriptedServer([text('done')]);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), timeoutMs: 60_000 });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/MCP server "proj" from .*\.mcp\.json is not started: it has not been allowed for this project yet/);
    expect(existsSync(pidFile)).toBe(false);
    expect((server.modelRequests()[0]!.body.tools as Array<{ name: string }>).some((t) => t.name.startsWith('mcp__'))).toBe(false);
  });
});

describe('lug mcp list', () => {
  it('prints each server with its state and tools, and exits 0 when all started', async () => {
    const box = sandbox(`lug.mcp.add("everything", { command = { ${lua(process.execPath)}, ${lua(EVERYTHING)}, "stdio" } })`);
    const r = await runLug(['mcp', 'list'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state }, timeoutMs: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^everything: ready \(pid \d+\) — lua:.*init\.lua:1\n {2}tools: .*mcp__everything__echo/);
  });

  it('exits 1 when a server fails to start, with the reason', async () => {
    const box = sandbox('');
    writeFileSync(join(box.config, 'lug', '.mcp.json'), JSON.stringify({ mcpServers: { broken: { command: 'no-such-mcp-server-program' } } }));
    const r = await runLug(['mcp', 'list'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state }, timeoutMs: 60_000 });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^broken: failed — .*\.mcp\.json\n {2}tools: none yet\n {2}last error: could not start no-such-mcp-server-program in .*: no such program/);
  });

  it('refuses an unknown subcommand with the usage', async () => {
    const box = sandbox('');
    const r = await runLug(['mcp', 'lst'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home }, timeoutMs: 30_000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('lug: unknown: lug mcp lst; lug mcp list: start the configured MCP servers, print each with its state and tools, and stop them\n');
  });
});

describe.runIf(process.platform === 'linux')('MCP stdio servers in the sandbox', () => {
  // A server runs code for the model like bash does: with lug.opt.sandbox on, it starts inside the same walls.
  it('starts them inside the sandbox lug.opt.sandbox asks for: a write outside the project fails, and the server still serves', async () => {
    for (const mode of ['off', 'workspace'] as const) {
      const box = sandbox();
      const outside = join(box.home, `written-by-the-server-${mode}`);
      const start = `echo planted > ${JSON.stringify(outside)}; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(EVERYTHING)} stdio`;
      writeFileSync(
        join(box.config, 'lug', 'init.lua'),
        `lug.opt.sandbox = ${lua(mode)}\nlug.mcp.add("everything", { command = { "sh", "-c", ${lua(start)} } })\nlug.tool.rule("*", function(args, call) if call.tool:match("^mcp__") then return "allow" end end)\n`,
      );
      server = await startScriptedServer([turn(toolCall('mcp__everything__echo', { message: 'walled' }, { id: 'e1' })), text('done')]);
      const r = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(0);
      expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toBe('Echo: walled');
      // The control run shows the server's write would land without the sandbox.
      expect(existsSync(outside), `${mode}: ${outside}`).toBe(mode === 'off');
      await server.close();
      server = undefined;
    }
  });
});
