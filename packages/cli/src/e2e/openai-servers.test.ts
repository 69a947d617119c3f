/**
 * The real binary against streams shaped like those of real OpenAI-compatible
 * servers (packages/providers/openai/fixtures) and against the Responses API:
 * the compatibility record set from init.lua and the environment, the
 * server's own error messages, protocol faults that are not retried, and
 * reasoning sent back across turns.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { replay, startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const fixture = (name: string) => fileURLToPath(new URL(`../../../providers/openai/fixtures/${name}.http`, import.meta.url));

/** The messages of the only session file, as stored. */
function storedMessages(box: ReturnType<typeof sandbox>): any[] {
  const dir = join(box.state, 'lug', 'sessions');
  const [file] = readdirSync(dir);
  return readFileSync(join(dir, file!), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .flatMap((l) => (l.message ? [l.message] : l.role ? [l] : []));
}


describe('lug -p against OpenAI-compatible servers', () => {
  it('reads Mistral content given as parts as text: the answer and the saved session never say [object Object]', async () => {
    const box = sandbox();
    server = await startScriptedServer([replay(fixture('mistral-magistral-parts'))]);
    const r = await runLug(['-p', 'hello'], { cwd: box.project, env: { ...lugEnv(server, 'openai', box), LUG_OPENAI_SERVER: 'mistral' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Hello! How can I help?\n');
    const body = server.modelRequests()[0]!.body;
    expect('stream_options' in body).toBe(false);
    expect(body.max_tokens).toBeGreaterThan(0);
    const saved = JSON.stringify(storedMessages(box));
    expect(saved).toContain('Hello! How can I help?');
    expect(saved).not.toContain('[object Object]');
  });

  it('takes the compatibility record from init.lua: the output-cap field and stream_options as set there', async () => {
    const box = sandbox('lug.opt.openai_compat = { max_tokens_field = "max_completion_tokens", stream_usage = false, models = { ["big-*"] = { stream_usage = true } } }\n');
    server = await startScriptedServer([text('one'), text('two')]);
    const env = lugEnv(server, 'openai', box);
    expect((await runLug(['-p', 'a', '--model', 'openai/small'], { cwd: box.project, env })).code).toBe(0);
    expect((await runLug(['-p', 'b', '--model', 'openai/big-model'], { cwd: box.project, env })).code).toBe(0);
    const [small, big] = server.modelRequests();
    expect(small!.body.max_completion_tokens).toBeGreaterThan(0);
    expect('max_tokens' in small!.body).toBe(false);
    expect('stream_options' in small!.body).toBe(false);
    expect(big!.body.stream_options).toEqual({ include_usage: true });
  });

  it('says what is wrong with a bad record in init.lua, at its line, and sends nothing (--auto: a configuration that failed is refused)', async () => {
    const box = sandbox('lug.opt.openai_compat = { max_tokens_field = "max_output_tokens" }\n');
    server = await startScriptedServer([text('unused')]);
    const r = await runLug(['-p', 'a', '--auto'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('init.lua:1: lug.opt: option openai_compat: openai_compat.max_tokens_field must be "max_completion_tokens", "max_tokens", got "max_output_tokens"');
    expect(server.modelRequests()).toHaveLength(0);
  });

  it("shows vLLM's in-stream error in its own words, exits 1, and does not retry it", async () => {
    const box = sandbox();
    server = await startScriptedServer([replay(fixture('vllm-stream-error'))]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('The decoder prompt (length 40961) is longer than the maximum model length of 40960.');
    expect(r.stderr).not.toMatch(/retrying|ended before/);
    expect(server.modelRequests()).toHaveLength(1);
  });

  it("shows Mistral's 422 with the field it refused, not \"422 status code (no body)\"", async () => {
    const box = sandbox();
    server = await startScriptedServer([replay(fixture('mistral-422-extra-forbidden'))]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('body.stream_options: Extra inputs are not permitted; set stream_usage = false in lug.opt.openai_compat');
    expect(r.stderr).not.toContain('no body');
  });

  it('reports a stream it cannot read as a protocol fault naming the event, not a broken connection, without retrying', async () => {
    const box = sandbox();
    server = await startScriptedServer([replay(fixture('wrong-type-chunk'))]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/sent a stream lug cannot read: delta\.content is neither a string nor a list of parts: \{"id":"chatcmpl-y"/);
    expect(r.stderr).not.toMatch(/retrying|connection|broke/);
    expect(server.modelRequests()).toHaveLength(1);
  });

  it('sends DeepSeek’s reasoning back on the tool-calling message in the next request', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'notes.txt'), 'alpha\nbeta\n');
    server = await startScriptedServer([replay(fixture('deepseek-reasoning-tool-call')), replay(fixture('deepseek-reasoning-answer'))]);
    const r = await runLug(['-p', 'how long is notes.txt?', '--model', 'openai/deepseek-reasoner', '--auto'], {
      cwd: box.project,
      env: { ...lugEnv(server, 'openai', box), LUG_OPENAI_SERVER: 'deepseek' },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('notes.txt has two lines.');
    const assistant = server.modelRequests()[1]!.body.messages.find((m: any) => m.role === 'assistant');
    expect(assistant.reasoning_content).toBe('The user wants the size of notes.txt. I should read it first.');
    expect(assistant.tool_calls[0].id).toBe('call_00_Xk2bQ9aW7c');
  });
});

describe('lug -p over the Responses API', () => {
  it('is chosen with LUG_OPENAI_API=responses: text and function calls, results sent back as function_call_output', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'notes.txt'), 'alpha\n');
    server = await startScriptedServer([turn(text('Reading.'), toolCall('read', { path: 'notes.txt' }, { id: 'call_1' })), text('It says alpha.')]);
    const r = await runLug(['-p', 'read notes.txt', '--auto'], { cwd: box.project, env: { ...lugEnv(server, 'openai', box), LUG_OPENAI_API: 'responses' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Reading.\n\nIt says alpha.\n');
    const [first, second] = server.modelRequests();
    expect(first!.path).toBe('/v1/responses');
    expect(first!.body.store).toBe(false);
    expect(typeof first!.body.instructions).toBe('string');
    expect(toolResultsIn(second!)).toEqual([{ id: 'call_1', content: '     1\talpha' }]);
  });

  it('keeps reasoning items across three turns and sends each back with its encrypted content', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'notes.txt'), 'alpha\nbeta\n');
    server = await startScriptedServer(['responses-reasoning-tool-call', 'responses-reasoning-tool-call-2', 'responses-reasoning-answer'].map((n) => replay(fixture(n))));
    const r = await runLug(['-p', 'what is in notes.txt?', '--model', 'openai/gpt-5-codex', '--auto'], {
      cwd: box.project,
      env: { ...lugEnv(server, 'openai', box), LUG_OPENAI_SERVER: 'openai' },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('The first line is alpha, and the directory holds notes.txt.');
    const third = server.modelRequests()[2]!;
    const reasoning = third.body.input.filter((i: any) => i.type === 'reasoning');
    expect(reasoning.map((i: any) => i.id)).toEqual(['rs_0a1b2c3d4e5f6071a1', 'rs_1b2c3d4e5f6071a2']);
    for (const item of reasoning) expect(item.encrypted_content).toMatch(/^gAAAAABp/);
    expect(third.body.input.map((i: any) => i.type ?? i.role)).toEqual(['user', 'reasoning', 'function_call', 'function_call_output', 'reasoning', 'function_call', 'function_call_output']);
  });
});
