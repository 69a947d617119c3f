/**
 * Subagents through the real binary, with the scripted model server: two
 * agents defined in init.lua, handed a job each by the task tool in one
 * answer, run at once, each offered only its own tools; their calls are asked
 * in the dialog with their label (over ACP, the editor is shown them and
 * asked about them); only their final answers reach the parent conversation.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, toolsOf, turn, type RecordedRequest, type ReplyPart, type ScenarioEntry, type ScriptedServer, type Step } from '@lug/testing';
import { agentText, closeEditors, selected, startEditor, type AcpEditor } from './acp-client.js';
import { LUG_BIN, lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';
import { hasTmux, TmuxScreen } from './tmux.js';

let server: ScriptedServer | undefined;
let screen: TmuxScreen | undefined;
let editor: AcpEditor | undefined;
afterEach(async () => {
  screen?.kill();
  const problems = await closeEditors([editor]);
  editor = undefined;
  await server?.close();
  screen = server = undefined;
  expect(problems).toEqual([]);
});

const INIT = `
lug.agent.define("reader", { description = "Reads files with bash", tools = { "bash" }, prompt = "Read, then report." })
lug.agent.define("writer", { description = "Writes files", tools = { "write" } })
`;

/** Whose request it is: a subagent's system prompt names it. */
function whose(request: RecordedRequest): string {
  const m = /You are the subagent \\?"(\w+)\\?"/.exec(JSON.stringify(request.body?.system ?? request.body?.messages ?? ''));
  return m?.[1] ?? 'parent';
}

/** One script per conversation, each request answered from the script of whoever sent it (the subagents' requests come in any order). */
function routed(scripts: Record<string, Array<Step | ReplyPart>>): ScenarioEntry[] {
  const total = Object.values(scripts).reduce((n, s) => n + s.length, 0);
  return Array.from({ length: total }, () => (request: RecordedRequest) => {
    const next = scripts[whose(request)]?.shift();
    if (!next) throw new Error(`no step left for ${whose(request)}`);
    return next;
  });
}

const SCRIPTS = () => ({
  parent: [
    turn(toolCall('task', { agent: 'reader', prompt: 'What does a.txt say?' }, { id: 't1' }), toolCall('task', { agent: 'writer', prompt: 'Write "hi" to b.txt' }, { id: 't2' })),
    text('a.txt says hello, and b.txt is written.'),
  ],
  reader: [turn(text('Reading.'), toolCall('bash', { command: 'cat a.txt' }, { id: 'r1' })), text('a.txt says hello')],
  writer: [turn(toolCall('write', { path: 'b.txt', content: 'hi\n' }, { id: 'w1' })), text('wrote b.txt')],
});

function project() {
  const box = sandbox(INIT);
  writeFileSync(join(box.project, 'a.txt'), 'hello\n');
  return box;
}

/** The parent's and each subagent's requests, checked: own tools, own context, only final answers in the parent. */
function checkConversations(requests: RecordedRequest[]) {
  const of = (who: string) => requests.filter((r) => whose(r) === who);
  expect(of('reader').map((r) => toolsOf(r).map((t) => t.name))).toEqual([['bash'], ['bash']]);
  expect(of('writer').map((r) => toolsOf(r).map((t) => t.name))).toEqual([['write'], ['write']]);
  expect(JSON.stringify(of('reader')[0]!.body.messages)).toContain('What does a.txt say?');
  expect(JSON.stringify(of('reader')[0]!.body.messages)).not.toContain('b.txt');
  const [, last] = of('parent');
  expect(toolResultsIn(last!)).toEqual([
    { id: 't1', content: 'a.txt says hello' },
    { id: 't2', content: 'wrote b.txt' },
  ]);
  expect(JSON.stringify(last!.body.messages)).not.toMatch(/Reading\.|cat a\.txt|hello\\n/);
}

describe('two subagents through the real binary', () => {
  it('headless with --auto: run, each with its own tools, and only their answers reach the parent; the log names them', async () => {
    const box = project();
    server = await startScriptedServer(routed(SCRIPTS()));
    const r = await runLug(['-p', 'read a.txt and write b.txt', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('a.txt says hello, and b.txt is written.\n');
    expect(readFileSync(join(box.project, 'b.txt'), 'utf8')).toBe('hi\n');
    checkConversations(server.modelRequests());
    const log = readFileSync(join(box.state, 'lug', 'approvals.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(log.map((l) => [l.agent ?? '(parent)', l.tool, l.call]).sort()).toEqual([
      ['(parent)', 'task', 't1'],
      ['(parent)', 'task', 't2'],
      ['reader', 'bash', 'reader-1/r1'],
      ['writer', 'write', 'writer-1/w1'],
    ]);
  });

  it('over ACP: their calls reach the editor as tool calls titled with their label, and a permission request names the call it was shown', async () => {
    const box = project();
    server = await startScriptedServer(routed(SCRIPTS()));
    const e = (editor = await startEditor({ cwd: box.project, env: lugEnv(server, 'anthropic', box), args: [] }));
    const { sessionId } = await e.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    e.onPermission(() => selected('allow_once'));
    const response = await e.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read a.txt and write b.txt' }] });
    expect(response.stopReason).toBe('end_turn');
    const calls = e.updates.map((n) => n.update).filter((u): u is acp.ToolCall & { sessionUpdate: 'tool_call' } => u.sessionUpdate === 'tool_call');
    expect(calls.map((c) => [c.toolCallId, c.title]).sort()).toEqual([
      ['reader-1/r1', 'reader: bash cat a.txt'],
      ['t1', expect.stringMatching(/^task/)],
      ['t2', expect.stringMatching(/^task/)],
      ['writer-1/w1', 'writer: write b.txt'],
    ]);
    // Every call the editor was asked about is one it was shown, and each ended.
    const shown = new Set(calls.map((c) => c.toolCallId));
    expect(e.permissionRequests.map((r) => r.toolCall.toolCallId).filter((id) => id.includes('/')).sort()).toEqual(['reader-1/r1', 'writer-1/w1']);
    expect(e.permissionRequests.every((r) => shown.has(r.toolCall.toolCallId))).toBe(true);
    const ended = e.updates.map((n) => n.update).filter((u) => u.sessionUpdate === 'tool_call_update' && (u.status === 'completed' || u.status === 'failed')).map((u) => (u as acp.ToolCallUpdate).toolCallId);
    expect(ended.sort()).toEqual(['reader-1/r1', 't1', 't2', 'writer-1/w1']);
    expect(readFileSync(join(box.project, 'b.txt'), 'utf8')).toBe('hi\n');
    // Their text stays theirs: the editor's message is the parent's answer.
    expect(agentText(e.updates)).toBe('a.txt says hello, and b.txt is written.');
  });

  describe.skipIf(!hasTmux())('in a real terminal', () => {
    it('asks both calls in the dialog, each labelled with its subagent, while both wait at once', async () => {
      const box = project();
      server = await startScriptedServer(routed(SCRIPTS()));
      const s = (screen = new TmuxScreen());
      await s.startLug(server, box, { env: { CI: 'true' }, width: 110, height: 40 });
      await s.submit('read a.txt and write b.txt');
      const labels: string[] = [];
      // Both subagents ask at once: the first dialog says one more call waits behind it.
      const first = await s.waitFor(/subagent (reader|writer) › \w+ wants to (run|change)[^\n]*1 more waiting/, 20_000);
      labels.push(/subagent (reader|writer) ›/.exec(first)![1]!);
      expect(first).toMatch(/↳ . reader/);
      expect(first).toMatch(/↳ . writer/);
      s.type('y');
      const other = labels[0] === 'reader' ? 'writer' : 'reader';
      const second = await s.waitFor(new RegExp(`subagent ${other} › \\w+ wants to`), 20_000);
      labels.push(/subagent (reader|writer) ›/.exec(second)![1]!);
      s.type('y');
      await s.waitFor(/a\.txt says hello, and b\.txt is written\./, 20_000);
      expect(labels.sort()).toEqual(['reader', 'writer']);
      const done = await s.waitFor(/↳ ✓ writer {2}done · 1 call/, 10_000);
      expect(done).toMatch(/↳ ✓ reader {2}done · 1 call/);
      checkConversations(server.modelRequests());
    });
  });
});

describe("subagents' conversations in the session file", () => {
  const records = (box: ReturnType<typeof sandbox>) => {
    const dir = join(box.state, 'lug', 'sessions');
    return readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  };

  it('keeps each one under its agent and parent call, apart from the parent messages, and --continue sends none of it', async () => {
    const box = project();
    server = await startScriptedServer([...routed(SCRIPTS()), text('Still hello.')]);
    const env = lugEnv(server, 'anthropic', box);
    expect((await runLug(['-p', 'read a.txt and write b.txt', '--auto'], { cwd: box.project, env })).code).toBe(0);
    const subagents = records(box).filter((r) => r.type === 'subagent');
    expect(subagents.map((r) => [r.agent.id, r.agent.parentCallId, r.reason, r.messages.map((m: { role: string }) => m.role).join(' ')]).sort()).toEqual([
      ['reader-1', 't1', 'done', 'user assistant tool assistant'],
      ['writer-1', 't2', 'done', 'user assistant tool assistant'],
    ]);
    expect(JSON.stringify(records(box).filter((r) => r.type === 'message'))).not.toContain('cat a.txt');
    const again = await runLug(['-c', '-p', 'and now?', '--auto'], { cwd: box.project, env });
    expect(again.code).toBe(0);
    expect(JSON.stringify(server.modelRequests().at(-1)!.body.messages)).not.toMatch(/Reading\.|cat a\.txt/);
  });

  it.skipIf(!hasTmux())('--continue in the interface draws them again under their calls', async () => {
    const box = project();
    server = await startScriptedServer(routed(SCRIPTS()));
    expect((await runLug(['-p', 'read a.txt and write b.txt', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) })).code).toBe(0);
    const s = (screen = new TmuxScreen());
    s.start([process.execPath, LUG_BIN, '-c'], { cwd: box.project, env: { ...lugEnv(server, 'anthropic', box), CI: 'true' }, width: 110, height: 40 });
    const shown = await s.waitFor(/↳ ✓ writer {2}done · 1 call/, 20_000);
    expect(shown).toMatch(/↳ ✓ reader {2}done · 1 call/);
  });
});

describe("a subagent's cost, through the real binary", () => {
  // $1 a million input tokens: each request's cost is its millions of input tokens.
  const PRICES = 'lug.opt.prices = { ["anthropic/claude-sonnet-5-5"] = { input = 1, output = 0 } }\n';
  const M = 1_000_000;
  const scripts = () => ({
    parent: [turn(toolCall('task', { agent: 'reader', prompt: 'What does a.txt say?' }, { id: 't1' }), { usage: { inputTokens: M, outputTokens: 0 } }), turn(text('It says hello.'), { usage: { inputTokens: M, outputTokens: 0 } })],
    reader: [turn(toolCall('bash', { command: 'cat a.txt' }, { id: 'r1' }), { usage: { inputTokens: 2 * M, outputTokens: 0 } }), turn(text('a.txt says hello'), { usage: { inputTokens: 3 * M, outputTokens: 0 } })],
  });
  const toolResults = (box: ReturnType<typeof sandbox>) => {
    const dir = join(box.state, 'lug', 'sessions');
    const lines = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    return lines.filter((l) => l.type === 'message' && l.message.role === 'tool').flatMap((l) => l.message.results.map((r: { callId: string; content: string }) => [r.callId, r.content]));
  };

  it("counts in the session's tokens and cost_usd", async () => {
    const box = sandbox(INIT + PRICES);
    writeFileSync(join(box.project, 'a.txt'), 'hello\n');
    server = await startScriptedServer(routed(scripts()));
    const r = await runLug(['-p', 'read a.txt', '--auto', '--output-format', 'json'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.usage.input_tokens).toBe(7 * M);
    expect(out.cost_usd).toBeCloseTo(7);
  });

  it('is held by lug.opt.max_cost: the subagent stops before its next request and says so; the parent stops, exit 1', async () => {
    const box = sandbox(INIT + PRICES + 'lug.opt.max_cost = 2.5\n');
    writeFileSync(join(box.project, 'a.txt'), 'hello\n');
    server = await startScriptedServer(routed(scripts()));
    const r = await runLug(['-p', 'read a.txt', '--auto', '--output-format', 'json'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ reason: 'max_cost', message: 'stopped: this session has cost $3.00, more than lug.opt.max_cost ($2.5); raise lug.opt.max_cost to go on' });
    expect(server.modelRequests().map(whose)).toEqual(['parent', 'reader']);
    expect(toolResults(box)).toEqual([
      ['t1', 'the agent reader stopped (max_cost): it stopped before its next model request: this session, with its subagents, has cost $3.00, more than lug.opt.max_cost ($2.5); raise lug.opt.max_cost to go on'],
    ]);
  });
});
