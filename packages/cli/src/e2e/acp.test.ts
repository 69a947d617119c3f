/**
 * `lug --acp` driven as an editor drives it: a client on the official ACP
 * SDK talks to the real binary over stdio, lug talks to the scripted model
 * server. Every test also holds lug's stdout to protocol messages only.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicStream, startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { agentText, closeEditors, startEditor, type AcpEditor } from './acp-client.js';
import { lugEnv, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
let editor: AcpEditor | undefined;
afterEach(async () => {
  const problems = await closeEditors([editor]);
  editor = undefined;
  await server?.close();
  server = undefined;
  expect(problems).toEqual([]);
});

const updatesOf = (e: AcpEditor, kind: string) => e.updates.map((n) => n.update).filter((u) => u.sessionUpdate === kind);

describe('lug --acp: a prompt', () => {
  it('streams the answer as message chunks and a write as a tool call with its kind, location and diff', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(text('Writing the file.'), toolCall('write', { path: 'notes.txt', content: 'hello\n' }, { id: 'w1' })), text('Done.')]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: ['--auto'] });
    const { sessionId, modes } = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    expect(modes?.currentModeId).toBe('auto');
    const response = await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write the notes' }] });
    expect(response.stopReason).toBe('end_turn');
    expect(agentText(editor.updates)).toBe('Writing the file.Done.');
    expect(editor.updates.every((n) => n.sessionId === sessionId)).toBe(true);

    const path = join(box.project, 'notes.txt');
    const diff = { type: 'diff', path, oldText: null, newText: 'hello\n' };
    const [call] = updatesOf(editor, 'tool_call') as Array<acp.ToolCall & { sessionUpdate: 'tool_call' }>;
    expect(call).toMatchObject({ toolCallId: 'w1', title: 'write notes.txt', kind: 'edit', status: 'pending', locations: [{ path }], content: [diff], rawInput: { path: 'notes.txt', content: 'hello\n' } });
    const callUpdates = updatesOf(editor, 'tool_call_update') as acp.ToolCallUpdate[];
    expect(callUpdates.map((u) => u.status)).toEqual(['in_progress', 'completed']);
    expect(callUpdates[1]!.content![0]).toEqual(diff);
    expect(callUpdates[1]!.content![1]).toMatchObject({ type: 'content', content: { type: 'text' } });
    expect(readFileSync(path, 'utf8')).toBe('hello\n');
    // The order the editor saw: the text, the call, its start, its result, then the rest of the answer.
    const order = editor.updates.map((n) => n.update.sessionUpdate);
    expect(order.indexOf('tool_call')).toBeGreaterThan(order.indexOf('agent_message_chunk'));
    expect(order.lastIndexOf('agent_message_chunk')).toBeGreaterThan(order.lastIndexOf('tool_call_update'));
  });

  it("shows the model's todo list as the session's plan, the whole list at each change", async () => {
    const box = sandbox();
    const todos = (last: string) => ({ todos: [{ text: 'read the parser', state: 'done' }, { text: 'fix the bug', state: last }] });
    server = await startScriptedServer([
      turn(toolCall('todo', todos('in_progress'), { id: 't1' })),
      turn(toolCall('todo', todos('done'), { id: 't2' })),
      text('Fixed.'),
    ]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: [] });
    const { sessionId } = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    const response = await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix it' }] });
    expect(response.stopReason).toBe('end_turn');
    const plans = updatesOf(editor, 'plan') as Array<acp.Plan & { sessionUpdate: 'plan' }>;
    expect(plans.map((p) => p.entries)).toEqual([
      [
        { content: 'read the parser', status: 'completed', priority: 'medium' },
        { content: 'fix the bug', status: 'in_progress', priority: 'medium' },
      ],
      [
        { content: 'read the parser', status: 'completed', priority: 'medium' },
        { content: 'fix the bug', status: 'completed', priority: 'medium' },
      ],
    ]);
  });

  it('keeps two sessions of one connection apart: each its own project, conversation and updates', async () => {
    const box = sandbox();
    const other = sandbox();
    server = await startScriptedServer([text('Answer for A.'), text('Answer for B.')]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box) });
    const a = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    const b = await editor.agent.request('session/new', { cwd: other.project, mcpServers: [] });
    expect(a.sessionId).not.toBe(b.sessionId);
    await editor.agent.request('session/prompt', { sessionId: a.sessionId, prompt: [{ type: 'text', text: 'question A' }] });
    await editor.agent.request('session/prompt', { sessionId: b.sessionId, prompt: [{ type: 'text', text: 'question B' }] });
    expect(agentText(editor.updates.filter((n) => n.sessionId === a.sessionId))).toBe('Answer for A.');
    expect(agentText(editor.updates.filter((n) => n.sessionId === b.sessionId))).toBe('Answer for B.');
    const second = JSON.stringify(server.modelRequests()[1]!.body.messages);
    expect(second).toContain('question B');
    expect(second).not.toContain('question A');
    expect(JSON.stringify(server.modelRequests()[1]!.body)).toContain(other.project);
  });

  it("shows a running command's output as it comes, then its result", async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(toolCall('bash', { command: 'echo first; sleep 1; echo second' }, { id: 'b1' })), text('Ran it.')]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: ['--auto'] });
    const { sessionId } = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'run it' }] });
    const updates = updatesOf(editor, 'tool_call_update') as acp.ToolCallUpdate[];
    const call = updatesOf(editor, 'tool_call')[0] as acp.ToolCall;
    expect(call).toMatchObject({ toolCallId: 'b1', kind: 'execute', title: 'bash echo first; sleep 1; echo second', locations: [] });
    const final = updates.findIndex((u) => u.status === 'completed');
    const live = updates.findIndex((u) => !u.status && JSON.stringify(u.content).includes('first'));
    expect(live).toBeGreaterThanOrEqual(0);
    expect(live).toBeLessThan(final);
    expect(JSON.stringify(updates[final]!.content)).toContain('second');
  });

  it("streams the model's reasoning as thought chunks", async () => {
    const box = sandbox();
    server = await startScriptedServer([
      anthropicStream([
        { type: 'thinking', thinking: 'The user wants a greeting.', signature: 'sig-1' },
        { type: 'text', text: 'Hello!' },
      ]),
    ]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'anthropic', box), args: ['--thinking', 'low'] });
    const { sessionId } = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    const response = await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'greet me' }] });
    expect(response.stopReason).toBe('end_turn');
    const thoughts = updatesOf(editor, 'agent_thought_chunk') as Array<{ content: { type: string; text: string } }>;
    expect(thoughts.map((t) => t.content.text).join('')).toBe('The user wants a greeting.');
    expect(agentText(editor.updates)).toBe('Hello!');
  });
});
