/**
 * A day with Lua tools, through the real `lug -p`: a handler that returns too
 * much, bytes that are not UTF-8, a table, or nil and an error that is not
 * text, a function or a coroutine; the model gets a result it can read each
 * time, and lug goes on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const INIT = `
local function tool(name, handler) lug.tool.register(name, { description = name, ask = false, handler = handler }) end
tool("huge", function() return string.rep("x", 5 * 1024 * 1024) end)
tool("bytes", function() return "a\\255\\254b" end)
tool("data", function() return { ok = true, list = { 1, 2 } } end)
tool("fail_table", function() return nil, { code = 7 } end)
tool("gives_function", function() return function() end end)
tool("gives_coroutine", function() return { co = coroutine.create(function() end) } end)
`;

describe('Lua tools that return odd things', () => {
  it('each gives the model a bounded, readable result; an error that is not text, a function or a coroutine is still an error', async () => {
    const box = sandbox(INIT);
    server = await startScriptedServer([
      turn(
        toolCall('huge', {}, { id: 'c1' }),
        toolCall('bytes', {}, { id: 'c2' }),
        toolCall('data', {}, { id: 'c3' }),
        toolCall('fail_table', {}, { id: 'c4' }),
        toolCall('gives_function', {}, { id: 'c5' }),
        toolCall('gives_coroutine', {}, { id: 'c6' }),
      ),
      text('done'),
    ]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.stderr).toContain('fail_table — failed: {"code":7}');
    expect(r.code).toBe(0);
    const results = new Map(toolResultsIn(server.modelRequests()[1]!).map((x) => [x.id, x]));
    expect(results.get('c1')!.content.length).toBeLessThan(40_000);
    expect(results.get('c2')!.content).toBe('a\uFFFD\uFFFDb');
    expect(JSON.parse(results.get('c3')!.content)).toEqual({ ok: true, list: [1, 2] });
    expect(results.get('c4')!.content).toContain('{"code":7}');
    // What cannot cross into JavaScript is a failure saying what came and what may, never an empty success.
    expect(r.stderr).toContain('gives_function — failed: its handler returned a function, which cannot be sent to the model');
    expect(results.get('c5')!.content).toContain('a handler returns text, a number, a boolean, a table of them, or nil');
    expect(r.stderr).toContain('gives_coroutine — failed: its handler returned what cannot be sent to the model: a thread value');
    expect(results.get('c6')!.content).toContain('a handler returns text, a number, a boolean, a table of them, or nil');
  });
});
