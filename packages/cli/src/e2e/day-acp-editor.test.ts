/**
 * `lug --acp` as editors drive it: the stop button, then a new prompt at once,
 * before lug has answered the cancelled one. The real binary, the SDK's client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { agentText, closeEditors, startEditor, type AcpEditor } from './acp-client.js';
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

describe('lug --acp: a prompt sent right after session/cancel', () => {
  it('waits for the cancelled prompt to answer, then runs, instead of failing as "already running"', async () => {
    const box = sandbox();
    // The command ignores SIGTERM: the cancelled turn ends only once it is killed, well after the next prompt has come.
    server = await startScriptedServer([turn(toolCall('bash', { command: "trap '' TERM; sleep 30" }, { id: 'b1' })), text('Second answer.')]);
    const e = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: ['--auto'] });
    editors.push(e);
    const { sessionId } = await e.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    const first = e.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'wait' }] });
    await e.waitForUpdate((u) => u.sessionUpdate === 'tool_call_update' && u.toolCallId === 'b1' && u.status === 'in_progress');
    await e.agent.notify('session/cancel', { sessionId });
    const second = e.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'something else' }] });
    expect(await first).toEqual({ stopReason: 'cancelled' });
    expect(await second).toEqual({ stopReason: 'end_turn' });
    expect(agentText(e.updates)).toContain('Second answer.');
    // The second turn carried the cancelled call's result.
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toContain('cancelled');
  });

  it('still refuses a second prompt while the first runs, uncancelled', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(toolCall('bash', { command: 'sleep 30' }, { id: 'b1' })), text('Done.')]);
    const e = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: ['--auto'] });
    editors.push(e);
    const { sessionId } = await e.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    const first = e.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'wait' }] });
    await e.waitForUpdate((u) => u.sessionUpdate === 'tool_call_update' && u.toolCallId === 'b1' && u.status === 'in_progress');
    await expect(e.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'more' }] })).rejects.toThrow(/already running/);
    await e.agent.notify('session/cancel', { sessionId });
    expect(await first).toEqual({ stopReason: 'cancelled' });
  });
});
