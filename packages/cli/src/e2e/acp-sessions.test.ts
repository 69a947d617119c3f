/**
 * `lug --acp`: cancelling a turn (Esc's semantics), loading a stored session
 * (replayed as updates), malformed messages (protocol errors, nothing lost),
 * and what Lua says reaching the editor. The real binary, the SDK's client.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { httpError, startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { agentText, closeEditors, startEditor, waitFor, type AcpEditor } from './acp-client.js';
import { lugEnv, sandbox, toolResultsIn } from './run-lug.js';

let server: ScriptedServer | undefined;
let editors: AcpEditor[] = [];
afterEach(async () => {
  const problems = await closeEditors(editors);
  editors = [];
  expect(problems).toEqual([]);
  await server?.close();
  server = undefined;
});

async function open(box: ReturnType<typeof sandbox>, args: string[] = []) {
  const e = await startEditor({ cwd: box.project, env: lugEnv(server!, 'openai', box), args });
  editors.push(e);
  const { sessionId } = await e.agent.request('session/new', { cwd: box.project, mcpServers: [] });
  return { e, sessionId };
}

const prompt = (e: AcpEditor, sessionId: string, words: string) => e.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: words }] });
const finalUpdate = (e: AcpEditor, id: string) =>
  e.updates
    .map((n) => n.update)
    .filter((u): u is acp.ToolCallUpdate & { sessionUpdate: 'tool_call_update' } => u.sessionUpdate === 'tool_call_update' && u.toolCallId === id && (u.status === 'completed' || u.status === 'failed'))
    .at(-1);

describe('lug --acp: session/cancel', () => {
  it('mid-tool ends the turn as cancelled, kills the call and answers it "cancelled by the user"', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(toolCall('bash', { command: 'sleep 30' }, { id: 'b1' }), toolCall('read', { path: 'x.txt' }, { id: 'r1' }))]);
    const { e, sessionId } = await open(box, ['--auto']);
    const started = Date.now();
    const response = prompt(e, sessionId, 'wait a while');
    await e.waitForUpdate((u) => u.sessionUpdate === 'tool_call_update' && u.toolCallId === 'b1' && u.status === 'in_progress');
    await e.agent.notify('session/cancel', { sessionId });
    expect((await response).stopReason).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(25_000);
    const b1 = finalUpdate(e, 'b1');
    expect(b1?.status).toBe('failed');
    expect(JSON.stringify(b1?.content)).toContain('cancelled');
    // Every call the editor was told of has its final status.
    const announced = e.updates.flatMap((n) => (n.update.sessionUpdate === 'tool_call' ? [n.update.toolCallId] : []));
    expect(announced.sort()).toEqual(['b1', 'r1']);
    for (const id of announced) expect(finalUpdate(e, id)?.status, id).toMatch(/^(completed|failed)$/);
    // The session goes on: the next prompt sends every call's result, in order.
    server.push(text('Fine.'));
    expect((await prompt(e, sessionId, 'never mind')).stopReason).toBe('end_turn');
    const results = toolResultsIn(server.modelRequests()[1]!);
    expect(results.map((r) => r.id)).toEqual(['b1', 'r1']);
  });

  it('while the editor is asked withdraws the permission request, and the call is "cancelled by the user"', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(toolCall('write', { path: 'a.txt', content: 'a\n' }, { id: 'w1' }))]);
    const { e, sessionId } = await open(box);
    let withdrawn = false;
    e.onPermission(
      (_request, signal) =>
        new Promise<acp.RequestPermissionResponse>((resolve) => {
          signal.addEventListener('abort', () => {
            withdrawn = true;
            resolve({ outcome: { outcome: 'cancelled' } });
          });
        }),
    );
    const response = prompt(e, sessionId, 'write it');
    await waitFor('the permission request', () => e.permissionRequests[0]);
    await e.agent.notify('session/cancel', { sessionId });
    expect((await response).stopReason).toBe('cancelled');
    await waitFor('the request withdrawn', () => (withdrawn ? true : undefined));
    expect(JSON.stringify(finalUpdate(e, 'w1')?.content)).toContain('cancelled by the user');
  });
});

describe('lug --acp: session/load', () => {
  it("replays a stored lug session as updates, and the conversation goes on from it", async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'notes.txt'), 'alpha\n');
    server = await startScriptedServer([turn(text('Reading.'), toolCall('read', { path: 'notes.txt' }, { id: 'r1' })), text('It says alpha.')]);
    const first = await open(box);
    await prompt(first.e, first.sessionId, 'what do the notes say?');
    await first.e.close();
    editors = [];

    server.push(text('Still alpha.'));
    const e = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box) });
    editors.push(e);
    const loaded = await e.agent.request('session/load', { sessionId: first.sessionId, cwd: box.project, mcpServers: [] });
    expect(loaded.modes?.currentModeId).toBe('policy');
    const replay = e.updates.map((n) => n.update);
    expect(e.updates.every((n) => n.sessionId === first.sessionId)).toBe(true);
    expect(replay.map((u) => u.sessionUpdate)).toEqual(['user_message_chunk', 'agent_message_chunk', 'tool_call', 'tool_call_update', 'agent_message_chunk']);
    expect(replay[0]).toMatchObject({ content: { type: 'text', text: 'what do the notes say?' } });
    expect(replay[2]).toMatchObject({ toolCallId: 'r1', kind: 'read', title: 'read notes.txt', locations: [{ path: join(box.project, 'notes.txt') }] });
    expect(replay[3]).toMatchObject({ toolCallId: 'r1', status: 'completed' });
    expect(agentText(e.updates)).toBe('Reading.It says alpha.');

    expect((await prompt(e, first.sessionId, 'and now?')).stopReason).toBe('end_turn');
    const last = server.modelRequests().at(-1)!;
    expect(JSON.stringify(last.body.messages)).toContain('what do the notes say?');
    expect(JSON.stringify(last.body.messages)).toContain('It says alpha.');
  });

  it("session/list offers lug's stored sessions of a directory, newest first, for the editor to load", async () => {
    const box = sandbox();
    server = await startScriptedServer([text('One.'), text('Two.')]);
    const first = await open(box);
    await prompt(first.e, first.sessionId, 'first');
    const second = await open(box);
    await prompt(second.e, second.sessionId, 'second');
    const e = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box) });
    editors.push(e);
    const listed = await e.agent.request('session/list', { cwd: box.project });
    expect(listed.sessions.map((s) => s.sessionId)).toEqual([second.sessionId, first.sessionId]);
    expect(listed.sessions[0]).toMatchObject({ cwd: box.project, updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(listed.nextCursor ?? undefined).toBeUndefined();
    expect((await e.agent.request('session/list', { cwd: '/elsewhere' })).sessions).toEqual([]);
    await expect(e.agent.request('session/list', { cursor: 'page-two' })).rejects.toMatchObject({ code: -32602 });
  });

  it('a session that does not exist is -32002, and nothing else changes', async () => {
    const box = sandbox();
    server = await startScriptedServer([]);
    const e = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box) });
    editors.push(e);
    await expect(e.agent.request('session/load', { sessionId: 'no-such-session', cwd: box.project, mcpServers: [] })).rejects.toMatchObject({ code: -32002 });
    await expect(e.agent.request('session/new', { cwd: box.project, mcpServers: [] })).resolves.toMatchObject({ sessionId: expect.any(String) });
  });
});

describe('lug --acp: malformed messages', () => {
  it('get JSON-RPC errors, and the session goes on as if they had not come', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('Still here.')]);
    const { e, sessionId } = await open(box);
    const responseTo = (id: string) => waitFor(`the response to ${id}`, () => e.stdoutLines().map((l) => JSON.parse(l) as { id?: unknown; error?: { code: number; message: string } }).find((m) => m.id === id));
    e.writeRaw('this is not json\n');
    e.writeRaw('{"jsonrpc":"2.0","id":"bad-params","method":"session/prompt","params":{"sessionId":' + JSON.stringify(sessionId) + '}}\n');
    e.writeRaw('{"jsonrpc":"2.0","id":"no-session","method":"session/prompt","params":{"sessionId":"nope","prompt":[{"type":"text","text":"hi"}]}}\n');
    e.writeRaw('{"jsonrpc":"2.0","id":"bad-cwd","method":"session/new","params":{"cwd":"relative/dir","mcpServers":[]}}\n');
    e.writeRaw('{"jsonrpc":"2.0","id":"empty","method":"session/prompt","params":{"sessionId":' + JSON.stringify(sessionId) + ',"prompt":[]}}\n');
    e.writeRaw('{"jsonrpc":"2.0","id":"audio","method":"session/prompt","params":{"sessionId":' + JSON.stringify(sessionId) + ',"prompt":[{"type":"audio","data":"AAAA","mimeType":"audio/wav"}]}}\n');
    e.writeRaw('{"jsonrpc":"2.0","id":"unknown-method","method":"session/fly","params":{}}\n');
    await waitFor('the parse error', () => e.stdoutLines().find((l) => l.includes('-32700')));
    expect((await responseTo('bad-params')).error?.code).toBe(-32602);
    expect((await responseTo('no-session')).error?.code).toBe(-32002);
    expect((await responseTo('bad-cwd')).error).toMatchObject({ code: -32602, message: expect.stringContaining('absolute path of an existing directory') });
    expect((await responseTo('empty')).error).toMatchObject({ code: -32602, message: expect.stringContaining('the prompt is empty') });
    expect((await responseTo('audio')).error).toMatchObject({ code: -32602, message: expect.stringContaining('not "audio"') });
    expect((await responseTo('unknown-method')).error?.code).toBe(-32601);
    // Nothing was lost: no model request was made, and the session answers its next prompt.
    expect(server.modelRequests()).toHaveLength(0);
    expect((await prompt(e, sessionId, 'are you there?')).stopReason).toBe('end_turn');
    expect(agentText(e.updates)).toBe('Still here.');
  });
});

describe('lug --acp: a turn that fails', () => {
  it("is the prompt's JSON-RPC error with lug's message, and the session goes on", async () => {
    const box = sandbox();
    server = await startScriptedServer([httpError(401, { message: 'invalid x-api-key' }), text('Back.')]);
    const { e, sessionId } = await open(box);
    await expect(prompt(e, sessionId, 'hello')).rejects.toMatchObject({ code: -32603, message: expect.stringContaining('invalid x-api-key') });
    expect((await prompt(e, sessionId, 'again')).stopReason).toBe('end_turn');
    expect(agentText(e.updates)).toContain('Back.');
  });
});

describe('lug --acp: the same lug', () => {
  it("loads init.lua: what Lua prints, writes and notifies reaches the editor as lug's notices; stdout stays protocol only", async () => {
    const box = sandbox(['print("hello from init.lua")', 'io.write("written to io.stdout\\n")', 'lug.ui.notify("a notice", "warn")'].join('\n'));
    server = await startScriptedServer([]);
    const { e } = await open(box);
    await e.waitForUpdate((u) => u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' && u.content.text.includes('a notice'));
    const said = agentText(e.updates);
    expect(said).toContain('[lug] hello from init.lua');
    expect(said).toContain('[lug] written to io.stdout');
    expect(said).toContain('[lug warning] a notice');
  });

  it('an error in init.lua is an error notice, not a failed session', async () => {
    const box = sandbox('error("broken config")');
    server = await startScriptedServer([]);
    const { e } = await open(box);
    await e.waitForUpdate((u) => u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' && u.content.text.includes('broken config'));
    expect(agentText(e.updates)).toMatch(/\[lug error\] .*broken config/);
  });
});

