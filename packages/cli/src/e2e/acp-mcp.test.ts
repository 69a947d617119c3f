/**
 * MCP servers an editor hands over in `session/new` and `session/load`
 * (`mcpServers`, stdio and HTTP) start through @lug/mcp like configured ones:
 * a client on the official ACP SDK drives the real `lug --acp`, the servers
 * are the reference server from npm, the model is the scripted server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { closeEditors, selected, startEditor, waitFor, type AcpEditor } from './acp-client.js';
import { lugEnv, sandbox, toolResultsIn } from './run-lug.js';

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
// lug starts, and starts a Node server: minutes on a loaded 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

let server: ScriptedServer | undefined;
let editor: AcpEditor | undefined;
let http: ChildProcess | undefined;
afterEach(async () => {
  const problems = await closeEditors([editor]);
  editor = undefined;
  http?.kill('SIGKILL');
  http = undefined;
  await server?.close();
  server = undefined;
  expect(problems).toEqual([]);
});

/** The model calls the server's echo, then answers. */
const echoTurns = (tool: string) => [turn(toolCall(tool, { message: 'from the editor' }, { id: 'e1' })), text('Echoed.')];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('lug --acp: the editor\'s MCP servers', () => {
  it('starts a stdio server from session/new and gives the model its tools; the call asks the editor as any other', async () => {
    const box = sandbox();
    server = await startScriptedServer(echoTurns('mcp__everything__echo'));
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box) });
    editor.onPermission(() => selected('allow_once'));
    const { sessionId } = await editor.agent.request('session/new', {
      cwd: box.project,
      mcpServers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING, 'stdio'], env: [{ name: 'LUG_TEST_FROM', value: 'editor' }] }],
    });
    const response = await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'echo it' }] });
    expect(response.stopReason).toBe('end_turn');
    const offered = (server.modelRequests()[0]!.body.tools as Array<{ function: { name: string } }>).map((t) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum']));
    expect(editor.permissionRequests.map((r) => r.toolCall.toolCallId)).toEqual(['e1']);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toBe('Echo: from the editor');
    // No warning that the editor's servers are ignored.
    expect(JSON.stringify(editor.updates)).not.toMatch(/does not start MCP servers/);
  });

  it('starts an HTTP server (Streamable HTTP) from session/new', async () => {
    const box = sandbox();
    const port = await freePort();
    let stderr = '';
    http = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
    http.stderr!.on('data', (d) => (stderr += d));
    await waitFor('server-everything to listen', () => (/listening on port|running on port/.test(stderr) ? true : undefined), 60_000);
    server = await startScriptedServer(echoTurns('mcp__web__echo'));
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: ['--approval', 'all'] });
    editor.onPermission(() => selected('allow_once'));
    const { sessionId } = await editor.agent.request('session/new', {
      cwd: box.project,
      mcpServers: [{ type: 'http', name: 'web', url: `http://127.0.0.1:${port}/mcp`, headers: [{ name: 'X-Test', value: 'yes' }] }],
    });
    await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'echo it' }] });
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toBe('Echo: from the editor');
  });

  it('says in the session which of the editor\'s servers it could not start, and why, and goes on without it', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('Fine.')]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box) });
    const { sessionId } = await editor.agent.request('session/new', {
      cwd: box.project,
      mcpServers: [
        { name: 'bad__name', command: process.execPath, args: [EVERYTHING, 'stdio'], env: [] },
        { name: 'missing', command: 'no-such-mcp-server-program', args: [], env: [] },
      ],
    });
    await editor.waitForUpdate((u) => u.sessionUpdate === 'agent_message_chunk' && JSON.stringify(u).includes('no-such-mcp-server-program'));
    const said = JSON.stringify(editor.updates);
    expect(said).toMatch(/the editor's MCP server \\"bad__name\\" was not started: server name \\"bad__name\\" is not allowed/);
    expect(said).toMatch(/MCP server \\"missing\\" \(the editor \(session\/new, session\/load\)\) failed to start: could not start no-such-mcp-server-program/);
    const response = await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hello' }] });
    expect(response.stopReason).toBe('end_turn');
  });
});
