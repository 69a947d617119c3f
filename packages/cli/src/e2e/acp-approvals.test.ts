/**
 * `lug --acp`: approvals through the editor. lug's rules decide first; only a
 * call that asks reaches the editor's session/request_permission, and each
 * option does what the dialog's key does. The modes are the session's modes.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { closeEditors, selected, startEditor, type AcpEditor } from './acp-client.js';
import { lugEnv, sandbox, toolResultsIn } from './run-lug.js';

let server: ScriptedServer | undefined;
let editor: AcpEditor | undefined;
afterEach(async () => {
  const problems = await closeEditors([editor]);
  editor = undefined;
  await server?.close();
  server = undefined;
  expect(problems).toEqual([]);
});

const write = (path: string, content: string, id: string) => toolCall('write', { path, content }, { id });
const results = (e: AcpEditor) =>
  e.updates.map((n) => n.update).filter((u): u is acp.ToolCallUpdate & { sessionUpdate: 'tool_call_update' } => u.sessionUpdate === 'tool_call_update' && !!u.status && u.status !== 'in_progress');
const logLines = (state: string) =>
  readFileSync(join(state, 'lug', 'approvals.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { call: string; decision: string; by: string; source?: string });

async function open(box: ReturnType<typeof sandbox>, args: string[] = []): Promise<{ e: AcpEditor; sessionId: string; modes: acp.SessionModeState | null | undefined }> {
  const e = (editor = await startEditor({ cwd: box.project, env: lugEnv(server!, 'openai', box), args }));
  const { sessionId, modes } = await e.agent.request('session/new', { cwd: box.project, mcpServers: [] });
  return { e, sessionId, modes };
}

const prompt = (e: AcpEditor, sessionId: string, words: string) => e.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: words }] });

describe('lug --acp: a call that asks', () => {
  it('reaches the editor as a permission request with the call, its diff and the three options; allow once runs it and the next call asks again', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(write('a.txt', 'one\n', 'w1')), turn(write('b.txt', 'two\n', 'w2')), text('Both written.')]);
    const { e, sessionId } = await open(box);
    e.onPermission(() => selected('allow_once'));
    expect((await prompt(e, sessionId, 'write two files')).stopReason).toBe('end_turn');

    expect(e.permissionRequests.map((r) => r.toolCall.toolCallId)).toEqual(['w1', 'w2']);
    const first = e.permissionRequests[0]!;
    expect(first.sessionId).toBe(sessionId);
    expect(first.options.map((o) => [o.optionId, o.kind])).toEqual([
      ['allow_once', 'allow_once'],
      ['allow_always', 'allow_always'],
      ['reject_once', 'reject_once'],
    ]);
    const path = join(box.project, 'a.txt');
    expect(first.toolCall).toMatchObject({ title: 'write a.txt', kind: 'edit', status: 'pending', locations: [{ path }], content: [{ type: 'diff', path, oldText: null, newText: 'one\n' }] });
    // The editor knew the call before it was asked about it.
    const announced = e.updates.findIndex((n) => n.update.sessionUpdate === 'tool_call' && n.update.toolCallId === 'w1');
    expect(announced).toBeGreaterThanOrEqual(0);
    expect(readFileSync(path, 'utf8')).toBe('one\n');
    expect(readFileSync(join(box.project, 'b.txt'), 'utf8')).toBe('two\n');
    expect(logLines(box.state).map((l) => [l.call, l.decision, l.by])).toEqual([
      ['w1', 'allow', 'user'],
      ['w2', 'allow', 'user'],
    ]);
  });

  it('allow always releases the calls to that tool already waiting, and the later ones, without asking', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(write('a.txt', 'a\n', 'w1'), write('b.txt', 'b\n', 'w2'), write('c.txt', 'c\n', 'w3')), turn(write('d.txt', 'd\n', 'w4')), text('Done.')]);
    const { e, sessionId } = await open(box);
    e.onPermission(() => selected('allow_always'));
    expect((await prompt(e, sessionId, 'write four files')).stopReason).toBe('end_turn');
    expect(e.permissionRequests.map((r) => r.toolCall.toolCallId)).toEqual(['w1']);
    for (const f of ['a', 'b', 'c', 'd']) expect(readFileSync(join(box.project, `${f}.txt`), 'utf8')).toBe(`${f}\n`);
    // The three of one message run at once: in any order.
    expect(results(e).map((u) => [u.toolCallId, u.status]).sort()).toEqual([
      ['w1', 'completed'],
      ['w2', 'completed'],
      ['w3', 'completed'],
      ['w4', 'completed'],
    ]);
    const log = logLines(box.state);
    expect(log.find((l) => l.call === 'w1')!.by).toBe('user');
    expect(log.filter((l) => l.call !== 'w1').map((l) => [l.call, l.by]).sort()).toEqual([
      ['w2', 'allowed-always'],
      ['w3', 'allowed-always'],
      ['w4', 'allowed-always'],
    ]);
  });

  it('reject refuses the call: the file is not written, the call fails and the model reads why', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(write('a.txt', 'no\n', 'w1')), text('Understood.')]);
    const { e, sessionId } = await open(box);
    e.onPermission(() => selected('reject_once'));
    expect((await prompt(e, sessionId, 'write it')).stopReason).toBe('end_turn');
    expect(existsSync(join(box.project, 'a.txt'))).toBe(false);
    const [result] = results(e);
    expect(result).toMatchObject({ toolCallId: 'w1', status: 'failed' });
    expect(JSON.stringify(result!.content)).toContain('denied by the user');
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toContain('denied by the user');
    expect(logLines(box.state).map((l) => [l.call, l.decision, l.by])).toEqual([['w1', 'deny', 'user']]);
  });

  it('an option lug did not offer refuses the call', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(write('a.txt', 'no\n', 'w1')), text('Understood.')]);
    const { e, sessionId } = await open(box);
    e.onPermission(() => selected('allow_forever'));
    await prompt(e, sessionId, 'write it');
    expect(existsSync(join(box.project, 'a.txt'))).toBe(false);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toMatch(/"allow_forever", which lug did not offer/);
  });

  it("a rule's deny never reaches the editor, and a rule's allow runs without asking", async () => {
    const box = sandbox(
      [
        'lug.tool.rule("write", function(args)',
        '  if args.path == "secret.txt" then return "deny", "secrets stay secret" end',
        '  if args.path == "ok.txt" then return "allow" end',
        'end)',
      ].join('\n'),
    );
    server = await startScriptedServer([turn(write('secret.txt', 'x\n', 'w1'), write('ok.txt', 'fine\n', 'w2')), text('Done.')]);
    const { e, sessionId } = await open(box);
    e.onPermission(() => selected('allow_once'));
    await prompt(e, sessionId, 'write both');
    expect(e.permissionRequests).toEqual([]);
    expect(existsSync(join(box.project, 'secret.txt'))).toBe(false);
    expect(readFileSync(join(box.project, 'ok.txt'), 'utf8')).toBe('fine\n');
    expect(results(e).map((u) => [u.toolCallId, u.status])).toEqual([
      ['w1', 'failed'],
      ['w2', 'completed'],
    ]);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toContain('secrets stay secret');
  });

  it('lug.ui.confirm from Lua asks through the editor, with yes and no', async () => {
    const box = sandbox(['lug.tool.rule("write", function(args)', '  if lug.ui.confirm("really write " .. args.path .. "?") then return "allow" end', '  return "deny", "the user said no"', 'end)'].join('\n'));
    server = await startScriptedServer([turn(write('a.txt', 'a\n', 'w1')), turn(write('b.txt', 'b\n', 'w2')), text('Done.')]);
    const { e, sessionId } = await open(box);
    e.onPermission((r) => selected(r.toolCall.title === 'really write a.txt?' ? 'yes' : 'no'));
    await prompt(e, sessionId, 'write both');
    expect(e.permissionRequests.map((r) => [r.toolCall.title, r.options.map((o) => o.optionId)])).toEqual([
      ['really write a.txt?', ['yes', 'no']],
      ['really write b.txt?', ['yes', 'no']],
    ]);
    expect(readFileSync(join(box.project, 'a.txt'), 'utf8')).toBe('a\n');
    expect(existsSync(join(box.project, 'b.txt'))).toBe(false);
  });
});

describe("lug --acp: lug's approval modes are the session's modes", () => {
  it('offers policy, all and auto, starting in the approval option; switching to auto runs a write without asking, to all makes a read ask', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(write('a.txt', 'a\n', 'w1')), text('Written.'), turn(toolCall('read', { path: 'a.txt' }, { id: 'r1' })), text('Read.')]);
    const { e, sessionId, modes } = await open(box);
    expect(modes).toEqual({
      currentModeId: 'policy',
      availableModes: [expect.objectContaining({ id: 'policy' }), expect.objectContaining({ id: 'all' }), expect.objectContaining({ id: 'auto' }), expect.objectContaining({ id: 'plan', name: 'Plan' })],
    });
    await e.agent.request('session/set_mode', { sessionId, modeId: 'auto' });
    await e.waitForUpdate((u) => u.sessionUpdate === 'current_mode_update' && u.currentModeId === 'auto');
    await prompt(e, sessionId, 'write');
    expect(e.permissionRequests).toEqual([]);
    expect(readFileSync(join(box.project, 'a.txt'), 'utf8')).toBe('a\n');

    await e.agent.request('session/set_mode', { sessionId, modeId: 'all' });
    await e.waitForUpdate((u) => u.sessionUpdate === 'current_mode_update' && u.currentModeId === 'all');
    e.onPermission(() => selected('allow_once'));
    await prompt(e, sessionId, 'read');
    expect(e.permissionRequests.map((r) => [r.toolCall.toolCallId, r.toolCall.kind])).toEqual([['r1', 'read']]);
  });

  it('offers plan mode after them: in it a write is denied, declining the plan stays in it, and an approval mode lifts it', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(write('a.txt', 'a\n', 'w1')), text('Here is my plan.'), turn(write('a.txt', 'a\n', 'w2')), text('Written.')]);
    const { e, sessionId } = await open(box, ['--auto']);
    await e.agent.request('session/set_mode', { sessionId, modeId: 'plan' });
    await e.waitForUpdate((u) => u.sessionUpdate === 'current_mode_update' && u.currentModeId === 'plan');
    // The plan's end asks whether to accept it (lug.ui.confirm, through the editor): no stays in plan mode.
    e.onPermission(() => selected('no'));
    await prompt(e, sessionId, 'plan the change');
    expect(existsSync(join(box.project, 'a.txt'))).toBe(false);
    expect(results(e).find((u) => u.toolCallId === 'w1')).toMatchObject({ status: 'failed' });
    expect(e.permissionRequests.map((r) => r.toolCall.title)).toEqual(['Accept the plan and start the work? (no stays in plan mode)']);
    expect(e.updates.filter((n) => n.update.sessionUpdate === 'current_mode_update').map((n) => (n.update as { currentModeId: string }).currentModeId)).toEqual(['plan']);

    await e.agent.request('session/set_mode', { sessionId, modeId: 'auto' });
    await e.waitForUpdate((u) => u.sessionUpdate === 'current_mode_update' && u.currentModeId === 'auto');
    await prompt(e, sessionId, 'write it');
    expect(readFileSync(join(box.project, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('refuses a mode that does not exist, naming the ones there are', async () => {
    const box = sandbox();
    server = await startScriptedServer([]);
    const { e, sessionId } = await open(box);
    await expect(e.agent.request('session/set_mode', { sessionId, modeId: 'yolo' })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("lug's modes are policy, all, auto, plan") });
  });

  it('--auto starts every session in auto', async () => {
    const box = sandbox();
    server = await startScriptedServer([]);
    const { modes } = await open(box, ['--auto']);
    expect(modes?.currentModeId).toBe('auto');
  });
});

