import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cut, delay, httpError, startScriptedServer, text, toolCall, turn, waitUntil, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, toolResultsIn, type Wire } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each<Wire>(['anthropic', 'openai'])('lug -p over the %s wire format', (wire) => {
  it('does a multi-turn task whose results come back in call order although the first call finishes last', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'notes.txt'), 'alpha\nbeta\n');
    server = await startScriptedServer([
      turn(
        text('Looking around.'),
        toolCall('bash', { command: 'sleep 0.4; echo slow-first' }, { id: 'call_1' }),
        toolCall('read', { path: 'notes.txt' }, { id: 'call_2' }),
        toolCall('ls', {}, { id: 'call_3' }),
      ),
      turn(toolCall('grep', { pattern: 'beta' }, { id: 'call_4' })),
      text('All done: beta is on line 2.'),
    ]);
    const r = await runLug(['-p', 'inspect the notes', '--auto'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    // Two assistant messages: a blank line between them.
    expect(r.stdout).toBe('Looking around.\n\nAll done: beta is on line 2.\n');
    const requests = server.modelRequests();
    expect(requests).toHaveLength(3);
    const results = toolResultsIn(requests[1]!);
    expect(results.map((x) => x.id)).toEqual(['call_1', 'call_2', 'call_3']);
    expect(results[0]!.content).toContain('slow-first');
    expect(results[1]!.content).toBe('     1\talpha\n     2\tbeta');
    expect(results[2]!.content).toContain('notes.txt');
    expect(toolResultsIn(requests[2]!)[0]!.content).toBe('notes.txt:2: beta');
    // One line per call on stderr, in the order they finished.
    const lines = r.stderr.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('• '))).toHaveLength(4);
    expect(lines.findIndex((l) => l.startsWith('• bash'))).toBeGreaterThan(lines.findIndex((l) => l.startsWith('• read')));
  });

  it('refuses a call that would ask, headless, with a reason the model sees, and never hangs', async () => {
    const box = sandbox();
    server = await startScriptedServer([turn(toolCall('write', { path: 'x.txt', content: 'hi' }, { id: 'w1' })), text('I could not write.')]);
    const r = await runLug(['-p', 'write x'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.code).toBe(0);
    const [result] = toolResultsIn(server.modelRequests()[1]!);
    expect(result!.content).toMatch(/needs approval: run with --auto, or allow it with a rule/);
    expect(readdirSync(box.project)).toEqual([]);
    expect(r.stderr).toMatch(/• write x\.txt — denied/);
  });

  it('gives invalid JSON and wrongly typed arguments an error result, and goes on', async () => {
    const box = sandbox();
    server = await startScriptedServer([
      turn(toolCall('read', {}, { id: 'bad_json', argsText: '{"path": "a.txt"' }), toolCall('read', { path: 'a.txt', limit: 'ten' }, { id: 'bad_type' })),
      text('Sorry.'),
    ]);
    const r = await runLug(['-p', 'read a'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.code).toBe(0);
    const results = toolResultsIn(server.modelRequests()[1]!);
    expect(results[0]!.content).toMatch(/^invalid arguments for read: the arguments are not valid JSON/);
    expect(results[1]!.content).toBe('invalid arguments for read: limit must be an integer ≥ 1, got "ten"');
  });

  it('retries a server that answers 500 twice, then succeeds', async () => {
    const box = sandbox();
    server = await startScriptedServer([httpError(500), httpError(500), text('Fine now.')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Fine now.\n');
    expect(server.modelRequests()).toHaveLength(3);
    // Numbered by the request about to be made, as the interface numbers them: the first request is attempt 1.
    expect(r.stderr.match(/retrying in [\d.]+ s \(attempt \d+\)/g)?.map((line) => line.replace(/in [\d.]+ s/, 'in … s'))).toEqual([
      'retrying in … s (attempt 2)',
      'retrying in … s (attempt 3)',
    ]);
  });

  it('exits 1 on a stream cut mid-message, leaving a valid session file', async () => {
    const box = sandbox();
    server = await startScriptedServer([cut(text(['Hello, ', 'wor']))]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Hello, ');
    expect(r.stderr).toMatch(/lug: .*cut off/);
    expect(server.modelRequests()).toHaveLength(1);
    const dir = join(box.state, 'lug', 'sessions');
    const [file] = readdirSync(dir);
    const lines = readFileSync(join(dir, file!), 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it("gives up on an answer that goes quiet after init.lua's lug.opt.stream_idle_timeout, and exits 1 saying so", async () => {
    const box = sandbox('lug.opt.stream_idle_timeout = 1\n');
    server = await startScriptedServer([cut(text(['Hello, ', 'wor']), { holdMs: 30_000 })]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Hello, wor');
    expect(r.stderr).toContain("the model's answer was cut off: the model sent nothing more for 1 s: the connection is taken as lost (lug.opt.stream_idle_timeout sets the wait; 0 waits for ever)");
    expect(server.modelRequests()).toHaveLength(1);
  });

  it('prints one JSON object at the end with --output-format json', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'a.txt'), 'x\n');
    server = await startScriptedServer([turn(toolCall('read', { path: 'a.txt' }, { id: 'r1' })), turn(text('Read it.'), { usage: { inputTokens: 7, outputTokens: 3 } })]);
    const r = await runLug(['-p', 'go', '--output-format', 'json'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.text).toBe('Read it.');
    expect(out.reason).toBe('done');
    expect(out.session_id).toMatch(/^\d{4}-/);
    expect(out.usage.output_tokens).toBeGreaterThan(0);
    expect(out.tool_calls).toEqual([
      {
        id: 'r1',
        tool: 'read',
        args: { path: 'a.txt' },
        outcome: 'done',
        is_error: false,
        details: { kind: 'file_read', path: 'a.txt', first_line: 1, lines_shown: 1, total_lines: 1 },
      },
    ]);
  });

  it('prints every event as a JSON line with --output-format stream-json', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('Hi there.')]);
    const r = await runLug(['-p', 'go', '--output-format', 'stream-json'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const types = events.map((e) => e.type);
    expect(events[0]).toEqual({ type: 'session_start', session_id: expect.stringMatching(/^\d{4}-/), model: expect.stringMatching(wire === 'openai' ? /^openai\// : /^anthropic\//), cwd: box.project, resumed: false });
    expect(types[1]).toBe('turn_start');
    expect(types).toContain('text_delta');
    expect(types.at(-1)).toBe('turn_end');
    // The session it names is the one written.
    expect(readdirSync(join(box.state, 'lug', 'sessions')).join()).toContain(events[0].session_id);
  });

  it('names every field of stream-json as json names them, snake_case, a call\'s arguments as the model wrote them', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'a.txt'), 'x\n');
    server = await startScriptedServer([turn(toolCall('read', { path: 'a.txt', offset: 1 }, { id: 'r1' }), { usage: { inputTokens: 7, outputTokens: 3 } }), text('Read it.')]);
    const r = await runLug(['-p', 'go', '--output-format', 'stream-json'], { cwd: box.project, env: lugEnv(server, wire, box) });
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const keys = (v: unknown, skip: boolean): string[] =>
      Array.isArray(v) ? v.flatMap((x) => keys(x, false)) : v && typeof v === 'object' && !skip ? Object.entries(v).flatMap(([k, x]) => [k, ...keys(x, k === 'args')]) : [];
    expect(keys(events, false).filter((k) => /[A-Z]/.test(k))).toEqual([]);
    expect(events.find((e) => e.type === 'usage').usage).toMatchObject({ input_tokens: 7, output_tokens: 3 });
    const result = events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ is_error: false, details: { kind: 'file_read', first_line: 1 } });
    expect(result.call.args).toEqual({ path: 'a.txt', offset: 1 });
  });
});

describe('lug -p, whatever the wire format', () => {
  it('adds a piped stdin to the prompt', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('ok')]);
    const r = await runLug(['-p', 'summarise'], { cwd: box.project, env: lugEnv(server, 'anthropic', box), stdin: 'line one\nline two\n' });
    expect(r.code).toBe(0);
    const messages = server.modelRequests()[0]!.body.messages;
    expect(JSON.stringify(messages)).toContain('summarise');
    expect(JSON.stringify(messages)).toContain('line one\\nline two');
  });

  it('resumes the newest session of the directory with --continue, and a given one with --resume', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('first answer'), text('second answer'), text('third answer')]);
    const env = lugEnv(server, 'openai', box);
    const first = await runLug(['-p', 'remember 42', '--output-format', 'json'], { cwd: box.project, env });
    const id = JSON.parse(first.stdout).session_id;
    const second = await runLug(['-p', 'what number?', '--continue'], { cwd: box.project, env });
    expect(second.code).toBe(0);
    const sent = JSON.stringify(server.modelRequests()[1]!.body.messages);
    expect(sent).toContain('remember 42');
    expect(sent).toContain('first answer');
    const third = await runLug(['-p', 'again', '--resume', id], { cwd: box.project, env });
    expect(third.code).toBe(0);
    expect(JSON.stringify(server.modelRequests()[2]!.body.messages)).toContain('what number?');
  });

  it('names the system prompt parts: directory, platform, date, AGENTS.md', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'AGENTS.md'), 'Always answer in French.');
    server = await startScriptedServer([text('ok')]);
    await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    const system = JSON.stringify(server.modelRequests()[0]!.body.system);
    expect(system).toContain(box.project);
    expect(system).toContain(process.platform);
    expect(system).toContain(new Date().toISOString().slice(0, 4));
    expect(system).toContain('Always answer in French.');
  });

  it('says which variable to set when the key is missing', async () => {
    const box = sandbox();
    const r = await runLug(['-p', 'hi', '--model', 'anthropic/claude-sonnet-4-5'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ANTHROPIC_API_KEY/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('names the known providers for an unknown one', async () => {
    const box = sandbox();
    const r = await runLug(['-p', 'hi', '--model', 'mistral/large'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('lug: unknown provider "mistral" in model "mistral/large"; the providers are: anthropic, openai\n');
  });

  it('says what is wrong with bad usage, exit 2', async () => {
    const box = sandbox();
    const env = { PATH: process.env.PATH, HOME: box.home };
    const bad = await runLug(['--approval', 'sometimes', '-p', 'x'], { cwd: box.project, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('lug: --approval must be one of off, policy, all, got "sometimes"\n');
    const unknown = await runLug(['--frobnicate'], { cwd: box.project, env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--frobnicate/);
  });

  it('prints its version and help', async () => {
    const box = sandbox();
    const v = await runLug(['--version'], { cwd: box.project, env: { PATH: process.env.PATH } });
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const h = await runLug(['--help'], { cwd: box.project, env: { PATH: process.env.PATH } });
    expect(h.stdout).toContain('--output-format');
  });
});

describe('lug -p --continue while another lug writes the session', () => {
  it('refuses the second, saying which process has it, and the first writes its turn alone', async () => {
    const box = sandbox();
    // The second run's answer comes 8 s late: the third run starts while the second writes the session, and the
    // second is still running after the few seconds a claim gives a lug that is closing.
    server = await startScriptedServer([text('First answer.'), delay(8_000, text('Second answer.')), text('never asked')]);
    const env = lugEnv(server, 'anthropic', box);
    expect((await runLug(['-p', 'one'], { cwd: box.project, env })).code).toBe(0);
    const second = runLug(['-p', 'two', '--continue'], { cwd: box.project, env });
    await waitUntil(() => server!.modelRequests().length === 2, 'the second run asking the model');
    const third = await runLug(['-p', 'three', '--continue'], { cwd: box.project, env });
    expect(third.code).toBe(1);
    expect(third.stderr).toMatch(/^lug: session \S+ is open in another lug \(process \d+\), which writes to it: go on there, or start a new session here/);
    expect((await second).code).toBe(0);
    expect(server.modelRequests()).toHaveLength(2);
    // Before, both wrote: the file read one, First answer, three, two, Second answer, …
    const dir = join(box.state, 'lug', 'sessions');
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    const said = readFileSync(join(dir, file!), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((r) => r.type === 'message').map((r) => (typeof r.message.content === 'string' ? r.message.content : r.message.content.map((p: { text?: string }) => p.text ?? '').join('')));
    expect(said).toEqual(['one', 'First answer.', 'two', 'Second answer.']);
    // The claim went with the run that held it.
    expect(readdirSync(dir).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });
});
