/**
 * `lug --acp` with an editor that offers its file system: write and edit go
 * through fs/write_text_file (the change lands in the editor's buffer), edit
 * reads the buffer through fs/read_text_file (unsaved changes included).
 * The test editor keeps its buffers in memory, so the disk shows what did not
 * go through it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { closeEditors, startEditor, type AcpEditor } from './acp-client.js';
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

const FS = { fs: { readTextFile: true, writeTextFile: true } };

describe("lug --acp: the editor's file system, when it offers one", () => {
  it('write goes through fs/write_text_file into the buffer, not behind the editor onto the disk', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(toolCall('write', { path: 'src/notes.txt', content: 'hello\n' }, { id: 'w1' })), text('Written.')]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: ['--auto'], clientCapabilities: FS });
    const { sessionId } = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    expect((await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write' }] })).stopReason).toBe('end_turn');
    const path = join(box.project, 'src', 'notes.txt');
    expect(editor.fileRequests.filter((r) => r.method === 'fs/write_text_file')).toEqual([{ method: 'fs/write_text_file', path, content: 'hello\n' }]);
    expect(editor.buffers.get(path)).toBe('hello\n');
    expect(existsSync(path)).toBe(false);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toMatch(/^Created src\/notes.txt/);
  });

  it("edit reads the editor's buffer, unsaved changes included, and writes the result back through it", async () => {
    const box = sandbox();
    const path = join(box.project, 'a.txt');
    writeFileSync(path, 'one\n');
    server = await startScriptedServer([turn(toolCall('edit', { path: 'a.txt', old_string: 'two (unsaved)', new_string: 'two (edited)' }, { id: 'e1' })), text('Edited.')]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: ['--auto'], clientCapabilities: FS });
    editor.buffers.set(path, 'one\ntwo (unsaved)\n');
    const { sessionId } = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'edit' }] });
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).not.toMatch(/not found|does not match|no match/i);
    expect(editor.fileRequests.map((r) => r.method)).toEqual(['fs/read_text_file', 'fs/write_text_file']);
    expect(editor.buffers.get(path)).toBe('one\ntwo (edited)\n');
    expect(readFileSync(path, 'utf8')).toBe('one\n');
  });

  it("read reads the editor's buffer, unsaved changes included", async () => {
    const box = sandbox();
    const path = join(box.project, 'a.txt');
    writeFileSync(path, 'saved\n');
    server = await startScriptedServer([turn(toolCall('read', { path: 'a.txt' }, { id: 'r1' })), text('Read.')]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), clientCapabilities: FS });
    editor.buffers.set(path, 'saved\nnot saved yet\n');
    const { sessionId } = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read' }] });
    expect(editor.fileRequests).toEqual([{ method: 'fs/read_text_file', path }]);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toBe('     1\tsaved\n     2\tnot saved yet');
  });

  it('without the capability, lug writes to the disk itself and never asks the editor', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(toolCall('write', { path: 'b.txt', content: 'disk\n' }, { id: 'w1' })), text('Written.')]);
    editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'openai', box), args: ['--auto'] });
    const { sessionId } = await editor.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    await editor.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write' }] });
    expect(editor.fileRequests).toEqual([]);
    expect(readFileSync(join(box.project, 'b.txt'), 'utf8')).toBe('disk\n');
  });
});
