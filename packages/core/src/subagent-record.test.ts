/** A subagent's conversation in the session file: kept under its agent and parent call, read back, never sent to the parent's model; a damaged record fails safe. */
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { text, toolCall, turn } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import { Session } from './session.js';
import { SessionStore } from './session-store.js';
import { echoTool, hostWithSubagent } from './test-subagents.js';

function setup() {
  const { host, parent } = hostWithSubagent(
    [turn(toolCall('task', { prompt: 'find it' }, { id: 't1' })), text('Found.'), text('Second answer.')],
    [turn(text('Looking.'), toolCall('echo', { text: 'here' }, { id: 'c1' })), text('It is here.')],
    { name: 'scout', tools: ['echo'], model: 'small/s1' },
    [echoTool],
  );
  const store = new SessionStore(mkdtempSync(join(tmpdir(), 'lug-subagent-record-')));
  const session = new Session(host, { store, systemPrompt: 'SYSTEM' });
  return { host, parent, store, session };
}

const SCOUT_MESSAGES = [
  { role: 'user', content: 'find it' },
  { role: 'assistant', content: [{ type: 'text', text: 'Looking.' }, { type: 'tool_call', id: 'c1', name: 'echo', argsText: '{"text":"here"}' }] },
  { role: 'tool', results: [{ type: 'tool_result', callId: 'c1', name: 'echo', content: 'echo: here', isError: false }] },
  { role: 'assistant', content: [{ type: 'text', text: 'It is here.' }] },
];

describe("a subagent's conversation in the session file", () => {
  it('is one subagent record under its agent and parent call, read back by load and by the resumed session', async () => {
    const { session, store } = setup();
    await session.submit('where is it?');
    const stored = store.load(session.id);
    expect(stored.subagents).toEqual([{ agent: { id: 'scout-1', name: 'scout', label: 'scout', parentCallId: 't1' }, reason: 'done', messages: SCOUT_MESSAGES }]);
    expect(session.subagents).toEqual(stored.subagents);
    // The parent's conversation holds only the call and its answer.
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(JSON.stringify(stored.messages)).not.toContain('Looking.');
    const resumed = new Session(createHost({ cwd: '/project', env: {}, authorize: allowAll }), { store, id: session.id, messages: stored.messages, subagents: stored.subagents });
    expect(resumed.subagents).toEqual(stored.subagents);
  });

  it('is never sent to the parent model, after a resume either', async () => {
    const { session, store, host, parent } = setup();
    await session.submit('where is it?');
    const stored = store.load(session.id);
    session.resume(session.id, stored.messages, stored.usage, stored.cost, stored.compactions, 0, stored.hydrate, stored.state, stored.subagents);
    await session.submit('and then?');
    expect(JSON.stringify(parent.requests.at(-1)!.messages)).not.toMatch(/Looking\.|echo: here/);
    expect(host.tools.get('task')).toBeDefined();
  });

  it('is copied by a fork', async () => {
    const { session, store } = setup();
    await session.submit('where is it?');
    const from = session.fork();
    expect(store.load(session.id).subagents).toEqual(store.load(from).subagents);
    expect(store.load(session.id).subagents).toHaveLength(1);
  });

  it('goes with its call when the conversation is rewound to before it', async () => {
    const { session, store } = setup();
    await session.submit('where is it?');
    session.rewind(1);
    expect(session.subagents).toEqual([]);
    expect(store.load(session.id).subagents).toEqual([]);
  });

  it('a cut or malformed record is skipped with the notice, and the rest loads as before', async () => {
    const { session, store } = setup();
    await session.submit('where is it?');
    const path = store.pathOf(session.id);
    const whole = readFileSync(path, 'utf8').trim().split('\n').find((l) => l.startsWith('{"type":"subagent"'))!;
    appendFileSync(path, `${JSON.stringify({ type: 'subagent', agent: { id: 'x-1', name: 'x' }, reason: 'done', messages: [] })}\n`);
    appendFileSync(path, `${JSON.stringify({ type: 'subagent', agent: { id: 'y-1', name: 'y', label: 'y' }, reason: 'done', messages: [{ role: 'robot' }] })}\n`);
    appendFileSync(path, whole.slice(0, 40));
    const stored = store.load(session.id);
    expect(stored.subagents.map((s) => s.agent.id)).toEqual(['scout-1']);
    expect(stored.messages).toHaveLength(4);
    expect(stored.notice).toMatch(/skipped 3 lines that are not a valid record: line \d+ \(a subagent's agent\.label must be a non-empty string, got nothing\), line \d+ \(a subagent's message 1: .*\), line \d+ \(not valid JSON/);
  });
});
